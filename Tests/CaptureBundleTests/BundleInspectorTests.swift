@testable import BundleIO
@testable import CaptureEngine
import CaptureBundle
import Foundation
import Testing
import TestSupport
import JSONSupport

@Suite struct BundleInspectorTests {
    func cubiCapture() throws -> (TemporaryFolder, CubiCaptureStorage) {
        let out = try TemporaryFolder()
        var storage = CubiCaptureStorage(settings: BundleFixture().settings(folder: out.path))
        BundleFixture().write(to: &storage)
        return (out, storage)
    }

    func raw() throws -> TemporaryFolder {
        let out = try TemporaryFolder()
        var storage = RawRGBDStorage(settings: BundleFixture().settings(folder: out.path, name: "raw"))
        BundleFixture().write(to: &storage)
        return out
    }

    @Test func aValidBundleFolderPassesWithItsSummary() throws {
        let (out, _) = try cubiCapture()
        defer { out.remove() }
        let fixture = BundleFixture()
        let inspection = try BundleInspector.inspect(path: out.path + "/scan")
        #expect(inspection.problems == [])
        #expect(inspection.layout == .cubiCapture && !inspection.isZip)
        #expect(inspection.recordedFrames == fixture.recordedFrames)
        #expect(inspection.depthFrames == fixture.depthFrameIndices.count)
        let maps = fixture.depthFrameIndices.map(fixture.depthMap)
        let returns = maps.reduce(0) { $0 + $1.depth.filter { $0 > 0 }.count }
        #expect(inspection.depthCoverage == Double(returns) / Double(maps.count * BundleFixture.depthWidth * BundleFixture.depthHeight))
        #expect(inspection.eventsByCode.map(\.code) == [0, 1, 2, 87])
        #expect(inspection.warningsByCode.map(\.code) == [87])
        #expect(inspection.durationSeconds == fixture.stopTime - BundleFixture.recordStart)
    }

    @Test func theZipAloneIsAValidBundle() throws {
        let (out, storage) = try cubiCapture()
        defer { out.remove() }
        let inspection = try BundleInspector.inspect(path: storage.zipPath)
        #expect(inspection.problems == [])
        #expect(inspection.isZip)
        #expect(inspection.depthFrames == BundleFixture().depthFrameIndices.count)
    }

    @Test func aValidRawPackagePasses() throws {
        let out = try raw()
        defer { out.remove() }
        let inspection = try BundleInspector.inspect(path: out.path + "/raw")
        #expect(inspection.problems == [])
        #expect(inspection.layout == .rawRGBD)
        #expect(inspection.depthFrames == BundleFixture().depthFrameIndices.count)
    }

    @Test func aBundleWrittenBeforeDepthFileVersionTwoStillPasses() throws {
        // The same bundle as an earlier version wrote it: the frame count at byte 20 of the depth file,
        // and the depth file fifth in the zip.
        let (out, storage) = try cubiCapture()
        defer { out.remove() }
        let folder = out.path + "/scan"
        let path = folder + "/allDepthFrames.bin"
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let w = BundleFixture.depthWidth, h = BundleFixture.depthHeight
        let count = (bytes.count - 32) / DepthFramesLayout.recordBytes(width: w, height: h)
        bytes.replaceSubrange(0..<32, with: DepthFramesLayout.versionOneHeader(width: w, height: h, frameCount: count))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let files = BundleInspector.versionOneZipOrder.filter { storage.writtenFiles.contains($0) }
        try ZipWriter.write(files.map { ZipWriter.Entry(name: $0, file: folder + "/" + $0,
                                                         method: $0 == "allDepthFrames.bin" ? .store : .deflate(level: 6)) },
                            to: storage.zipPath)
        let inspection = try BundleInspector.inspect(path: folder)
        #expect(inspection.problems == [])
        #expect(inspection.depthFrames == BundleFixture().depthFrameIndices.count)
        #expect(try BundleInspector.inspect(path: storage.zipPath).problems == [])
    }

