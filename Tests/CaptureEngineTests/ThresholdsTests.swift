import CaptureEngine
import Testing

@Suite struct ThresholdsTests {
    @Test func documentedDefaults() {
        let t = Thresholds()
        #expect(t.drift.meters == 10 && t.drift.intervalSeconds == 2)
        #expect(t.relocation.timeoutSeconds == 60)
        #expect(t.storage.warningMinutes == 10)
        #expect(t.speech.maximumLabelLength == 40)
    }

    @Test func setOverridesOneField() throws {
        let t = try Thresholds().applying(assignment: "fastRotation.degreesPerSecond=120")
        #expect(t.fastRotation.degreesPerSecond == 120)
        #expect(t.fastRotation.windowSeconds == 0.5)
    }

    @Test func partialJSONOverridesOnlyWhatItNames() throws {
        let t = try Thresholds().applying(jsonText: #"{"ceiling": {"enabledOnLiDAR": true}, "relocation": {"maximumKeyframes": 8}}"#,
                                          source: "t.json")
        #expect(t.ceiling.enabledOnLiDAR)
        #expect(t.relocation.maximumKeyframes == 8)
        #expect(t.floor == Thresholds.Floor())
    }

    @Test func unknownKeyIsAnErrorNamingIt() {
        #expect(throws: ThresholdOverrideError("--set drift.metres=3: unknown threshold 'drift.metres'; see `capture-sim thresholds` for the keys")) {
            try Thresholds().applying(assignment: "drift.metres=3")
        }
    }

    @Test func wrongTypeIsAnErrorNamingTheKey() {
        #expect(throws: ThresholdOverrideError("t.json: 'drift.meters' must be a number")) {
            try Thresholds().applying(jsonText: #"{"drift": {"meters": "far"}}"#, source: "t.json")
        }
    }

    @Test func printedJSONLoadsBackToTheSameValue() throws {
        var t = Thresholds()
        t.sideways.holdSeconds = 1.25
        #expect(try Thresholds().applying(jsonText: t.jsonText(), source: "x") == t)
    }

    @Test func keyPathsListEveryField() {
        #expect(Thresholds.keyPaths.contains("fastRotation.degreesPerSecond"))
        #expect(Thresholds.keyPaths.contains("relocation.timeoutSeconds"))
        #expect(Thresholds().value(at: "drift.meters") == 10)
        #expect(Thresholds().value(at: "ceiling.enabledOnLiDAR") == 0)
    }
}
