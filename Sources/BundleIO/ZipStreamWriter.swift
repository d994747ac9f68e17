import CZip
import Foundation

/// A zip archive whose first entry is written while its data is still being produced: libzip's
/// `zip_close` runs on a thread of its own from the start, reading the entry (stored) from a
/// ``ZipStreamSource`` that ``append(_:)`` feeds, and writing it through a ``ZipArchiveFile``.
///
/// It exists for the depth file of a long scan: written this way while the scan records, when the
/// disk has time to spare, the zip step afterwards only adds the small files
/// (``ZipWriter/append(_:toArchive:savingAs:)``) instead of reading 5 GB back and writing them again.
/// The entry is the one ``ZipWriter/write(_:to:)`` makes of the same bytes stored from a file: same
/// method, date, attributes and Zip64 local header, and libzip computes its CRC-32 from the bytes it
/// copies.
public final class ZipStreamWriter: @unchecked Sendable {
    /// The archive's path (written under a temporary name until ``finish()`` succeeds).
    public let path: String
    private let source: ZipStreamSource
    /// What the archive's thread reports when `zip_close` returns.
    private final class Outcome: @unchecked Sendable {
        let done = NSCondition()
        var running = true
        var failure: LibraryCallError?
    }
    private let outcome = Outcome()

    /// Creates the archive at `path` with one entry named `entryName` and starts writing it. The
    /// archive's calls `zip_open_from_source` ... `zip_file_add` fail here, `zip_close` in ``finish()``.
    /// The entry's bytes wait in a ring of `bufferBytes` (32 MiB by default, 3.5 s of a 60 Hz depth
    /// stream), so that the producer does not wait when libzip's thread is kept off the cores a while.
    public init(path: String, entryName: String, bufferBytes: Int = 32 << 20) throws(LibraryCallError) {
        self.path = path
        let archive = try ZipWriter.open(ZipArchiveFile(path: path), flags: ZIP_CREATE | ZIP_TRUNCATE)
        source = ZipStreamSource(capacity: bufferBytes)
        guard let entry = source.makeSource(archive) else {
            throw ZipWriter.failure("zip_source_function(\(entryName))", archive, path)
        }
        try ZipWriter.add(entry, as: entryName, method: .store, to: archive, path)
        nonisolated(unsafe) let handle = archive
        let source = source, outcome = outcome
        let thread = Thread {
            let result: LibraryCallError? = zip_close(handle) == 0 ? nil : ZipWriter.failure("zip_close", handle, path)
            // Nothing reads any more: later appends are dropped instead of waiting.
            source.close()
            outcome.done.lock()
            outcome.failure = result
            outcome.running = false
            outcome.done.broadcast()
            outcome.done.unlock()
        }
        thread.name = "capture-sim zip stream"
        thread.start()
    }

    /// Abandons the archive unless it was finished.
    deinit { cancel() }

    /// Appends bytes to the entry (waiting while its buffer is full). After a failure they are dropped;
    /// ``finish()`` reports it.
    public func append(_ bytes: UnsafeRawBufferPointer) { source.append(bytes) }

    /// Appends bytes to the entry.
    public func append(_ bytes: [UInt8]) { bytes.withUnsafeBytes { _ = source.append($0) } }

    /// Ends the entry and waits until libzip has written the archive; throws its failure.
    public func finish() throws(LibraryCallError) {
        source.finish()
        if let failure = waitForClose() { throw failure }
    }

    /// Abandons the archive: libzip's read fails, it removes its temporary file, and this returns when
    /// it has.
    public func cancel() {
        source.close()
        _ = waitForClose()
    }

    private func waitForClose() -> LibraryCallError? {
        outcome.done.lock()
        while outcome.running { outcome.done.wait() }
        let result = outcome.failure
        outcome.done.unlock()
        return result
    }
}
