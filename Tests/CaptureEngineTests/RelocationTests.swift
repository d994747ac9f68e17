import CaptureEngine
import Testing

@Suite struct RelocationTests {
    private func afterStart(_ s: [Stamp]) -> [Stamp] { Array(s.drop { $0.code == 0 || $0.code == 1 }) }

    @Test func relocationRecoveredAt59Point9SecondsEmits28() throws {
        let lost = 59.90625
        #expect(afterStart(try stamps(Scenarios.relocation(lostSeconds: lost))) == [Stamp(5.0 + lost, 28)])
    }

    @Test func relocationNotRecoveredIn60SecondsTimesOutWith80() throws {
        #expect(afterStart(try stamps(Scenarios.relocation(lostSeconds: 60))) == [
            Stamp(65, 80), Stamp(65, 15), Stamp(65, 5),
        ])
    }

    @Test func relocationNeedsToBeNearAKeyframe() throws {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(4.5)
        s.hold(2, tracking: .notAvailable)
        s.hold(2, ScriptedInputs.pose(x: 3))
        s.hold(1, ScriptedInputs.pose(x: 0.5))
        #expect(afterStart(try stamps(s)) == [Stamp(9.0, 28)])
    }

    /// SDK 2.8.1 notes: the tracking flag "only keeps track of SDK-initiated relocation (coming back
    /// from background, or drift detected), not ARKit-internal relocation".
    @Test func trackingFlagCountsTheRelocationAfterBackgroundNotAfterARKitTrackingLoss() throws {
        let (_, lost) = try run(Scenarios.relocation(lostSeconds: 2), storage: NullScanStorage())
        #expect(!lost.session.record.trackingFlag)
        #expect(lost.session.record.relocations == [RelocationRecord(cause: .trackingLost, start: 5, end: 7, recovered: true)])
        let (_, background) = try run(Scenarios.background(), storage: NullScanStorage())
        #expect(background.session.record.relocations.first?.cause == .background)
        #expect(background.session.record.trackingFlag)
    }

    @Test func trackingLostBeforeAnySnapshotEmits82AndAborts() throws {
        #expect(afterStart(try stamps(Scenarios.relocationWithoutSnapshot())) == [
            Stamp(1.0, 82), Stamp(1.0, 15), Stamp(1.0, 5),
        ])
    }

    /// Without a recorded frame there is no keyframe either: 82 ("No snapshot for relocation"). 81 ("No
    /// configuration found!"; 3.1.3: "internal iOS error") stands for no input and is never emitted.
    @Test func backgroundBeforeAnyRecordedFrameEmits82() throws {
        #expect(afterStart(try stamps(Scenarios.backgroundBeforeAnyFrame())) == [
            Stamp(2.5, 82), Stamp(2.5, 15), Stamp(2.5, 5),
        ])
    }

    @Test func backgroundWithResumeRelocatesOnReturn() throws {
        let (events, driver) = try run(Scenarios.background(), storage: NullScanStorage())
        #expect(afterStart(events.map { Stamp($0.time, $0.code) }) == [Stamp(8.0, 28)])
        #expect(driver.session.record.relocations.map(\.cause) == [.background])
    }

    @Test func backgroundTimeDoesNotCountAsRecording() throws {
        var s = Scenarios.background()
        s.hold(4)
        s.stop()
        let (_, driver) = try run(s, storage: NullScanStorage())
        #expect(abs(driver.session.record.recordedSeconds - (4.5 + 5 - 2 * ScriptedInputs.frameInterval)) < 1e-9)
    }

    @Test func backgroundWithoutResumeOptionEmits83AndAborts() throws {
        let config = SessionConfiguration(options: ScanOptions(backgroundResume: false))
        #expect(afterStart(try stamps(Scenarios.background(), configuration: config)) == [
            Stamp(5.0, 83), Stamp(5.0, 15), Stamp(5.0, 5),
        ])
    }
}
