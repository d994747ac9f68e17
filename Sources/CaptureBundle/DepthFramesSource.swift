import BundleIO
import Foundation
#if canImport(Glibc)
import Glibc
import JSONSupport
#endif

/// Where ``DepthFramesFile`` reads its bytes from, a record at a time, so that reading a depth file of
/// any length holds one record in memory: bytes already in memory, a file (`pread`), or a zip entry
/// (read front to back, reopened to go back).
public protocol DepthFramesSource: AnyObject, Sendable {
    /// The number of bytes.
    var length: Int { get }
    /// Fills `buffer` with the bytes from `offset` on; throws, naming the file, when they cannot be read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(InputError)
}

/// A depth file's bytes held in memory (or memory-mapped by the caller).
public final class DepthFramesMemorySource: DepthFramesSource {
    private let bytes: Data

    public init(_ bytes: Data) { self.bytes = bytes }

    public var length: Int { bytes.count }

    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(InputError) {
        bytes.withUnsafeBytes { raw in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + buffer.count)]))
        }
    }
}

/// A depth file on disk, read with `pread` (not memory-mapped: the pages a long replay or inspection
/// has read do not stay in the process's resident memory).
public final class DepthFramesFileSource: DepthFramesSource {
    /// The file's path.
    public let path: String
    public let length: Int
    private let descriptor: Int32

    /// Opens `path` (`open`, `fstat`); `file` names it in errors.
    public init(path: String, file: String) throws(InputError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(file: file, reason: "open: \(FileSystem.lastError())") }
        var st = stat()
        guard fstat(descriptor, &st) == 0 else {
            let message = FileSystem.lastError()
            close(descriptor)
            throw InputError(file: file, reason: "fstat: \(message)")
        }
        length = Int(st.st_size)
    }

    deinit { close(descriptor) }

    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(InputError) {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let reason = n < 0 ? FileSystem.lastError() : "the file ends at byte \(offset + done) (it changed while being read)"
                throw InputError(file: path, location: "byte \(offset + done)", reason: "pread: \(reason)")
            }
            done += n
        }
    }
}

/// A depth file as an entry of a zip, inflated front to back as records are asked for (a record before
/// the last one read reopens the entry). ``verify()`` reads it once to its end first, so that its size
/// and CRC-32 are known good.
public final class DepthFramesZipSource: DepthFramesSource, @unchecked Sendable {
    /// The entry's size as the zip's central directory declares it.
    public let length: Int
    private let reader: ZipReader
    private let index: Int
    private let file: String
    private let lock = NSLock()
    private var stream: ZipEntryStream?

    /// The entry `index` of `reader`; `file` names it in errors.
    public init(reader: ZipReader, index: Int, file: String) {
        self.reader = reader
        self.index = index
        self.file = file
        length = Int(clamping: reader.entries[index].size)
    }

    /// Reads the entry to its end once (libzip checks its CRC-32) and checks that it inflates to exactly
    /// the size its central directory declares, reading at most one byte beyond it.
    public func verify() throws(InputError) {
        let read: Int, more: Int
        do throws(LibraryCallError) {
            let entry = try reader.stream(ofEntry: index)
            read = try entry.skip(length)
            var extra: UInt8 = 0
            more = read < length ? 0 : try withUnsafeMutableBytes(of: &extra) { raw in
                Result { () throws(LibraryCallError) in try entry.read(into: raw) }
            }.get()
        } catch {
            throw InputError(file: file, reason: "\(error.call): \(error.message)")
        }
        guard read == length else {
            throw InputError(file: file, location: "byte \(read)",
                                  reason: "the zip entry ends after \(read) bytes, its central directory declares \(length)")
        }
        guard more == 0 else {
            throw InputError(file: file, location: "byte \(length)",
                                  reason: "the zip entry inflates beyond the \(length) bytes its central directory declares")
        }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(InputError) {
        lock.lock()
        defer { lock.unlock() }
        let position: Int, got: Int
        do throws(LibraryCallError) {
            let entry: ZipEntryStream
            if let current = stream, current.position <= offset { entry = current } else {
                entry = try reader.stream(ofEntry: index)
                stream = entry
            }
            _ = try entry.skip(offset - entry.position)
            position = entry.position
            got = position == offset ? try entry.read(into: buffer) : 0
        } catch {
            stream = nil
            throw InputError(file: file, reason: "\(error.call): \(error.message)")
        }
        guard position == offset, got == buffer.count else {
            stream = nil
            throw InputError(file: file, location: "byte \(position + got)", reason: "the zip entry ends early")
        }
    }
}
