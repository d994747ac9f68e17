import CaptureEngine
import Testing

/// `drift.action`: what drift does (docs/engine.md, "Rule provenance (2.10)", code 13). The default,
/// `profile`, aborts under 2.10 (seed 000's code table: 13 "The scan files will be deleted") and
/// relocates under 3.1 (129/130 "forcing a relocation"); `relocate` under 2.10 follows seed 000's 2.8.1
/// and 2.5.0 notes.
@Suite struct DriftActionTests {
    private func afterStart(_ s: [Stamp]) -> [Stamp] { Array(s.drop { $0.code == 0 || $0.code == 1 }) }
    private var relocating: SessionConfiguration {
        var c = SessionConfiguration()
        c.thresholds.drift.action = .relocate
        return c
    }

    @Test func byDefaultDriftAbortsUnder210() throws {
        let (events, driver) = try run(Scenarios.drift(jumpMeters: 11), storage: NullScanStorage())
        #expect(afterStart(events.map { Stamp($0.time, $0.code) }) == [Stamp(1.5, 13), Stamp(1.5, 15), Stamp(1.5, 5)])
        #expect(events.first { $0.code == 13 }?.severity == .error)
        #expect(driver.session.phase == .aborted)
    }

    @Test func relocatingDriftIsAWarningThatRecoversWith28AndSetsTheTrackingFlag() throws {
        // The position jumps 11 m for one frame and comes back: relocated at the next frame.
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(2)
        s.hold(ScriptedInputs.frameInterval, ScriptedInputs.pose(x: 11))
        s.hold(1)
        let (events, driver) = try run(s, configuration: relocating, storage: NullScanStorage())
        #expect(afterStart(events.map { Stamp($0.time, $0.code) }) == [Stamp(2.5, 13), Stamp(2.5 + ScriptedInputs.frameInterval, 28)])
        #expect(events.first { $0.code == 13 }?.severity == .warning)
        #expect(driver.session.record.relocations.map(\.cause) == [.drift])
        #expect(driver.session.record.trackingFlag)
        #expect(driver.session.phase == .recording)
    }

    @Test func relocatingDriftThatStaysTimesOutWith80() throws {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(2)
        s.hold(61, ScriptedInputs.pose(x: 11))
        #expect(afterStart(try stamps(s, configuration: relocating)) == [Stamp(2.5, 13), Stamp(62.5, 80), Stamp(62.5, 15), Stamp(62.5, 5)])
    }

    @Test func theActionIsSetByNameAndAnUnknownNameIsRefused() throws {
        #expect(try Thresholds().applying(assignment: "drift.action=relocate").drift.action == .relocate)
        #expect(try Thresholds().applying(assignment: "drift.action = abort").drift.action == .abort)
        #expect(throws: ThresholdOverrideError("--set drift.action=skip: 'drift.action' must be one of profile, abort, relocate")) {
            try Thresholds().applying(assignment: "drift.action=skip")
        }
        #expect(Thresholds().drift.action == .profile)
    }
}
