@testable import CaptureEngine
import CaptureBundle
import Foundation
import JSONSupport
import Testing
import TestSupport

@Suite struct RawRGBDStorageTests {
    func written(_ fixture: BundleFixture = BundleFixture(), faults: [StorageFault] = []) throws -> (TemporaryFolder, RawRGBDStorage, Result<ZipResult, ScanStorageError>) {
        let out = try TemporaryFolder()
        var storage = RawRGBDStorage(settings: fixture.settings(folder: out.path, name: "raw-scan", faults: faults))
        let result = fixture.write(to: &storage)
        return (out, storage, result)
    }

    @Test func writesTheDocumentedPackageNumberedByDepthFrame() throws {
        let fixture = BundleFixture()
        let (out, _, result) = try written(fixture)
        defer { out.remove() }
        #expect(result == .success(.valid(path: out.path + "/raw-scan")))
        let n = fixture.depthFrameIndices.count
        let names = (0..<n).map(RawRGBDStorage.frameFileName)
        let expected = (["raw-scan", "raw-scan/manifest.json", "raw-scan/mesh.obj", "raw-scan/raw", "raw-scan/raw/confidence",
                         "raw-scan/raw/depth", "raw-scan/raw/intrinsics.json", "raw-scan/raw/poses.csv"]
                        + names.map { "raw-scan/raw/depth/" + $0 } + names.map { "raw-scan/raw/confidence/" + $0 }).sorted()
        #expect(out.tree() == expected)
        #expect(names.first == "00000.png")
    }

    @Test func depthPNGsReadBackAsTheWrittenMillimetresBitForBit() throws {
        let fixture = BundleFixture()
        let (out, _, _) = try written(fixture)
        defer { out.remove() }
        let reader = try BundleReader(path: out.path + "/raw-scan")
        for (k, i) in fixture.depthFrameIndices.enumerated() {
            let map = fixture.depthMap(i)
            let depth = try reader.png("raw/depth/" + RawRGBDStorage.frameFileName(k))
            #expect(depth.bitDepth == 16)
            #expect(depth.samples == map.depth.map { UInt16(($0 * 1000).rounded()) })
            let confidence = try reader.png("raw/confidence/" + RawRGBDStorage.frameFileName(k))
            #expect(confidence.bitDepth == 8)
            #expect(confidence.samples == map.confidence.map(UInt16.init))
        }
    }

    @Test func aPosesFileWrittenBeforeTheTimeColumnStillReads() throws {
        let old = "frame,x,y,z,qx,qy,qz,qw\n0,1,2,3,0,0,0,1\n1,1,2,3.5,0,0,0,1\n"
        let poses = try RawPose.parseCSV(old)
        #expect(poses.map(\.frame) == [0, 1] && poses.map(\.time) == [nil, nil])
        #expect(poses[1].pose.translation == SIMD3(1, 2, 3.5))
        #expect(throws: InputError(file: "raw/poses.csv", line: 2, reason: "expected 9 fields (frame,x,y,z,qx,qy,qz,qw,time), found 8")) {
            try RawPose.parseCSV("frame,x,y,z,qx,qy,qz,qw,time\n0,1,2,3,0,0,0,1\n")
        }
    }

    @Test func posesReadBackAsTheWrittenTransformsAfterTheDocumentedConversion() throws {
        let fixture = BundleFixture()
        let (out, _, _) = try written(fixture)
        defer { out.remove() }
        let poses = try BundleReader(path: out.path + "/raw-scan").poses()
        #expect(poses.map(\.frame) == Array(0..<fixture.depthFrameIndices.count))
        // The time column: each depth frame's capture time on the session clock, bit for bit.
        #expect(poses.map(\.time) == fixture.depthFrameIndices.map(BundleFixture.frameTime))
        for (pose, i) in zip(poses, fixture.depthFrameIndices) {
            let arkit = fixture.pose(i)
            let back = pose.arkitPose
            #expect((back.translation - arkit.translation).length < 1e-6)
            #expect(back.rotation.angle(to: arkit.rotation) < 1e-6)
            #expect(pose.pose.rotation.w >= 0)
            // Z-up world: the engine's up (+Y) is the package's +Z; OpenCV camera: forward is +Z.
            let forwardZUp = pose.pose.apply(toDirection: SIMD3(0, 0, 1))
            let forwardYUp = CameraPose.forward(arkit)
            #expect((forwardZUp - SIMD3(forwardYUp.x, -forwardYUp.z, forwardYUp.y)).length < 1e-9)
        }
    }

    @Test func intrinsicsAreTheWideCameraScaledToTheDepthMap() throws {
        let (out, _, _) = try written()
        defer { out.remove() }
        let k = try BundleReader(path: out.path + "/raw-scan").rawIntrinsics()
        #expect(k == CameraIntrinsics.wideCamera.scaled(toWidth: BundleFixture.depthWidth, height: BundleFixture.depthHeight))
    }

    @Test func meshOBJIsZUpInMetres() throws {
        let (out, _, _) = try written()
        defer { out.remove() }
        let text = String(decoding: out.bytes("raw-scan/mesh.obj"), as: UTF8.self)
        let vertices = text.split(separator: "\n").filter { $0.hasPrefix("v ") }
            .map { $0.split(separator: " ").dropFirst().compactMap { Double($0) } }
        #expect(vertices == [[0, 0, 0], [1, 0, 0], [1, 0, 2.5], [0, 1.25, 2.5]])
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("f ") } == ["f 1 2 3", "f 1 3 4"])
    }

    @Test func millimetresAreRoundedClampedAndZeroForNoReturn() {
        #expect(RawRGBDStorage.millimetres(0) == 0)
        #expect(RawRGBDStorage.millimetres(-1) == 0)
        #expect(RawRGBDStorage.millimetres(.nan) == 0)
        #expect(RawRGBDStorage.millimetres(1.0) == 1000)
        #expect(RawRGBDStorage.millimetres(0.0015) == 2)
        #expect(RawRGBDStorage.millimetres(100) == 65535)
    }

    @Test(arguments: [(ScanFile.folder, StorageFault.Operation.open), (.depthFrames, .open), (.depthFrames, .write),
                      (.arkitData, .write), (.config, .write), (.mesh, .write)])
    func aFailingWriteLeavesNoPartialPackage(file: ScanFile, operation: StorageFault.Operation) throws {
        let (out, storage, result) = try written(faults: [StorageFault(file: file, operation: operation)])
        defer { out.remove() }
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.file == file)
        storage.removeScanFiles()
        #expect(out.tree() == [])
    }

    @Test func twoWritesOfTheSameInputsGiveIdenticalBytes() throws {
        let (a, _, _) = try written()
        let (b, _, _) = try written()
        defer { a.remove(); b.remove() }
        #expect(a.tree() == b.tree())
        for file in a.tree() where file.hasSuffix(".png") || file.hasSuffix(".csv") || file.hasSuffix(".json") || file.hasSuffix(".obj") {
            #expect(a.bytes(file) == b.bytes(file), "\(file) differs")
        }
    }
}