    @Test func aTruncatedDepthFileIsNamed() throws {
        let (out, _) = try cubiCapture()
        defer { out.remove() }
        let path = out.path + "/scan/allDepthFrames.bin"
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.truncate(atOffset: UInt64(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) - 100)
        try handle.close()
        let inspection = try BundleInspector.inspect(path: out.path + "/scan")
        #expect(inspection.problems.first?.contains("are not whole records of") == true, "\(inspection.problems)")
    }

    @Test func aMissingFileIsNamed() throws {
        let (out, _) = try cubiCapture()
        defer { out.remove() }
        try FileManager.default.removeItem(atPath: out.path + "/scan/config.json")
        let inspection = try BundleInspector.inspect(path: out.path + "/scan")
        #expect(inspection.problems.first == "config.json: missing")
    }

    @Test func aZipThatDiffersFromTheFolderIsNamed() throws {
        let (out, _) = try cubiCapture()
        defer { out.remove() }
        _ = FileManager.default.createFile(atPath: out.path + "/scan/scan.log", contents: Data("0.100 Recording started\n0.200 Fast rotation warning\n".utf8.reversed()))
        let inspection = try BundleInspector.inspect(path: out.path + "/scan")
        #expect(inspection.problems.contains { $0.contains("entry scan.log differs") }, "\(inspection.problems)")
    }

    @Test func aBadPNGIsNamed() throws {
        let out = try raw()
        defer { out.remove() }
        _ = FileManager.default.createFile(atPath: out.path + "/raw/raw/depth/00002.png", contents: Data("garbage".utf8))
        let inspection = try BundleInspector.inspect(path: out.path + "/raw")
        #expect(inspection.problems.first == "raw/depth/00002.png: byte 0: not a PNG (the 8-byte signature is missing)", "\(inspection.problems)")
    }

    @Test func aNonFinitePoseIsNamedWithItsLine() throws {
        let out = try raw()
        defer { out.remove() }
        let path = out.path + "/raw/raw/poses.csv"
        var lines = String(decoding: out.bytes("raw/raw/poses.csv"), as: UTF8.self).split(separator: "\n").map(String.init)
        lines[2] = "1,nan,0,0,0,0,0,1,0.1"
        _ = FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        let inspection = try BundleInspector.inspect(path: out.path + "/raw")
        #expect(inspection.problems.first == "raw/poses.csv:3: x nan is not a finite number")
    }

    @Test func malformedArkitDataIsNamedWithItsJSONPath() throws {
        let (out, _) = try cubiCapture()
        defer { out.remove() }
        let path = out.path + "/scan/arkitData.json"
        let text = String(decoding: out.bytes("scan/arkitData.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"tracking\":\"normal\"", with: "\"tracking\":\"sideways\"")
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let inspection = try BundleInspector.inspect(path: out.path + "/scan")
        #expect(inspection.problems.first?.hasPrefix("arkitData.json: frames[0].tracking: expected \"normal\", \"notAvailable\" or one of limited:") == true)
        #expect(inspection.problems.first?.hasSuffix(", got \"sideways\"") == true)
    }

    @Test func aPathThatIsNoBundleIsUnreadable() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        #expect(throws: InputError.self) { try BundleInspector.inspect(path: out.path + "/nothing") }
        #expect(throws: InputError.self) { try BundleInspector.inspect(path: out.path) }
        _ = FileManager.default.createFile(atPath: out.path + "/x.zip", contents: Data("PK not really".utf8))
        #expect(throws: InputError.self) { try BundleInspector.inspect(path: out.path + "/x.zip") }
    }

    @Test func aNonFinitePoseTheSessionWasGivenReadsBackAsNaN() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        var storage = CubiCaptureStorage(settings: BundleFixture().settings(folder: out.path))
        let nan = RigidTransform(rotation: .identity, translation: SIMD3(.nan, 0, 0))
        storage.observe(SessionInput(time: 0, .frame(CameraFrame(transform: nan))), recorded: false)
        BundleFixture().write(to: &storage)
        let data = try BundleReader(path: out.path + "/scan").arkitData()
        #expect(data.frames[0].matrix.columnMajor[12].isNaN)
        #expect(!data.frames[0].transform.isFinite)
        #expect(try BundleInspector.inspect(path: out.path + "/scan").problems == [])
    }
}
