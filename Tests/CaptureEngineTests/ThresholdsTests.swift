import CaptureEngine
import Foundation
import JSONSupport
import Testing

@Suite struct ThresholdsTests {
    @Test func theKeyTableHoldsEveryEncodedFieldOnceAndReadsItsValue() throws {
        // The Codable encoding (what `capture-sim thresholds` prints) is the independent list of fields.
        var changed = Thresholds()
        for (i, field) in Thresholds.fields.enumerated() {
            switch field.place {
            case .number(let path): changed[keyPath: path] = 1000 + Double(i)
            case .wholeNumber(let path): changed[keyPath: path] = 1000 + i
            case .flag(let path): changed[keyPath: path].toggle()
            case .driftAction(let path): changed[keyPath: path] = .relocate
            }
        }
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(changed)) as? [String: [String: Any]])
        var encoded: [String: Double] = [:]
        for (group, members) in object {
            for (name, value) in members {
                let key = "\(group).\(name)"
                if let name = value as? String, let choices = Thresholds.fieldsByKey[key]?.choices {
                    encoded[key] = choices.firstIndex(of: name).map(Double.init)
                } else {
                    encoded[key] = (value as? Bool).map { $0 ? 1 : 0 } ?? (value as? NSNumber)?.doubleValue
                }
            }
        }
        #expect(Set(encoded.keys) == Set(Thresholds.keyPaths))
        #expect(Thresholds.keyPaths.count == Thresholds.fields.count)
        for field in Thresholds.fields { #expect(encoded[field.key] == field.value(in: changed), "\(field.key)") }
    }

    @Test func aFieldOfTheWrongKindNamesTheKindItTakes() {
        #expect(throws: ThresholdOverrideError("f: 'speech.maximumLabelLength' must be a whole number")) {
            try Thresholds().applying(json: .object([("speech", .object([("maximumLabelLength", .number(2.5))]))]), source: "f")
        }
        #expect(throws: ThresholdOverrideError("f: 'ceiling.enabledOnLiDAR' must be true or false")) {
            try Thresholds().applying(json: .object([("ceiling", .object([("enabledOnLiDAR", .int(1))]))]), source: "f")
        }
        #expect(throws: ThresholdOverrideError("f: 'drift.action' must be one of profile, abort, relocate")) {
            try Thresholds().applying(json: .object([("drift", .object([("action", .string("ignore"))]))]), source: "f")
        }
        #expect(throws: ThresholdOverrideError("f: 'ceiling' must be an object")) {
            try Thresholds().applying(json: .object([("ceiling", .int(1))]), source: "f")
        }
    }

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

    @Test func aFactorWithXMultipliesTheDefault() throws {
        let t = try Thresholds().applying(assignment: "drift.meters=1.1x")
        #expect(abs(t.drift.meters - 11) < 1e-9)
        // A whole-number key takes the rounded product.
        let k = try Thresholds().applying(assignment: "relocation.maximumKeyframes=0.9x")
        #expect(k.relocation.maximumKeyframes == 461)
        #expect(throws: ThresholdOverrideError("--set drift.meters=ax: 'ax' is not a finite factor such as 1.1x")) {
            try Thresholds().applying(assignment: "drift.meters=ax")
        }
    }

    @Test func partialJSONOverridesOnlyWhatItNames() throws {
        let t = try Thresholds().applying(jsonText: #"{"ceiling": {"enabledOnLiDAR": true}, "relocation": {"maximumKeyframes": 8}}"#,
                                          source: "t.json")
        #expect(t.ceiling.enabledOnLiDAR)
        #expect(t.relocation.maximumKeyframes == 8)
        #expect(t.floor == Thresholds.Floor())
    }

    @Test func unknownKeyIsAnErrorNamingIt() {
        #expect(throws: ThresholdOverrideError("--set drift.metres=3: unknown threshold 'drift.metres'; did you mean 'drift.meters'?; see `capture-sim thresholds` for the keys")) {
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

@Suite struct ThresholdRangeTests {
    @Test func everyNumericKeyHasARangeAndTheDefaultsAreInside() {
        let numeric = Thresholds.keyPaths.filter { !["ceiling.enabledOnLiDAR", "drift.action"].contains($0) }
        #expect(Set(numeric) == Set(Thresholds.fields.filter { $0.range != nil }.map(\.key)))
        #expect(Thresholds().problems == [])
    }

    @Test func aValueOutsideItsRangeIsRefusedNamingKeyValueAndRange() {
        #expect(throws: ThresholdOverrideError("--set fastRotation.windowSeconds=0: fastRotation.windowSeconds must be in (0, 60], found 0")) {
            try Thresholds().applying(assignment: "fastRotation.windowSeconds=0")
        }
        #expect(throws: ThresholdOverrideError("--set relocation.timeoutSeconds=-5: relocation.timeoutSeconds must be in (0, 14400], found -5")) {
            try Thresholds().applying(assignment: "relocation.timeoutSeconds=-5")
        }
        #expect(throws: ThresholdOverrideError("t.json: proximity.nearFraction must be in [0, 1], found 1.5")) {
            try Thresholds().applying(jsonText: #"{"proximity": {"nearFraction": 1.5}}"#, source: "t.json")
        }
        #expect(throws: ThresholdOverrideError("--set relocation.maximumKeyframes=0: relocation.maximumKeyframes must be in [1, 1000000], found 0")) {
            try Thresholds().applying(assignment: "relocation.maximumKeyframes=0")
        }
    }

    @Test func aFactorThatLeavesTheRangeIsRefusedNotRounded() throws {
        #expect(throws: ThresholdOverrideError.self) {
            try Thresholds().applying(assignment: "sideways.lateralFraction=1.5x")
        }
        #expect(try Thresholds().applying(assignment: "relocation.maximumKeyframes=1.1x").relocation.maximumKeyframes == 563)
    }

    /// Within 45 degrees no gravity direction is near two axes at once; the exit angle, which could
    /// never decide (docs/engine.md), is no threshold.
    @Test func enterAngleStaysWithinHalfARightAngleAndThereIsNoExitAngle() throws {
        #expect(throws: ThresholdOverrideError("--set orientation.enterDegrees=60: orientation.enterDegrees must be in (0, 45], found 60")) {
            try Thresholds().applying(assignment: "orientation.enterDegrees=60")
        }
        #expect(throws: ThresholdOverrideError.self) {
            try Thresholds().applying(jsonText: #"{"orientation": {"exitDegrees": 50}}"#, source: "t.json")
        }
    }

    @Test func everyRangeAcceptsItsBoundsAndRefusesBeyond() {
        for field in Thresholds.fields {
            guard let range = field.range else { continue }
            let key = field.key
            #expect(range.contains(range.upper), "\(key)")
            #expect(!range.contains(range.upper.nextUp), "\(key)")
            #expect(range.contains(range.lower) != range.lowerIsExclusive, "\(key)")
            #expect(!range.contains(range.lower.nextDown), "\(key)")
            #expect(!range.contains(.nan) && !range.contains(.infinity), "\(key)")
        }
    }
}
