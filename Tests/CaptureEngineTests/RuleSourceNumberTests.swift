@testable import CaptureEngine
import Testing

/// The rules `codes --sources` prints take their numbers from the thresholds, not from hand-written text.
@Suite struct RuleSourceNumberTests {
    @Test func aChangedThresholdChangesTheRuleThatStatesIt() throws {
        var t = Thresholds()
        t.fastRotation.degreesPerSecond = 123
        t.floor.pitchDegrees = -60
        t.frames.notReceivingSeconds = 3.5
        let fastTurn = try #require(RuleSource.rules2_10(t).first { $0.codes == "87" })
        #expect(fastTurn.rule.contains("above 123 deg/s") && !fastTurn.rule.contains("90"))
        let floor = try #require(RuleSource.rules2_10(t).first { $0.codes == "21, 23" })
        #expect(floor.rule.hasPrefix("pitch below -60 deg for 1.5 s -> 21; back above -55 deg (5 deg of hysteresis)"))
        let frames = try #require(RuleSource.rules3_1(t).first { $0.codes == "62" })
        #expect(frames.rule.hasPrefix("recording: no camera frame for 3.5 s -> 62"))
    }

    @Test func theDefaultsPrintAsTheyAlwaysHave() {
        #expect(RuleSource.n(90) == "90" && RuleSource.n(-55) == "-55" && RuleSource.n(1.5) == "1.5" && RuleSource.n(0.25) == "0.25")
        #expect(RuleSource.v2_10 == RuleSource.rules2_10(Thresholds()))
    }
}
