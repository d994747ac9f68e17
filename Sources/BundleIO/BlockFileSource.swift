import CZip
#if canImport(Glibc)
import Glibc
#endif

/// A file on disk as a libzip source (`zip_source_function_create`) read in 1 MiB blocks straight from
/// the disk (`O_DIRECT`), the next block read ahead on a ``BlockIOThread`` while libzip checksums and
/// copies the current one: for the large stored entries of an archive (`allDepthFrames.bin`).
///
/// It exists for speed: `zip_source_file` reads through a stdio stream, 8 KiB per `read` system call
/// (650,000 for a 10-minute scan's 5.3 GB depth file), through the page cache, on the thread that
/// also computes libzip's CRC-32. The depth file was written past the page cache
/// (``DirectFileWriter``), so it is read the same way: on this project's machine 1.3 GB/s for about
/// 0.1 s of system CPU per GB, where reading it into the page cache cost 2.7 s per GB. Where the file
/// system refuses `O_DIRECT`, or with `direct: false`, the file is read through the page cache.
///
/// Answers the commands of libzip's readable sources (`ZIP_SOURCE_SUPPORTS_READABLE`).
package final class BlockFileSource: ZipSourceHandler {
    /// The file's path.
    package let path: String
    /// Its length, bytes (from `stat` when the source was made).
    package let size: Int
    private var fd: Int32 = -1
    /// Two blocks: the one libzip reads from (`current`) and the one read ahead.
    private let buffers: [UnsafeMutableRawPointer]
    private var current = 0
    /// The file offset of the current block's first byte, and how many of its bytes are valid.
    private var bufferOffset = 0
    private var bufferCount = 0
    /// The block being read into the other buffer: its offset (-1 for none) and outcome.
    private var readAheadOffset = -1
    private final class ReadOutcome: @unchecked Sendable {
        var count = 0
        var errorCode: Int32 = 0
    }
    private let readAhead = ReadOutcome()
    private let io = BlockIOThread()
    /// The next byte libzip reads.
    private var position = 0
    private var error = zip_error_t()

    /// Bytes read with one `pread`.
    package static let blockBytes = 1 << 20

    /// Whether to open the file with `O_DIRECT`.
    private let direct: Bool

    /// Fails with the `stat` error when the file cannot be examined.
    package init(path: String, direct: Bool = true) throws(FileSystemError) {
        self.path = path
        self.direct = direct
        var st = stat()
        guard stat(path, &st) == 0 else { throw FileSystemError.system("stat", path) }
        size = Int(st.st_size)
        guard let memory = DirectFileWriter.alignedBlockPair(bytes: Self.blockBytes) else {
            io.finish()
            throw FileSystemError(call: "posix_memalign for", path: path, reason: "out of memory")
        }
        buffers = memory
        zip_error_init(&error)
    }

    deinit {
        io.finish()
        if fd >= 0 { close(fd) }
        buffers.forEach { free($0) }
        zip_error_fini(&error)
    }

    /// A libzip source reading this file; libzip releases the object (`ZIP_SOURCE_FREE`) when done.
    package func makeSource(_ archive: OpaquePointer) -> OpaquePointer? {
        retainedSource { zip_source_function(archive, zipSourceCallback, $0) }
    }

    private func fail(_ code: Int32, _ system: Int32) -> zip_int64_t {
        zip_error_set(&error, code, system)
        return -1
    }

    /// Reads a block at a block-aligned offset (`pread` until the block is full or the file ends): the
    /// bytes read, or minus the errno.
    private static func readBlock(_ fd: Int32, into memory: UnsafeMutableRawPointer, at offset: Int) -> Int {
        var count = 0
        while count < blockBytes {
            let n = pread(fd, memory + count, blockBytes - count, off_t(offset + count))
            if n < 0 {
                if errno == EINTR { continue }
                return -Int(errno)
            }
            if n == 0 { break }
            count += n
            // A short read from an O_DIRECT descriptor ends at the file's end (or an unaligned length).
            if count % DirectFileWriter.alignment != 0 { break }
        }
        return count
    }

    /// Makes the block holding `position` current: the one read ahead if it is that one, else read
    /// here; then starts reading the block after it. Returns 0 or the errno.
    private func fill() -> Int32 {
        let offset = position / Self.blockBytes * Self.blockBytes
        io.waitUntilIdle()
        let count: Int
        if readAheadOffset == offset {
            current = 1 - current
            count = readAhead.errorCode == 0 ? readAhead.count : -Int(readAhead.errorCode)
        } else {
            count = Self.readBlock(fd, into: buffers[current], at: offset)
        }
        readAheadOffset = -1
        guard count >= 0 else { return Int32(-count) }
        bufferOffset = offset
        bufferCount = count
        let next = offset + count
        if count == Self.blockBytes, next < size {
            let fd = fd, memory = buffers[1 - current], outcome = readAhead
            nonisolated(unsafe) let target = memory
            readAheadOffset = next
            io.submit {
                let n = BlockFileSource.readBlock(fd, into: target, at: next)
                outcome.count = max(0, n)
                outcome.errorCode = n < 0 ? Int32(-n) : 0
            }
        }
        return 0
    }

    package func handle(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t, _ command: zip_source_cmd_t) -> zip_int64_t {
        if let answer = readableSourceAnswer(command, data, length, error: &error) { return answer }
        switch command {
        case ZIP_SOURCE_OPEN:
            if direct, let flag = DirectFileWriter.directFlag { fd = open(path, O_RDONLY | flag | O_CLOEXEC) }
            if fd < 0 { fd = open(path, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { return fail(ZIP_ER_OPEN, errno) }
            position = 0
            bufferCount = 0
            readAheadOffset = -1
            return 0
        case ZIP_SOURCE_READ:
            guard let data else { return fail(ZIP_ER_INVAL, 0) }
            var done = 0
            let wanted = min(Int(length), size - position)
            while done < wanted {
                if position < bufferOffset || position >= bufferOffset + bufferCount {
                    let code = fill()
                    guard code == 0 else { return fail(ZIP_ER_READ, code) }
                    guard position < bufferOffset + bufferCount else { return fail(ZIP_ER_READ, EIO) }
                }
                let n = min(wanted - done, bufferOffset + bufferCount - position)
                (data + done).copyMemory(from: buffers[current] + (position - bufferOffset), byteCount: n)
                done += n
                position += n
            }
            return zip_int64_t(done)
        case ZIP_SOURCE_CLOSE:
            io.waitUntilIdle()
            readAheadOffset = -1
            if fd >= 0 { close(fd) }
            fd = -1
            return 0
        default:
            return fail(ZIP_ER_OPNOTSUPP, 0)
        }
    }
}
