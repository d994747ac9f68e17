@testable import CaptureEngine
import CaptureBundle
import CaptureReplay
import Foundation
import Testing
import TestSupport

/// The replay reader (written against docs/bundle-format.md, sharing no code with the writer) reads the
/// bundles this module writes and reproduces the session.
@Suite struct ReplayOfWrittenBundlesTests {
    @Test func aRecordedBundleReplaysToTheEventsItRecorded() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var driver = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                   storage: CubiCaptureStorage(settings: fixture.settings(folder: out.path)))
        for input in SessionDriverBundleTests.inputs(fixture: fixture) { _ = try driver.feed(input) }
        let recorded = try BundleReader(path: out.path + "/scan").arkitData().events
        #expect(recorded.contains { $0.code == SDKProfile.standard.code(for: .recordingStarted) })

        let log = try ReplayReader.read(path: out.path + "/scan")
        #expect(log.inputs.count == SessionDriverBundleTests.inputs(fixture: fixture).count)
        let written = try BundleReader(path: out.path + "/scan").depthFrames().frameCount
        #expect(log.inputs.depthFrameCount == written)
        var session = CaptureSession(configuration: log.configuration)
        var replayed: [Event] = []
        for input in log.inputs { replayed += try session.step(input).events }
        let comparable = replayed.prefix(recorded.count).map { ArkitEvent(time: $0.time, code: $0.code, message: $0.message, severity: $0.severity.rawValue) }
        #expect(comparable == recorded)
    }

    @Test func theRawPackageReplaysItsPoses() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = RawRGBDStorage(settings: fixture.settings(folder: out.path, name: "raw"))
        fixture.write(to: &storage)
        let log = try ReplayReader.read(path: out.path + "/raw")
        #expect(log.inputs.frameCount == fixture.depthFrameIndices.count)
        let frames = log.inputs.compactMap { input -> CameraFrame? in if case .frame(let f) = input.kind { f } else { nil } }
        for (frame, i) in zip(frames, fixture.depthFrameIndices) {
            #expect((frame.transform.translation - fixture.pose(i).translation).length < 1e-6)
            #expect(frame.transform.rotation.angle(to: fixture.pose(i).rotation) < 1e-6)
        }
    }
}
