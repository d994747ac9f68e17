@testable import BundleIO
@testable import CaptureBundle
import Foundation
import TestSupport
import Testing

/// ``DirectFileWriter`` and ``BlockFileSource``: the bytes on disk are exactly those written, however
/// the writes fall on block boundaries, with and without `O_DIRECT`, and failures name the file.
@Suite struct BlockFileIOTests {
    /// Writes random-length chunks (1 byte to 2.5 MiB), patches earlier bytes after seeking back,
    /// seeks to the end again and overwrites a header field, mirroring everything in memory.
    static func writeScript(to writer: DirectFileWriter, seed: UInt64) throws -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var model: [UInt8] = []
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        for step in 0..<24 {
            let count = switch step % 4 {
            case 0: 1 + random.below(10)
            case 1: 4096 - random.below(3)
            case 2: (1 << 20) + random.below(1 << 20)
            default: random.below(300_000)
            }
            let chunk = bytes(count)
            try writer.write(chunk)
            model += chunk
            if step % 7 == 6 {
                // Patch bytes written earlier (as libzip does with a local header), then go on at the end.
                let offset = random.below(model.count - 40)
                let patch = bytes(1 + random.below(40))
                try writer.seek(to: offset)
                try writer.write(patch)
                model.replaceSubrange(offset..<(offset + patch.count), with: patch)
                try writer.seek(to: model.count)
            }
        }
        let field = bytes(4)
        try writer.seek(to: 20)
        try writer.write(field)
        model.replaceSubrange(20..<24, with: field)
        try writer.seek(to: model.count)
        #expect(writer.length == model.count)
        try writer.close()
        return model
    }

    @Test(arguments: [true, false])
    func everyByteLandsWhereItWasWrittenWhateverTheAlignment(_ direct: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/file.bin"
        let writer = try DirectFileWriter(creating: path, direct: direct)
        let model = try Self.writeScript(to: writer, seed: direct ? 1 : 2)
        #expect(model.count > 8 << 20)
        #expect(folder.bytes("file.bin") == model)
    }

    @Test func fileSystemsWithoutDirectIOGetTheSameBytesThroughThePageCache() throws {
        // tmpfs refuses O_DIRECT: the writer falls back to ordinary writes.
        guard FileManager.default.fileExists(atPath: "/dev/shm") else { return }
        let path = "/dev/shm/capture-sim-direct-\(getpid()).bin"
        defer { unlink(path) }
        let writer = try DirectFileWriter(creating: path)
        let model = try Self.writeScript(to: writer, seed: 3)
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == model)
    }

    @Test func aFullDiskIsReportedWithThePathAndTheSystemsReason() throws {
        // /dev/full accepts opens and fails every write with ENOSPC.
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let writer = try DirectFileWriter(creating: "/dev/full", direct: false)
        let block = [UInt8](repeating: 7, count: 3 << 20)
        let error = #expect(throws: FileSystemError.self) {
            try writer.write(block)
            try writer.close()
        }
        #expect(error?.description == "pwrite /dev/full: No space left on device")
        #expect(error?.code == ENOSPC && error?.isOutOfSpace == true)
        #expect(writer.lastErrorCode == ENOSPC)
    }

    @Test func anUnwritableFolderFailsAtOpenNamingThePath() {
        let error = #expect(throws: FileSystemError.self) {
            _ = try DirectFileWriter(creating: "/nonexistent-folder/file.bin")
        }
        #expect(error?.description == "open /nonexistent-folder/file.bin: No such file or directory")
        #expect(error?.code == ENOENT && error?.call == "open" && error?.path == "/nonexistent-folder/file.bin")
    }

    @Test(arguments: [0, 1, 4095, 4096, (1 << 20) + 1, 3 * (1 << 20) + 123])
    func storedZipEntriesReadInBlocksHoldTheFilesBytes(_ size: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var random = SplitMix64(seed: UInt64(size))
        let content = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        #expect(FileManager.default.createFile(atPath: folder.path + "/big.bin", contents: Data(content)))
        #expect(FileManager.default.createFile(atPath: folder.path + "/small.txt", contents: Data("hello".utf8)))
        try ZipWriter.write([ZipWriter.Entry(name: "big.bin", file: folder.path + "/big.bin", method: .store),
                             ZipWriter.Entry(name: "small.txt", file: folder.path + "/small.txt")],
                            to: folder.path + "/a.zip")
        let zip = try ZipReader(path: folder.path + "/a.zip")
        #expect(zip.entries.map(\.name) == ["big.bin", "small.txt"])
        #expect(try zip.contents(of: "big.bin") == content)
        #expect(try zip.contents(of: "small.txt") == Array("hello".utf8))
    }

    @Test func aMissingStoredEntryIsALibzipErrorNamingTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = #expect(throws: LibraryCallError.self) {
            try ZipWriter.write([ZipWriter.Entry(name: "x", file: folder.path + "/missing", method: .store)],
                                to: folder.path + "/a.zip")
        }
        #expect(error?.description.contains("stat \(folder.path)/missing: No such file or directory") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/a.zip"))
    }
}

/// ``FileSystem/makeDirectories(_:)``: `mkdir -p`'s folders and failures.
@Suite struct MakeDirectoriesTests {
    @Test func nestedFoldersAreMadeExistingOnesKeptAndAFileInThePathRefused() throws {
        let folder = try TemporaryFolder("mkdirs")
        defer { folder.remove() }
        try FileSystem.makeDirectories(folder.file("a/b/c/"))
        #expect(FileSystem.isDirectory(folder.file("a/b/c")))
        try FileSystem.makeDirectories(folder.file("a/b"))
        try FileSystem.makeDirectories(folder.file("a/../d"))
        #expect(FileSystem.isDirectory(folder.file("d")))
        try FileSystem.write(Array("x".utf8), to: folder.file("a/file"))
        #expect(throws: FileSystemError(call: "mkdir", path: folder.file("a/file"), code: EEXIST)) {
            try FileSystem.makeDirectories(folder.file("a/file/e"))
        }
        #expect(throws: FileSystemError(call: "mkdir", reason: "no folder named (an empty path)")) {
            try FileSystem.makeDirectories("")
        }
    }
}
