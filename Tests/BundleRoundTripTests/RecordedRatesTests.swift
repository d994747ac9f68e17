import CaptureBundle
import CaptureEngine
import CaptureReplay
import Foundation
import SceneRuntime
import SyntheticSensor
import TestSupport
import Testing

/// The rates a replay needs to give the run's events: a raw package's pose times (its `time` column) and
/// a bundle's video rate (`videoBytesPerSecond`, or its `video.mp4` over its recorded seconds).
@Suite struct RecordedRatesTests {
    /// The detector codes a pose log can reproduce (no user actions, system samples or depth).
    static let poseCodes: Set<Int> = [13, 21, 22, 23, 26, 27, 29, 30, 31, 32, 87]

    @Test func aTenHertzRawPackageReplaysToTheRunsDetectorEvents() throws {
        // Scenes/fast-rotation.json renders depth on every 6th frame of 60 Hz: its raw package holds 10 Hz
        // poses. Without the time column the replay took them as 60 Hz and saw three 87s at 1.3-3.4 s.
        let scene = try Scene.load(path: PackageFolder.scene("fast-rotation"))
        let output = try TemporaryFolder("raw-rate")
        defer { output.remove() }
        let settings = BundleSettings(outputFolder: output.path, name: "raw", metadata: scene.metadata, session: scene.configuration)
        let run = try SceneRun(capture: SyntheticCapture(scene: scene), configuration: scene.configuration,
                               storage: RawRGBDStorage(settings: settings))
        let log = try ReplayReader.read(path: settings.bundlePath)
        #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
        let frames = log.inputs.compactMap { input -> Double? in if case .frame = input.kind { return input.time }; return nil }
        // 10 Hz on the session's clock, from the first recorded depth frame.
        #expect(frames.first == 2.5 && zip(frames, frames.dropFirst()).allSatisfy { abs($1 - $0 - 0.1) < 1e-9 })
        let replayed = ReplayRun(log: log).events.filter { Self.poseCodes.contains($0.code) }
        let ran = run.events.filter { Self.poseCodes.contains($0.code) }
        #expect(!ran.isEmpty)
        #expect(replayed.map(\.code) == ran.map(\.code))
        // Each within one pose interval of the run's (the run sees 60 Hz poses, the package 10 Hz).
        for (a, b) in zip(replayed, ran) { #expect(a.time >= b.time - 1e-9 && a.time - b.time <= 0.1 + 1e-9, "\(a.line) vs \(b.line)") }
    }

    @Test func aBundleRecordsTheVideoRateItsSessionRanWithAndReplaysWithIt() throws {
        let recorded = try RecordedScene(name: "floor.json")
        defer { recorded.remove() }
        let bundle = try #require(recorded.bundlePath)
        let rate = StorageModel.videoBytesPerSecond(camera: recorded.scene.camera)
        #expect(rate == 447_570)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: bundle + "/arkitData.json")), as: UTF8.self)
        #expect(text.contains("\n\"videoBytesPerSecond\":447570,\n"))
        #expect(try ReplayReader.read(path: bundle).configuration.videoBytesPerSecond == rate)
        // The zip's end (7) is the run's: the session counted the video's bytes.
        let replay = RoundTripReplay(log: try ReplayReader.read(path: bundle), scene: recorded.scene)
        #expect(RoundTripReplay.firstDifference(replayed: replay.events, run: recorded.run.events) == nil)
    }

    @Test func aBundleWithoutTheKeyTakesTheRateFromItsVideoFile() throws {
        let recorded = try RecordedScene(name: "floor.json")
        defer { recorded.remove() }
        let bundle = try #require(recorded.bundlePath)
        let path = bundle + "/arkitData.json"
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\"videoBytesPerSecond\":447570,\n", with: "").utf8).write(to: URL(fileURLWithPath: path))
        // Without a video file: no video counted.
        #expect(try ReplayReader.read(path: bundle).configuration.videoBytesPerSecond == 0)
        // A phone's bundle: its video's size over the seconds recorded.
        try Data(count: 2_000_000).write(to: URL(fileURLWithPath: bundle + "/video.mp4"))
        let seconds = recorded.run.driver.session.record.recordedSeconds
        #expect(try ReplayReader.read(path: bundle).configuration.videoBytesPerSecond == 2_000_000 / seconds)
    }
}
