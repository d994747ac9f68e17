import CaptureEngine
import Testing

@Suite struct LifecycleTests {
    @Test func happyPathEmitsLandscapeRecordFinishZipAndFinished() throws {
        // 768 recorded frames without depth: 768 * 414 bytes = 317,952 bytes zipped at 30 MB/s.
        let zipEnd = 12.5 + 317_952.0 / 30_000_000
        #expect(try stamps(Scenarios.happyPath()) == [Stamp(0.25, 0), Stamp(0.5, 1), Stamp(12.5, 2), Stamp(zipEnd, 7), Stamp(zipEnd, 5)])
    }

    /// A session whose zipping reads the happy path's 317,952 bytes in exactly 4 s.
    static let fourSecondZip: SessionConfiguration = {
        var c = SessionConfiguration()
        c.thresholds.storage.zipBytesPerSecond = 317_952.0 / 4
        return c
    }()

    /// Seed 000, 2.6.2: "Zipping is done in the background, with a progress percentage on screen".
    @Test func zippingTakesTheBytesOverTheZipRateThen7And5() throws {
        let (events, driver) = try run(Scenarios.happyPath(), configuration: Self.fourSecondZip, storage: FaultyStorage())
        #expect(events.map { Stamp($0.time, $0.code) }.suffix(3) == [Stamp(12.5, 2), Stamp(16.5, 7), Stamp(16.5, 5)])
        #expect(driver.session.record.recordedBytes == 317_952)
        let zipping = driver.session.record.scanLog.filter { $0.text.hasPrefix("Zipping") }
        #expect(zipping.map { ($0.time * 1000).rounded() / 1000 } == [12.5, 12.9, 13.3, 13.7, 14.1, 14.5, 14.9, 15.3, 15.7, 16.1, 16.5])
        #expect(zipping.first?.text == "Zipping 317952 bytes (4.00 s at 0.079 MB/s)")
        #expect(zipping.last?.text == "Zipping: 100 %")
    }

    @Test func anInvalidZipIsReportedWhenItsAttemptEndsAndTheRezipTakesAsLong() throws {
        let once = try run(Scenarios.happyPath(), configuration: Self.fourSecondZip, storage: FaultyStorage(invalidZips: 1)).events
        #expect(once.map { Stamp($0.time, $0.code) }.suffix(4) == [Stamp(12.5, 2), Stamp(16.5, 53), Stamp(20.5, 7), Stamp(20.5, 5)])
        let twice = try run(Scenarios.happyPath(), configuration: Self.fourSecondZip, storage: FaultyStorage(invalidZips: 2)).events
        #expect(twice.map { Stamp($0.time, $0.code) }.suffix(5)
                == [Stamp(12.5, 2), Stamp(16.5, 53), Stamp(20.5, 51), Stamp(20.5, 15), Stamp(20.5, 5)])
    }

    @Test func tooLittleDataIsNotZipped() throws {
        let (events, driver) = try run(Scenarios.notEnoughData(), configuration: Self.fourSecondZip, storage: FaultyStorage())
        #expect(events.map { Stamp($0.time, $0.code) }.suffix(3) == [Stamp(5.5, 3), Stamp(5.5, 15), Stamp(5.5, 5)])
        #expect(!driver.session.record.scanLog.contains { $0.text.hasPrefix("Zipping") })
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
