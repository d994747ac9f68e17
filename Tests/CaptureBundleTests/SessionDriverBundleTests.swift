@testable import CaptureEngine
@testable import CaptureBundle
import Foundation
import Testing
import TestSupport

/// Whole sessions through `SessionDriver` and the engine's session into a real storage: the session
/// decides, the storage writes, and each injected failure comes back as the SDK's code.
@Suite struct SessionDriverBundleTests {
    /// Held level in landscape-right (camera +X right, +Y up), looking along world -Z.
    static let level = RigidTransform.identity

    /// A 12-second level walk with depth every frame at 30 Hz, then stop and confirm.
    static func inputs(fixture: BundleFixture) -> [SessionInput] {
        var list: [SessionInput] = [SessionInput(time: 0, .system(SystemSample(thermal: .nominal, activeProcessors: 6, processorCount: 6)))]
        for i in 0..<30 { list.append(SessionInput(time: Double(i) / 30, .frame(CameraFrame(transform: level, depth: fixture.depthMap(i))))) }
        list.append(SessionInput(time: 1, .user(.recordPressed)))
        for i in 1...(12 * 30) {
            let pose = RigidTransform(rotation: .identity, translation: SIMD3(0.3 * Double(i) / 30, 0, 0))
            list.append(SessionInput(time: 1 + Double(i) / 30, .frame(CameraFrame(transform: pose, depth: fixture.depthMap(i)))))
        }
        list.append(SessionInput(time: 13.1, .user(.recordPressed)))
        list.append(SessionInput(time: 13.2, .user(.stopConfirmed)))
        return list
    }

