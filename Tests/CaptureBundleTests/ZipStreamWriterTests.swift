@testable import BundleIO
@testable import CaptureBundle
import Foundation
import TestSupport
import Testing

/// ``ZipStreamWriter`` and ``ZipWriter/append(_:toArchive:savingAs:)``: an archive whose first entry was
/// streamed in while it was produced, completed with the other files, is byte for byte the archive
/// ``ZipWriter/write(_:to:)`` makes of the same files; an abandoned or failed stream leaves nothing.
@Suite struct ZipStreamWriterTests {
    /// A folder with a large stored file (not a multiple of any block size) and two small ones.
    static func files(in folder: String, largeBytes: Int, seed: UInt64) throws -> (large: [UInt8], entries: [ZipWriter.Entry]) {
        var random = SplitMix64(seed: seed)
        let large = (0..<largeBytes).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try Data(large).write(to: URL(fileURLWithPath: folder + "/depth.bin"))
        try Data(String(repeating: "{\"frame\": 1}\n", count: 500).utf8).write(to: URL(fileURLWithPath: folder + "/log.json"))
        try Data("small".utf8).write(to: URL(fileURLWithPath: folder + "/note.txt"))
        return (large, [ZipWriter.Entry(name: "depth.bin", file: folder + "/depth.bin", method: .store),
                        ZipWriter.Entry(name: "log.json", file: folder + "/log.json"),
                        ZipWriter.Entry(name: "note.txt", file: folder + "/note.txt", method: .deflate(level: 9))])
    }

    @Test(arguments: [0, 1, 4095, (1 << 20) + 17, 9 * (1 << 20) + 5])
    func aStreamedFirstEntryGivesTheSameArchiveAsWritingTheFiles(largeBytes: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (large, entries) = try Self.files(in: folder.path, largeBytes: largeBytes, seed: UInt64(largeBytes))
        try ZipWriter.write(entries, to: folder.path + "/whole.zip")

        // A small ring, so that the producer waits for libzip as well as the other way round.
        let stream = try ZipStreamWriter(path: folder.path + "/stream.part", entryName: "depth.bin", bufferBytes: 64 << 10)
        var random = SplitMix64(seed: 7)
        var offset = 0
        while offset < large.count {
            let count = min(large.count - offset, 1 + random.below(300_000))
            large[offset..<(offset + count)].withUnsafeBytes { stream.append($0) }
            offset += count
        }
        try stream.finish()
        try ZipWriter.append(Array(entries.dropFirst()), toArchive: folder.path + "/stream.part", savingAs: folder.path + "/streamed.zip")

        #expect(folder.bytes("streamed.zip") == folder.bytes("whole.zip"))
        #expect(folder.tree() == ["depth.bin", "log.json", "note.txt", "streamed.zip", "whole.zip"])
        let reader = try ZipReader(path: folder.path + "/streamed.zip")
        #expect(reader.entries.map(\.name) == ["depth.bin", "log.json", "note.txt"])
        #expect(reader.entries.first?.size == UInt64(large.count))
    }

    @Test func aCancelledStreamLeavesNoFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let stream = try ZipStreamWriter(path: folder.path + "/stream.part", entryName: "depth.bin", bufferBytes: 4096)
        let chunk = [UInt8](repeating: 3, count: 10_000)
        stream.append(chunk)
        stream.cancel()
        // Appending after the archive was abandoned neither waits nor writes.
        stream.append(chunk)
        #expect(folder.tree() == [])
    }

    @Test func anUnwritableFolderFailsAtFinishAndAppendsDoNotWait() throws {
        let stream = try ZipStreamWriter(path: "/proc/capture-sim-no-such-folder/stream.part", entryName: "depth.bin", bufferBytes: 4096)
        for _ in 0..<10 { stream.append([UInt8](repeating: 1, count: 5000)) }
        #expect(throws: LibraryCallError.self) { try stream.finish() }
    }

    @Test func appendingToSomethingThatIsNotAnArchiveFailsAndRemovesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (_, entries) = try Self.files(in: folder.path, largeBytes: 10, seed: 1)
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: folder.path + "/stream.part"))
        let error = try #require(throws: LibraryCallError.self) {
            try ZipWriter.append(entries, toArchive: folder.path + "/stream.part", savingAs: folder.path + "/out.zip")
        }
        #expect(error.call == "zip_open_from_source")
        #expect(error.path == folder.path + "/stream.part")
        #expect(folder.tree() == ["depth.bin", "log.json", "note.txt"])
    }
}
