import CaptureEngine
import JSONSupport
import Testing

/// Thresholds set by type (`Thresholds.setting(_:to:)`) and the one override applier every command and
/// the threshold walk use (`ThresholdOverrides`), always validated.
@Suite struct ThresholdSettingTests {
    private func field(_ key: String) throws -> ThresholdField { try #require(Thresholds.fieldsByKey[key]) }

    @Test func aNumberIsSetAsItIsAndCheckedAgainstItsRange() throws {
        let t = try Thresholds().setting(try field("fastRotation.degreesPerSecond"), to: 120.0625)
        #expect(t.fastRotation.degreesPerSecond == 120.0625)
        #expect(throws: ThresholdOverrideError("--param x: fastRotation.windowSeconds must be in (0, 60], found 0")) {
            try Thresholds().setting(try field("fastRotation.windowSeconds"), to: 0, source: "--param x")
        }
        #expect(throws: ThresholdOverrideError("'relocation.maximumKeyframes' must be a whole number")) {
            try Thresholds().setting(try field("relocation.maximumKeyframes"), to: 2.5)
        }
        // A whole number beyond the range is refused with the range, before it is made an Int.
        #expect(throws: ThresholdOverrideError("relocation.maximumKeyframes must be in [1, 1000000], found 9223372036854775808")) {
            try Thresholds().setting(try field("relocation.maximumKeyframes"), to: 9223372036854775807)
        }
        #expect(throws: ThresholdOverrideError("'ceiling.enabledOnLiDAR' must be true or false")) {
            try Thresholds().setting(try field("ceiling.enabledOnLiDAR"), to: 1)
        }
    }

    /// A factor multiplies the value in force; a whole-number key takes the rounded product, only when
    /// the product is within its range.
    @Test func aFactorScalesTheValueInForce() throws {
        let keyframes = try field("relocation.maximumKeyframes")
        #expect(try Thresholds().setting(keyframes, scaledBy: 1.1).relocation.maximumKeyframes == 563)
        #expect(throws: ThresholdOverrideError.self) { try Thresholds().setting(keyframes, scaledBy: 1e-4) }
        let meters = try field("drift.meters")
        #expect(try Thresholds().setting(meters, scaledBy: 1.1) == (try Thresholds().applying(assignment: "drift.meters=1.1x")))
    }

    @Test func anAssignmentParsesIntoAFieldAndATypedValue() throws {
        #expect(try ThresholdAssignment(parsing: "drift.meters=1.1x").value == .factor(1.1))
        #expect(try ThresholdAssignment(parsing: "ceiling.enabledOnLiDAR=true").value == .flag(true))
        #expect(try ThresholdAssignment(parsing: " drift.action = relocate ").value == .choice("relocate"))
        #expect(try ThresholdAssignment(parsing: "speech.maximumLabelLength=12").value == .number(12))
        #expect(throws: ThresholdOverrideError("--set drift.metres=3: unknown threshold 'drift.metres'; did you mean 'drift.meters'?; see `capture-sim thresholds` for the keys")) {
            try ThresholdAssignment(parsing: "drift.metres=3")
        }
    }

    /// The applier validates the whole: a relation between keys broken by the assignments is an error of
    /// the assignments; a bad file is an error of the file.
    @Test func theOverridesAreAlwaysValidatedAndSayWhereTheProblemIs() throws {
        let slow = try ThresholdOverrides(assignments: ["sideways.exitSpeedMetersPerSecond=0.3"])
        #expect {
            try slow.apply(to: Thresholds())
        } throws: { error in
            let e = error as? ThresholdOverrideError
            return e?.origin == .assignment && e?.description.hasPrefix("--set: sideways.exitSpeedMetersPerSecond (0.3) must not be above") == true
        }
        let file = ThresholdOverrides(file: (name: "t.json", text: #"{"drift": {"meters": "far"}}"#))
        #expect {
            try file.apply(to: Thresholds())
        } throws: { error in
            (error as? ThresholdOverrideError).map { $0.origin == .file && $0.description == "t.json: 'drift.meters' must be a number" } ?? false
        }
        let both = try ThresholdOverrides(file: (name: "t.json", text: #"{"drift": {"meters": 5}}"#), assignments: ["drift.meters=2x"])
        #expect(try both.apply(to: Thresholds()).drift.meters == 10)
        #expect(try ThresholdOverrides().apply(to: Thresholds()) == Thresholds())
    }

    @Test func aRetiredKeyIsRefusedWithWhyFromUsersAndIgnoredInABundle() throws {
        // storage.estimateBytesPerSecond went with issue 48: the rate at start is the recording's own.
        #expect {
            try Thresholds().applying(assignment: "storage.estimateBytesPerSecond=1e6")
        } throws: { error in
            "\(error)".contains("'storage.estimateBytesPerSecond' is no longer a threshold: the minutes of storage at start assume")
        }
        let old = JSONValue.object([("storage", .object([("estimateBytesPerSecond", .number(8_872_200)), ("warningMinutes", .number(5))]))])
        #expect(throws: ThresholdOverrideError.self) { try Thresholds().applying(json: old) }
        #expect(try Thresholds().applying(json: old, ignoringRetired: true).storage.warningMinutes == 5)
    }
}
