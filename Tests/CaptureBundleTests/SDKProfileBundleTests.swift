import CaptureBundle
import CaptureEngine
import CaptureReplay
import Foundation
import TestSupport
import Testing

/// A bundle records the SDK profile it was written under, and replay uses it.
@Suite struct SDKProfileBundleTests {
    /// A 12 s scan held in portrait (3.x records only there), walking slowly forward with a micro-degree
    /// tremor of the heading so no part of the pose is frozen.
    static func portraitInputs(fixture: BundleFixture) -> [SessionInput] {
        let portrait = Quaternion(angle: -Double.pi / 2, axis: SIMD3(0, 0, 1))
        func pose(_ i: Int) -> RigidTransform {
            RigidTransform(rotation: Quaternion(angle: i % 2 == 0 ? 0 : 1e-8, axis: SIMD3(0, 1, 0)) * portrait,
                           translation: SIMD3(0, 0, -0.3 * Double(i) / 30))
        }
        var list: [SessionInput] = [SessionInput(time: 0, .system(SystemSample(thermal: .nominal, activeProcessors: 6, processorCount: 6)))]
        for i in 0..<30 { list.append(SessionInput(time: Double(i) / 30, .frame(CameraFrame(transform: pose(0), depth: fixture.depthMap(i))))) }
        list.append(SessionInput(time: 1, .user(.recordPressed)))
        for i in 1...(12 * 30) {
            list.append(SessionInput(time: 1 + Double(i) / 30, .frame(CameraFrame(transform: pose(i), depth: fixture.depthMap(i)))))
        }
        list.append(SessionInput(time: 13.1, .user(.recordPressed)))
        list.append(SessionInput(time: 13.1, .user(.stopConfirmed)))
        return list
    }

    /// The portrait scan written under 3.1 into `folder`/scan (a 30 Hz stream, so `frames.expectedRateHz`
    /// is 30: half of ARKit's 60 Hz would be "too many frames skipped", 63): the events and the driver.
    static func write31Bundle(in folder: String) throws -> (events: [Event], driver: SessionDriver<CubiCaptureStorage>, settings: BundleSettings) {
        let fixture = BundleFixture()
        var configuration = fixture.configuration
        configuration.sdk = .v3_1
        configuration.thresholds.frames.expectedRateHz = 30
        var settings = fixture.settings(folder: folder)
        settings.session = configuration
        var driver = SessionDriver(session: CaptureSession(configuration: configuration),
                                   storage: CubiCaptureStorage(settings: settings))
        var events: [Event] = []
        for input in portraitInputs(fixture: fixture) { events += try driver.feed(input) }
        return (events, driver, settings)
    }

    @Test func aBundleWrittenUnder31RecordsItAndReplaysWith31() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let emitted = try Self.write31Bundle(in: out.path).events
        #expect(emitted.map(\.code) == [70, 76, 1, 2, 7])

        let text = try String(contentsOfFile: out.path + "/scan/arkitData.json", encoding: .utf8)
        #expect(text.contains(#""sdk":"3.1""#) || text.contains(#""sdk" : "3.1""#))

        let log = try ReplayReader.read(path: out.path + "/scan")
        #expect(log.configuration.sdk == .v3_1)
        var session = CaptureSession(configuration: log.configuration)
        var replayed: [Event] = []
        for input in log.inputs { replayed += try session.step(input).events }
        #expect(replayed.prefix(4).map(\.code) == [70, 76, 1, 2])
        #expect(replayed.allSatisfy { $0.sdk == .v3_1 })
    }

    @Test func a31BundleListsNeitherSpeechNorBackgroundResume() throws {
        // Issue 48: 3.1 bundles listed options 3.x does not have (2.13.4 removed speech recognition;
        // 3.x's CaptureOptions has no backgroundResume).
        let out = try TemporaryFolder()
        defer { out.remove() }
        _ = try Self.write31Bundle(in: out.path)
        let data = try BundleReader(path: out.path + "/scan").arkitData()
        #expect(!data.scanningFeatures.contains("speechRecognition") && !data.scanningFeatures.contains("backgroundResume"))
        #expect(data.scanningFeatures.contains("storageWarnings"))
        let config = try String(contentsOfFile: out.path + "/scan/config.json", encoding: .utf8)
        #expect(config.contains(#""speechRecognition": false"#) && config.contains(#""backgroundResume": false"#), "\(config)")
        // 2.10 keeps both.
        #expect(SessionConfiguration().profileOptions.enabledNames.contains("speechRecognition"))
    }
}
