@testable import CaptureEngine
import CaptureBundle
import Foundation
import Testing
import TestSupport

/// Readers that share no code with the writer: Python (zipfile, numpy, Pillow), `unzip -t`, `pngcheck`.
@Suite struct IndependentReaderTests {
    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Readers/check_bundle.py").path

    func check(_ folder: String) throws -> [String: Any] {
        let result = try CommandLineTool.runProgram("/usr/bin/env", ["python3", Self.checker, folder])
        #expect(result.status == 0, "check_bundle.py: \(result.output)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        return object as? [String: Any] ?? [:]
    }

    @Test func pythonReadsTheCubiCaptureBundleAsWritten() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        let summary = try check(out.path + "/scan")
        let maps = fixture.depthFrameIndices.map(fixture.depthMap)
        #expect(summary["layout"] as? String == "cubiCapture")
        #expect(summary["frames"] as? Int == fixture.inputs.filter { if case .frame = $0.input.kind { true } else { false } }.count)
        #expect(summary["depthFrames"] as? Int == maps.count)
        #expect(summary["width"] as? Int == BundleFixture.depthWidth)
        let depthSum = maps.reduce(0.0) { $0 + $1.depth.reduce(0.0) { $0 + Double($1) } }
        #expect(abs((summary["depthSum"] as? Double ?? -1) - depthSum) < 1e-6)
        #expect(summary["confidenceSum"] as? Int == maps.reduce(0) { $0 + $1.confidence.reduce(0) { $0 + Int($1) } })
        #expect(summary["events"] as? [Int] == [0, 1, 87, 2])
        #expect(summary["zipEntries"] as? [String] == BundleInspector.cubiCaptureFiles.filter { $0 != "video.mp4" })
        #expect(summary["meshVertices"] as? [Double] == BundleFixture.box.vertices.flatMap { [Double($0.x), Double($0.y), Double($0.z)] })
        let last = try #require(summary["lastTransform"] as? [Double])
        // Foundation's JSONSerialization (which parses Python's output here) may be off in the last bit.
        #expect(zip(last, fixture.pose(fixture.recordedFrames - 1).matrix.columnMajor).allSatisfy { abs($0 - $1) < 1e-15 })
        #expect(last.count == 16)
    }

    @Test func pythonReadsTheRawPackageAsWritten() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = RawRGBDStorage(settings: fixture.settings(folder: out.path, name: "raw"))
        fixture.write(to: &storage)
        let summary = try check(out.path + "/raw")
        let maps = fixture.depthFrameIndices.map(fixture.depthMap)
        #expect(summary["frames"] as? Int == maps.count)
        #expect(summary["depthMillimetreSum"] as? Int == maps.reduce(0) { $0 + $1.depth.reduce(0) { $0 + Int(($1 * 1000).rounded()) } })
        #expect(summary["confidenceSum"] as? Int == maps.reduce(0) { $0 + $1.confidence.reduce(0) { $0 + Int($1) } })
        let poses = try #require(summary["poses"] as? [[Double]])
        for (row, i) in zip(poses, fixture.depthFrameIndices) {
            let expected = CoordinateConventions.zUpOpenCV(fromARKit: fixture.pose(i))
            let t = SIMD3(row[0], row[1], row[2])
            let q = Quaternion(x: row[3], y: row[4], z: row[5], w: row[6])
            #expect((t - expected.translation).length < 1e-6)
            #expect(q.angle(to: expected.rotation) < 1e-6)
        }
        // The time column: each depth frame's capture time (Foundation's parse may be off in the last bit).
        let times = try #require(summary["times"] as? [Double])
        let expectedTimes = fixture.depthFrameIndices.map(BundleFixture.frameTime)
        #expect(times.count == expectedTimes.count && zip(times, expectedTimes).allSatisfy { abs($0 - $1) < 1e-12 })
        let k = try #require(summary["intrinsics"] as? [String: Double])
        let lidar = CameraIntrinsics.wideCamera.scaled(toWidth: BundleFixture.depthWidth, height: BundleFixture.depthHeight)
        #expect(k["fx"] == lidar.fx && k["cy"] == lidar.cy && k["width"] == Double(lidar.width))
        #expect(summary["meshVertices"] as? [[Double]] == [[0, 0, 0], [1, 0, 0], [1, 0, 2.5], [0, 1.25, 2.5]])
    }

    @Test func unzipTestsTheZipAndListsTheDocumentedEntries() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = CubiCaptureStorage(settings: fixture.settings(folder: out.path))
        fixture.write(to: &storage)
        let tested = try CommandLineTool.runProgram("/usr/bin/env", ["unzip", "-t", storage.zipPath])
        #expect(tested.status == 0, "\(tested.output)")
        #expect(tested.output.contains("No errors detected"))
        let listed = try CommandLineTool.runProgram("/usr/bin/env", ["unzip", "-Z1", storage.zipPath])
        #expect(listed.output.split(separator: "\n").map(String.init) == BundleInspector.cubiCaptureFiles.filter { $0 != "video.mp4" })
    }

    @Test func pngcheckAcceptsEveryDepthAndConfidencePNG() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let fixture = BundleFixture()
        var storage = RawRGBDStorage(settings: fixture.settings(folder: out.path, name: "raw"))
        fixture.write(to: &storage)
        let pngs = out.tree().filter { $0.hasSuffix(".png") }.map { out.path + "/" + $0 }
        #expect(pngs.count == 2 * fixture.depthFrameIndices.count)
        let result = try CommandLineTool.runProgram("/usr/bin/env", ["pngcheck"] + pngs)
        #expect(result.status == 0, "\(result.output)")
        let depthLine = try #require(result.output.split(separator: "\n").first { $0.contains("depth/00000.png") })
        #expect(depthLine.contains("16-bit grayscale"))
        let confidenceLine = try #require(result.output.split(separator: "\n").first { $0.contains("confidence/00000.png") })
        #expect(confidenceLine.contains("8-bit grayscale"))
    }
}
