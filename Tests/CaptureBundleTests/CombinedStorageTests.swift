@testable import CaptureEngine
import CaptureBundle
import Foundation
import Testing
import TestSupport

@Suite struct CombinedStorageTests {
    @Test func writesBothLayoutsAndReportsTheZip() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CombinedStorage(CubiCaptureStorage(settings: fixture.settings(folder: out.path)),
                                      RawRGBDStorage(settings: fixture.settings(folder: out.path, name: "scan-raw")))
        #expect(fixture.write(to: &storage) == .success(.valid(path: storage.first.zipPath)))
        #expect(try BundleInspector.inspect(path: out.path + "/scan").problems == [])
        #expect(try BundleInspector.inspect(path: out.path + "/scan-raw").problems == [])
    }

    @Test func aFailureInEitherRemovesBoth() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CombinedStorage(CubiCaptureStorage(settings: fixture.settings(folder: out.path)),
                                      RawRGBDStorage(settings: fixture.settings(folder: out.path, name: "scan-raw",
                                                                                faults: [StorageFault(file: .depthFrames, operation: .write, atSeconds: 0.3)])))
        guard case .failure(let error) = fixture.write(to: &storage) else { Issue.record("expected a failure"); return }
        #expect(error.file == .depthFrames && !error.opening)
        storage.removeScanFiles()
        #expect(out.tree() == [])
    }

    @Test func aScanLogFailureStillStartsTheSecondStorage() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CombinedStorage(CubiCaptureStorage(settings: fixture.settings(folder: out.path, faults: [StorageFault(file: .scanLog, operation: .open)])),
                                      RawRGBDStorage(settings: fixture.settings(folder: out.path, name: "scan-raw")))
        #expect(fixture.write(to: &storage) == .success(.valid(path: storage.first.zipPath)))
        #expect(out.tree().contains("scan-raw/raw/poses.csv"))
    }
}
