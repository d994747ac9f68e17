import CaptureEngine
import Testing

@Suite struct InputValidationTests {
    @Test func timeGoingBackwardsIsRejectedAndLeavesTheSessionUnchanged() throws {
        var session = CaptureSession()
        _ = try session.step(SessionInput(time: 2, .frame(CameraFrame(transform: ScriptedInputs.pose()))))
        let before = session.record
        #expect(throws: SessionInputError.timeWentBackwards(previous: 2, got: 1)) {
            try session.step(SessionInput(time: 1, .user(.recordPressed)))
        }
        #expect(session.record == before)
        #expect(session.phase == .ready)
    }

    @Test func nonFiniteTimeIsRejected() {
        var session = CaptureSession()
        #expect(throws: SessionInputError.self) {
            try session.step(SessionInput(time: .nan, .user(.recordPressed)))
        }
    }

    @Test func errorMessageNamesBothTimes() {
        let error = SessionInputError.timeWentBackwards(previous: 2, got: 1.5)
        #expect(error.description == "input time 1.500000 s is before the previous input's 2.000000 s")
    }

    @Test func nonFinitePoseBeforeRecordingIsIgnored() throws {
        var s = ScriptedInputs()
        var bad = ScriptedInputs.pose()
        bad.rotation = Quaternion(x: .nan, y: 0, z: 0, w: 1)
        s.hold(0.5, bad)
        s.hold(0.5)
        #expect(try stamps(s) == [Stamp(0.5, 0)])
    }

    @Test func sameInputsGiveTheSameEventsAndRecord() throws {
        var s = ScriptedInputs()
        s.system(SystemSample(thermal: .nominal, activeProcessors: 6, processorCount: 6))
        s.startRecording()
        for k in 0..<20 {
            s.walk(2, from: SIMD3(Double(k), 1.4, 0), velocity: SIMD3(k % 2 == 0 ? -0.6 : 0.6, 0, 0))
            s.frames(1) { dt in ScriptedInputs.pose(heading: 150 * dt, pitch: k % 3 == 0 ? -70 : -20) }
            s.hold(1, depth: uniformDepth(k % 4 == 0 ? 0.2 : 2))
        }
        s.stop()
        let a = try run(s, storage: NullScanStorage())
        let b = try run(s, storage: NullScanStorage())
        #expect(a.events.count > 30)
        #expect(a.events == b.events)
        #expect(a.driver.session.record == b.driver.session.record)
    }

    @Test func recordsThatDifferInAnyStoredFieldAreNotEqual() {
        let base = SessionRecord()
        let changes: [(String, (inout SessionRecord) -> Void)] = [
            ("recordedFrameCount", { $0.recordedFrameCount = 1 }),
            ("recordedSeconds", { $0.recordedSeconds = 1 }),
            ("normalTrackingSeconds", { $0.normalTrackingSeconds = 1 }),
            ("activeProcessors", { $0.activeProcessors = 4 }),
            ("processorCount", { $0.processorCount = 6 }),
            ("thermalHistory", { $0.thermalHistory = [(time: 0, state: .fair)] }),
        ]
        for (field, change) in changes {
            var other = base
            change(&other)
            #expect(other != base, "\(field)")
        }
    }
}
