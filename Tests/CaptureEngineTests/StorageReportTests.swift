import CaptureEngine
import Testing

/// Code 78 and the bytes a scan writes: the nominal rate at start, the severity of a report, and the
/// video's share (``SessionConfiguration/videoBytesPerSecond``) in the estimate and the zip.
@Suite struct StorageReportTests {
    private func firstReport(_ configuration: SessionConfiguration, freeBytes: Int64) throws -> Event {
        var s = ScriptedInputs()
        s.system(SystemSample(storageFreeBytes: freeBytes))
        s.hold(0.25)
        return try #require(try run(s, configuration: configuration, storage: NullScanStorage()).events.first { $0.code == 78 })
    }

    @Test func aReportIsInformationAndAWarningOnlyUnderTheWarningMinutes() throws {
        // 64 GB at the default settings' 8.87 MB/s (60 Hz, depth on every frame): 120 minutes, information; 5 GB: 9 minutes, a warning.
        let plenty = try firstReport(SessionConfiguration(), freeBytes: 64_000_000_000)
        #expect(plenty.message == "Storage: 120 minutes left" && plenty.severity == .info)
        let low = try firstReport(SessionConfiguration(), freeBytes: 5_000_000_000)
        #expect(low.message == "Storage: 9 minutes left" && low.severity == .warning)
    }

    @Test func withoutLiDARTheRateAtStartIsTheJSONsAndTheVideos() throws {
        // 5 GB without LiDAR: the JSON's 75,600 B/s (feature-point depths on every frame) and a video of
        // 883,530 B/s: 86 minutes, not 9 (the LiDAR rate) nor 1,102 (the JSON alone).
        var configuration = SessionConfiguration(device: DeviceCapabilities(hasLiDAR: false), videoBytesPerSecond: 883_530)
        let report = try firstReport(configuration, freeBytes: 5_000_000_000)
        #expect(report.message == "Storage: 86 minutes left")
        #expect(report.trace?.quantity == "storage left at the expected 0.959 MB/s")
        configuration.videoBytesPerSecond = 0
        #expect(try firstReport(configuration, freeBytes: 5_000_000_000).message == "Storage: 1102 minutes left")
    }

    @Test func whileRecordingTheMinutesFollowTheFallOfFreeStorageVideoIncluded() throws {
        // A phone without LiDAR, 5 GB free, whose storage falls by the JSON and a 883,530 B/s video:
        // at 6 s and later the minutes left follow that rate: tens of minutes.
        let rate = 75_600.0 + 883_530
        var s = ScriptedInputs()
        s.startRecording()
        var free = 5_000_000_000.0
        for _ in 0..<70 {
            s.system(SystemSample(storageFreeBytes: Int64(free)))
            s.hold(1)
            free -= rate
        }
        let configuration = SessionConfiguration(device: DeviceCapabilities(hasLiDAR: false), videoBytesPerSecond: 883_530)
        let reports = try run(s, configuration: configuration, storage: NullScanStorage()).events.filter { $0.code == 78 }
        // At start, then the first interval report (60 s of recording after 0.5 s).
        #expect(reports.map(\.message) == ["Storage: 86 minutes left", "Storage: 85 minutes left"])
        let measured = try #require(reports.last?.trace?.measured)
        #expect(abs(measured - (5e9 - 60 * rate) / rate / 60) < 0.02)
        #expect(reports.allSatisfy { $0.severity == .info })
    }

    @Test func zippingReadsTheVideosBytes() throws {
        // 12 s recorded (and the 1/64 s of the first frame) at 1 MB/s of video on top of the JSON: the zip
        // takes 0.4 s longer at 30 MB/s.
        let plain = try run(Scenarios.happyPath(), storage: NullScanStorage()).driver.session
        let video = try run(Scenarios.happyPath(), configuration: SessionConfiguration(videoBytesPerSecond: 1_000_000),
                            storage: NullScanStorage()).driver.session
        let seconds = plain.record.recordedSeconds
        #expect(video.record.recordedBytes - plain.record.recordedBytes == ScanBytes.video(seconds: seconds, bytesPerSecond: 1_000_000))
        let zipped = { (s: CaptureSession) in s.record.events.first { $0.code == 7 }!.time }
        #expect(abs(zipped(video) - zipped(plain) - seconds * 1_000_000 / 30_000_000) < 1e-6)
    }
}
