import CaptureEngine
import Testing

@Suite struct LifecycleTests {
    @Test func happyPathEmitsLandscapeRecordFinishZipAndFinished() throws {
        #expect(try stamps(Scenarios.happyPath()) == [Stamp(0.25, 0), Stamp(0.5, 1), Stamp(12.5, 2), Stamp(12.5, 7), Stamp(12.5, 5)])
    }

    @Test func zipEventCarriesThePath() throws {
        let events = try run(Scenarios.happyPath(), storage: NullScanStorage(zipPath: "out/ABC.zip")).events
        #expect(events.first { $0.meaning == .zipped }?.message == "Zipping finished: out/ABC.zip")
    }

    /// Android SDK 2.10.1 README, status code 3: "The scan files will be deleted (code 15) and
    /// CubiCapture will be finished after this (code 5)".
    @Test func stopWithTooLittleDataEmits3Then15Then5AndRemovesFiles() throws {
        let (events, driver) = try run(Scenarios.notEnoughData(), storage: FaultyStorage())
        #expect(events.map { Stamp($0.time, $0.code) } == [Stamp(0.25, 0), Stamp(0.5, 1), Stamp(5.5, 3), Stamp(5.5, 15), Stamp(5.5, 5)])
        #expect(driver.storage.removed)
        #expect(driver.session.phase == .finished)
    }

    @Test func recordPressedInPortraitIsGated() throws {
        var s = ScriptedInputs()
        s.hold(1, ScriptedInputs.pose(roll: -90))
        s.user(.recordPressed)
        s.hold(1)
        s.user(.recordPressed)
        s.hold(1)
        #expect(try stamps(s) == [Stamp(1, 0), Stamp(2, 1)])
    }

    @Test func withoutLandscapeGatingRecordStartsInPortrait() throws {
        var s = ScriptedInputs()
        s.hold(1, ScriptedInputs.pose(roll: -90))
        s.user(.recordPressed)
        s.hold(1, ScriptedInputs.pose(roll: -90))
        let config = SessionConfiguration(landscapeGating: false)
        #expect(try stamps(s, configuration: config) == [Stamp(1, 1)])
    }

    @Test func stopCancelledKeepsRecording() throws {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(11)
        s.user(.recordPressed)
        s.user(.stopCancelled)
        s.hold(1)
        s.user(.stopConfirmed)
        s.hold(1)
        #expect(try stamps(s) == [Stamp(0.25, 0), Stamp(0.5, 1)])
    }

    @Test func enoughDataNeedsFiveSecondsOfNormalTracking() throws {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(4)
        s.hold(8, tracking: .limited(.insufficientFeatures))
        s.stop()
        let codes = try stamps(s).map(\.code)
        #expect(codes.suffix(3) == [3, 15, 5])
    }

    @Test func reverseLandscapeAfterLandscapeEmits17AndBackEmits24() throws {
        #expect(try stamps(Scenarios.reverseLandscape()) == [
            Stamp(0.5, 0), Stamp(1.0, 17), Stamp(1.5, 24), Stamp(1.5, 0),
        ])
    }

    @Test func eventsAfterTheSessionEndedAreIgnored() throws {
        var s = Scenarios.notEnoughData()
        s.hold(1)
        s.user(.recordPressed)
        let codes = try stamps(s).map(\.code)
        #expect(codes == [0, 1, 3, 15, 5])
    }

    @Test func recordedFramesAreMarkedForTheBundle() throws {
        let (_, driver) = try run(Scenarios.happyPath(), storage: FaultyStorage())
        #expect(driver.storage.appended == 12 * 64)
        #expect(driver.session.record.recordedFrameCount == 12 * 64)
        #expect(driver.session.record.recordingStart == 0.5)
        #expect(driver.session.record.recordingEnd == 12.5)
    }
}
