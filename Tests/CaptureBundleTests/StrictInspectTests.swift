@testable import BundleIO
import CaptureBundle
import CaptureEngine
import CaptureReplay
import Foundation
import JSONSupport
import TestSupport
import Testing

/// `inspect` is as strict as the independent readers (pngcheck, `unzip -t`, Python's zipfile): a real
/// written PNG or zip, damaged one way at a time, is rejected with a problem naming the file and the
/// place; files too large to read whole are refused without being inflated.
@Suite struct StrictInspectTests {
    /// A damage to a depth PNG, and the start of the problem `inspect` must report for it.
    struct Damage: CustomStringConvertible, Sendable {
        var description: String
        var apply: @Sendable ([UInt8]) -> [UInt8]
        /// The problem's text after `raw/depth/00001.png: `, given the damaged file.
        var expected: @Sendable ([UInt8]) -> String
    }

    /// The offset of the first chunk of `type` in a PNG.
    static func chunk(_ type: String, in png: [UInt8]) -> Int {
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            if String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self) == type { return offset }
            offset += 12 + length
        }
        return -1
    }

    /// A chunk with a correct CRC-32.
    static func chunkBytes(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBytes { CRC32($0).value }
        let n = UInt32(data.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    static let damages: [Damage] = [
        Damage(description: "a byte of IDAT's data changed (critical chunk CRC)",
               apply: { png in var p = png; p[chunk("IDAT", in: p) + 10] ^= 0x01; return p },
               expected: { png in "byte \(chunk("IDAT", in: png)): chunk IDAT (critical) has CRC-32" }),
        Damage(description: "a byte of gAMA's data changed (ancillary chunk CRC)",
               apply: { png in var p = png; p[chunk("gAMA", in: p) + 9] ^= 0x01; return p },
               expected: { png in "byte \(chunk("gAMA", in: png)): chunk gAMA (ancillary) has CRC-32" }),
        Damage(description: "IEND cut off",
               apply: { png in Array(png.dropLast(12)) },
               expected: { png in "byte \(png.count): no IEND chunk" }),
        Damage(description: "bytes after IEND",
               apply: { png in png + Array("trailing".utf8) },
               expected: { png in "byte \(png.count - 8): 8 trailing bytes after IEND" }),
        Damage(description: "a chunk after IEND",
               apply: { png in png + chunkBytes("tEXt", Array("Comment\u{0}late".utf8)) },
               expected: { png in "byte \(chunk("IEND", in: png) + 12): chunk tEXt after IEND" }),
    ]

    func rawPackage() -> TemporaryFolder? {
        guard let out = try? TemporaryFolder() else { return nil }
        var storage = RawRGBDStorage(settings: BundleFixture().settings(folder: out.path, name: "raw"))
        BundleFixture().write(to: &storage)
        return out
    }

    func cubiCapture() throws -> (TemporaryFolder, CubiCaptureStorage) {
        let out = try TemporaryFolder()
        var storage = CubiCaptureStorage(settings: BundleFixture().settings(folder: out.path))
        BundleFixture().write(to: &storage)
        return (out, storage)
    }

    @Test(arguments: damages)
    func aDamagedPNGIsRejectedNamingTheFileAndChunk(damage: Damage) throws {
        let out = try #require(rawPackage())
        defer { out.remove() }
        let name = "raw/depth/00001.png"
        let damaged = damage.apply(out.bytes("raw/" + name))
        #expect(FileManager.default.createFile(atPath: out.path + "/raw/" + name, contents: Data(damaged)))
        let inspection = try BundleInspector.inspect(path: out.path + "/raw")
        let first = try #require(inspection.problems.first)
        #expect(first.hasPrefix("\(name): \(damage.expected(damaged))"), "\(damage): \(first)")
        // pngcheck, an independent reader, rejects it too.
        let checked = try CommandLineTool.runProgram("/usr/bin/env", ["pngcheck", out.path + "/raw/" + name])
        #expect(checked.status != 0, "\(damage): pngcheck accepted it: \(checked.output)")
    }

    @Test func aPNGDeclaringMorePixelsThanTheLimitIsRefusedBeforeDecoding() throws {
        let out = try #require(rawPackage())
        defer { out.remove() }
        let name = "raw/depth/00000.png"
        func big(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let png = PNGChunkCheck.signature + Self.chunkBytes("IHDR", big(0xFFFF_FFFF) + big(0xFFFF_FFFF) + [16, 0, 0, 0, 0])
            + Self.chunkBytes("IDAT", [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + Self.chunkBytes("IEND", [])
        #expect(FileManager.default.createFile(atPath: out.path + "/raw/" + name, contents: Data(png)))
        let inspection = try BundleInspector.inspect(path: out.path + "/raw")
        #expect(inspection.problems.first == "\(name): byte 8: IHDR declares 4294967295x4294967295, more than the limit of 16777216 pixels")
    }

    @Test func theToolExitsOneNamingTheDamagedPNG() throws {
        let out = try #require(rawPackage())
        defer { out.remove() }
        let name = "raw/confidence/00002.png"
        #expect(FileManager.default.createFile(atPath: out.path + "/raw/" + name,
                                               contents: Data(out.bytes("raw/" + name) + [0])))
        let result = try CommandLineTool.run(["inspect", out.path + "/raw"])
        #expect(result.status == 1)
        #expect(result.output.contains("capture-sim inspect: invalid bundle: \(name): byte"), "\(result.output)")
        #expect(result.output.contains("1 trailing bytes after IEND"))
    }

    /// Appends an archive comment to a zip (the end-of-central-directory record's last field).
    static func addComment(_ comment: String, to path: String) throws {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes[bytes.count - 22] == 0x50 && bytes[bytes.count - 21] == 0x4B)
        let text = Array(comment.utf8)
        bytes[bytes.count - 2] = UInt8(text.count & 0xFF)
        bytes[bytes.count - 1] = UInt8(text.count >> 8)
        try Data(bytes + text).write(to: URL(fileURLWithPath: path))
    }

    @Test func aZipWithAnArchiveCommentIsInvalidFromTheFolderAndAlone() throws {
        let (out, storage) = try cubiCapture()
        defer { out.remove() }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: storage.zipPath)[.size] as? Int)
        try Self.addComment("written elsewhere", to: storage.zipPath)
        let expected = "\(storage.zipPath): byte \(size): an archive comment of 17 bytes; the bundle writer writes none"
        #expect(try BundleInspector.inspect(path: out.path + "/scan").problems.first == expected)
        #expect(try BundleInspector.inspect(path: storage.zipPath).problems.first == expected)
        let result = try CommandLineTool.run(["inspect", storage.zipPath])
        #expect(result.status == 1)
        #expect(result.output.contains("invalid bundle: \(expected)"))
    }

    @Test func aZipEntryIsReadWholeOnlyUpToTheLimit() throws {
        let (out, storage) = try cubiCapture()
        defer { out.remove() }
        let zip = try ZipReader(path: storage.zipPath)
        let size = try #require(zip.entries.first { $0.name == "arkitData.json" }).size
        #expect(throws: Never.self) { _ = try zip.contents(of: "arkitData.json", limit: Int(size)) }
        #expect {
            _ = try zip.contents(of: "arkitData.json", limit: 100)
        } throws: { error in
            (error as? LibraryCallError)?.message == "entry arkitData.json declares \(size) bytes, more than the limit of 100 bytes"
        }
    }

    /// A zip holding one deflated `arkitData.json` of `bytes` spaces (a few KB deflated), its declared
    /// size replaced by `declared` in the local header and the central directory when given.
    static func bomb(in folder: String, bytes: Int, declared: UInt32? = nil) throws -> String {
        let source = folder + "/spaces.json"
        #expect(FileManager.default.createFile(atPath: source, contents: Data(repeating: 0x20, count: bytes)))
        let path = folder + "/bomb.zip"
        try ZipWriter.write([ZipWriter.Entry(name: "arkitData.json", file: source, method: .deflate(level: 9))], to: path)
        try FileManager.default.removeItem(atPath: source)
        guard let declared else { return path }
        var zip = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let signature: [UInt8] = [0x50, 0x4B, 1, 2]
        let found = (0..<(zip.count - 4)).last { (i: Int) -> Bool in zip[i..<(i + 4)].elementsEqual(signature) }
        let central = try #require(found)
        for offset in [22, central + 24] {
            for k in 0..<4 { zip[offset + k] = UInt8(declared >> (8 * UInt32(k)) & 0xFF) }
        }
        try Data(zip).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aZipBombIsRefusedByInspectAndReplayNamingTheFileAndTheLimit() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let path = try Self.bomb(in: out.path, bytes: BundleReader.maximumFileBytes + 1)
        let problems = try BundleInspector.inspect(path: path).problems
        #expect(problems.contains { $0.hasPrefix("arkitData.json: ") && $0.hasSuffix("entry arkitData.json declares 67108865 bytes, more than the limit of 67108864 bytes") },
                "\(problems)")
        #expect {
            _ = try ReplayReader.read(path: path)
        } throws: { error in
            guard let e = error as? InputError else { return false }
            return e.file == path && e.reason.contains("arkitData.json") && e.reason.contains("more than the limit of 67108864 bytes")
        }
    }

    @Test func aZipEntryThatInflatesBeyondItsDeclaredSizeIsRefused() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let path = try Self.bomb(in: out.path, bytes: 4 << 20, declared: 64)
        let problems = try BundleInspector.inspect(path: path).problems
        #expect(problems.contains { $0 == "arkitData.json: \(path): zip_fread(arkitData.json): entry arkitData.json inflates beyond the 64 bytes its central directory declares" },
                "\(problems)")
        #expect(throws: InputError.self) { _ = try ReplayReader.read(path: path) }
    }

    @Test func jsonStopsAtTheValueLimitCountingLongStringsByTheirLength() throws {
        // The array is a value too: [1,2,3] holds four.
        let options = JSONParser.Options(maximumValues: 4)
        #expect(throws: Never.self) { try JSONParser.parse(Array("[1,2,3]".utf8), options: options) }
        #expect(throws: JSONSyntaxError(line: 1, column: 8, problem: .tooManyValues(4))) {
            try JSONParser.parse(Array("[1,2,3,4]".utf8), options: options)
        }
        // 15 bytes are stored inline and count once; 16 bytes count 1 + 16 / 8.
        let three = JSONParser.Options(maximumValues: 3)
        #expect(throws: Never.self) { try JSONParser.parse(Array("[\"123456789012345\"]".utf8), options: three) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("[\"1234567890123456\"]".utf8), options: three) }
    }

    @Test func arkitDataOfMoreValuesThanTheLimitIsAProblemNamingTheFileAndLimit() throws {
        let (out, _) = try cubiCapture()
        defer { out.remove() }
        let count = JSONParser.maximumBundleValues
        let text = "[" + String(repeating: "0,", count: count) + "0]"
        #expect(FileManager.default.createFile(atPath: out.path + "/scan/arkitData.json", contents: Data(text.utf8)))
        let inspection = try BundleInspector.inspect(path: out.path + "/scan")
        // The array is the first value, so the parse stops at the number in column 2 * count.
        #expect(inspection.problems.first == "arkitData.json: line 1, column \(2 * count): more than the limit of 2097152 JSON values a bundle file may hold")
        #expect {
            _ = try ReplayReader.read(path: out.path + "/scan")
        } throws: { error in
            (error as? InputError)?.description == "\(out.path)/scan/arkitData.json: line 1, column \(2 * count): more than the limit of 2097152 JSON values a bundle file may hold"
        }
    }

    @Test func posesCSVIsReadALineAtATimeUpToTheRowLimit() throws {
        let header = "frame,x,y,z,qx,qy,qz,qw\n"
        #expect(try RawPose.parseCSV(header + "0,0,0,0,0,0,0,1\r\n1,0,0,0,0,0,0,1\n").map(\.frame) == [0, 1])
        let rows = String(repeating: "0,0,0,0,0,0,0,1\n", count: RawPose.maximumRows + 1)
        #expect(throws: InputError(file: "raw/poses.csv", line: 262146, reason: "more than the limit of 262144 rows")) {
            try RawPose.parseCSV(header + rows)
        }
        #expect(throws: InputError(file: "raw/poses.csv", line: 2, reason: "expected 8 fields (frame,x,y,z,qx,qy,qz,qw), found 100001")) {
            try RawPose.parseCSV(header + String(repeating: ",", count: 100_000) + "\n")
        }
    }

    @Test func meshOBJIsCheckedALineAtATime() throws {
        let out = try #require(rawPackage())
        defer { out.remove() }
        let path = out.path + "/raw/mesh.obj"
        let text = "# mesh\nv 0 0 0\nv 1 0 0\nv 0 1 0\n" + String(repeating: "\n", count: 1_000_000) + "f 1 2 3\nf 1 2 4\n"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        #expect(try BundleInspector.inspect(path: out.path + "/raw").problems.first == "mesh.obj: line 1000006: face index out of 1...3")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(("v " + String(repeating: "1 ", count: 3000) + "\n").utf8)))
        #expect(try BundleInspector.inspect(path: out.path + "/raw").problems.first == "mesh.obj: line 1: longer than 4096 bytes")
    }

    @Test func aZipDeclaringMoreEntriesThanTheLimitIsRefusedBeforeLibzipReadsThem() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        func le(_ value: UInt64, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(value >> (8 * UInt64($0)) & 0xFF) } }
        // Zip64 end record (1,000,000 entries), its locator, then the classic record saying 0xFFFF.
        let zip64End = [0x50, 0x4B, 6, 6] + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4)
            + le(1_000_000, 8) + le(1_000_000, 8) + le(0, 8) + le(0, 8)
        let locator = [0x50, 0x4B, 6, 7] + le(0, 4) + le(0, 8) + le(1, 4)
        let end = [0x50, 0x4B, 5, 6] + le(0, 2) + le(0, 2) + le(0xFFFF, 2) + le(0xFFFF, 2)
            + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
        let path = out.path + "/many.zip"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(zip64End + locator + end)))
        #expect(throws: LibraryCallError(.libzip, call: "zip_open", path: path, message: "the archive declares 1000000 entries, more than the limit of 65535")) {
            _ = try ZipReader(path: path)
        }
        #expect(throws: InputError.self) { _ = try BundleInspector.inspect(path: path) }
    }

    @Test func aDepthFileOfMoreThanTheLimitOfPixelsIsRefusedByItsHeader() throws {
        let header = DepthFramesLayout.header(width: 4096, height: 2048)
        #expect {
            _ = try DepthFramesFile(bytes: Data(header))
        } throws: { error in
            (error as? InputError)?.description == "allDepthFrames.bin: byte 12: depth size 4096x2048 is more than the limit of 4194304 pixels"
        }
    }

    @Test func aDepthEntryThatInflatesBeyondItsDeclaredSizeIsRefusedBeforeAnyRecordIsUsed() throws {
        let (out, storage) = try cubiCapture()
        defer { out.remove() }
        let folder = out.path + "/scan"
        let files = BundleInspector.cubiCaptureFiles.filter { storage.writtenFiles.contains($0) }
        try ZipWriter.write(files.map { ZipWriter.Entry(name: $0, file: folder + "/" + $0, method: .deflate(level: 6)) },
                            to: storage.zipPath)
        // The depth entry comes first: its local header at 0, its central-directory entry first of all.
        let declared = UInt32(32 + DepthFramesLayout.recordBytes(width: BundleFixture.depthWidth, height: BundleFixture.depthHeight))
        var zip = Array(try Data(contentsOf: URL(fileURLWithPath: storage.zipPath)))
        let signature: [UInt8] = [0x50, 0x4B, 1, 2]
        let found = (0..<(zip.count - 4)).first { (i: Int) -> Bool in zip[i..<(i + 4)].elementsEqual(signature) }
        let central = try #require(found)
        for offset in [22, central + 24] {
            for k in 0..<4 { zip[offset + k] = UInt8(declared >> (8 * UInt32(k)) & 0xFF) }
        }
        try Data(zip).write(to: URL(fileURLWithPath: storage.zipPath))
        #expect(throws: InputError(file: "allDepthFrames.bin", location: "byte \(declared)",
                                        reason: "the zip entry inflates beyond the \(declared) bytes its central directory declares")) {
            _ = try BundleReader(path: storage.zipPath).depthFrames()
        }
        #expect {
            _ = try ReplayReader.read(path: storage.zipPath)
        } throws: { error in
            (error as? InputError)?.description
                == "\(storage.zipPath): allDepthFrames.bin: byte \(declared): the zip entry inflates beyond the \(declared) bytes its central directory declares"
        }
    }

    @Test func aDepthFileInAZipIsReadARecordAtATimeWithItsCRCChecked() throws {
        let (out, storage) = try cubiCapture()
        defer { out.remove() }
        let reader = try BundleReader(path: storage.zipPath)
        let depth = try reader.depthFrames()
        let fixture = BundleFixture()
        #expect(depth.frameCount == fixture.depthFrameIndices.count)
        // Backwards and forwards: the entry is reopened to go back.
        for index in [2, 0, 3, 1] {
            #expect(try depth.frame(index).depth.depth == fixture.depthMap(fixture.depthFrameIndices[index]).depth.map { Float(Float16($0)) })
        }
    }
}