    @Test func aFinishedSessionLeavesAValidBundleAndReportsItsZip() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var driver = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                   storage: CubiCaptureStorage(settings: fixture.settings(folder: out.path)))
        var events: [Event] = []
        for input in Self.inputs(fixture: fixture) { events += try driver.feed(input) }
        let zipped = try #require(events.first { $0.meaning == .zipped })
        #expect(zipped.parameters.zipPath == driver.storage.zipPath)
        #expect(events.last?.meaning == .finished)
        let inspection = try BundleInspector.inspect(path: out.path + "/scan")
        #expect(inspection.problems == [])
        #expect(inspection.eventsByCode.map(\.code).contains(SDKProfile.standard.code(for: .recordingStarted)))
        let replayed = try BundleReader(path: out.path + "/scan").sessionInputs()
        #expect(replayed.map(\.time) == Self.inputs(fixture: fixture).map(\.time))
    }

    @Test(arguments: [(ScanFile.folder, StorageFault.Operation.open, EventMeaning.filePathNotFound),
                      (.depthFrames, .open, .depthWriteStartFailed), (.depthFrames, .write, .frameWriteFailed),
                      (.arkitData, .write, .arkitDataWriteFailed), (.zip, .write, .zipFailed)])
    func aFatalWriteFailureEmitsItsCodeAndLeavesNothing(file: ScanFile, operation: StorageFault.Operation, code: EventMeaning) throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var driver = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                   storage: CubiCaptureStorage(settings: fixture.settings(folder: out.path,
                                                                                          faults: [StorageFault(file: file, operation: operation, atSeconds: operation == .open ? nil : 5)])))
        var events: [Event] = []
        for input in Self.inputs(fixture: fixture) { events += try driver.feed(input) }
        #expect(events.map(\.meaning).contains(code))
        #expect(events.map(\.meaning).contains(.scanRemoved))
        #expect(out.tree() == [])
    }

    @Test func anInvalidZipIsRezippedOnceAndTwoAbort() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var once = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                 storage: CubiCaptureStorage(settings: fixture.settings(folder: out.path, name: "once",
                                                                                        faults: [StorageFault(file: .zip, operation: .invalidZip)])))
        var events: [Event] = []
        for input in Self.inputs(fixture: fixture) { events += try once.feed(input) }
        #expect(events.map(\.meaning).contains(.zipInvalid))
        #expect(events.map(\.meaning).contains(.zipped))
        var twice = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                  storage: CubiCaptureStorage(settings: fixture.settings(folder: out.path, name: "twice",
                                                                                         faults: Array(repeating: StorageFault(file: .zip, operation: .invalidZip), count: 2))))
        events = []
        for input in Self.inputs(fixture: fixture) { events += try twice.feed(input) }
        #expect(events.map(\.meaning).contains(.zipFailed))
        #expect(!out.tree().contains { $0.hasPrefix("twice") || $0.hasPrefix(".twice") })
    }

    @Test func aScanLogThatCannotStartEmits90AndTheBundleIsStillValid() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var driver = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                   storage: CubiCaptureStorage(settings: fixture.settings(folder: out.path,
                                                                                          faults: [StorageFault(file: .scanLog, operation: .open)])))
        var events: [Event] = []
        for input in Self.inputs(fixture: fixture) { events += try driver.feed(input) }
        #expect(events.map(\.meaning).contains(.scanLogStartFailed))
        #expect(events.map(\.meaning).contains(.zipped))
        #expect(!out.tree().contains("scan/scan.log"))
        #expect(try BundleInspector.inspect(path: out.path + "/scan").problems == [])
    }

    @Test func tooLittleDataLeavesNothingBehind() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var driver = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                   storage: CubiCaptureStorage(settings: fixture.settings(folder: out.path)))
        var events: [Event] = []
        for input in Self.inputs(fixture: fixture) where input.time <= 3 { events += try driver.feed(input) }
        events += try driver.feed(SessionInput(time: 3.1, .user(.recordPressed)))
        events += try driver.feed(SessionInput(time: 3.2, .user(.stopConfirmed)))
        #expect(events.map(\.meaning).contains(.finishedNotEnoughData))
        #expect(out.tree() == [])
    }

    @Test func twoRunsOfTheSameInputsWriteByteIdenticalBundles() throws {
        let a = try TemporaryFolder(), b = try TemporaryFolder()
        defer { a.remove(); b.remove() }
        let fixture = BundleFixture()
        for folder in [a, b] {
            var driver = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                       storage: CombinedStorage(CubiCaptureStorage(settings: fixture.settings(folder: folder.path)),
                                                                RawRGBDStorage(settings: fixture.settings(folder: folder.path, name: "scan-raw"))))
            for input in Self.inputs(fixture: fixture) { _ = try driver.feed(input) }
        }
        #expect(a.tree() == b.tree())
        #expect(a.tree().contains("scan/0F1E2D3C-0000-4000-8000-000000000042.zip"))
        for file in a.tree() where file.contains(".") {
            #expect(a.bytes(file) == b.bytes(file), "\(file) differs")
        }
    }

    @Test func aConfigWriteFailureEmits56AndTheScanIsZippedWithoutIt() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var driver = SessionDriver(session: CaptureSession(configuration: fixture.configuration),
                                   storage: CombinedStorage(CubiCaptureStorage(settings: fixture.settings(folder: out.path,
                                                                                                          faults: [StorageFault(file: .config, operation: .write)])),
                                                            RawRGBDStorage(settings: fixture.settings(folder: out.path, name: "scan-raw"))))
        var events: [Event] = []
        for input in Self.inputs(fixture: fixture) { events += try driver.feed(input) }
        #expect(events.map(\.meaning).contains(.configWriteFailed))
        #expect(events.map(\.meaning).contains(.zipped))
        // The session zips without it, as the SDK does; the bundle (which inspect would reject:
        // "config.json: missing") is not published, the raw package is.
        let partial = driver.storage.first.workspace.partialPath
        #expect(!FileManager.default.fileExists(atPath: partial + "/config.json"))
        #expect(try BundleInspector.inspect(path: partial).problems == ["config.json: missing"])
        #expect(driver.storage.publicationProblem?.contains("/scan not published") == true)
        #expect(try BundleInspector.inspect(path: out.path + "/scan-raw").problems == [])
        driver.storage.withdrawPublication()
        #expect(out.tree() == [])
    }
}
