#if canImport(Glibc)
import Glibc
#endif

/// A large file written mostly front to back, in 8 MiB blocks that go straight to the disk
/// (`O_DIRECT`) instead of through the kernel's page cache, or (`direct: false`) through it.
///
/// It exists for the gigabytes a long scan writes: on this project's machine (a virtual machine) every
/// page-cache page written costs 1-4 s of system CPU per GB, while `O_DIRECT` writes of 1 MiB cost
/// about 0.2 s per GB and run at the disk's speed (about 1.2 GB/s). The bundle writers write their
/// large files (`allDepthFrames.bin` and the zip) this way. The bytes on disk are the same either way.
///
/// `O_DIRECT` needs block-aligned memory, offsets and lengths: the writer keeps its buffer's bytes at
/// the same offset modulo 4096 as their place in the file, writes the aligned middle of the buffer
/// through an `O_DIRECT` descriptor, and the unaligned edges (the file's last partial block, bytes
/// written after a ``seek(to:)``) through a second, ordinary descriptor of the
/// same file; the kernel keeps the two coherent. Where the file system refuses `O_DIRECT` (tmpfs,
/// some network file systems) everything goes through the ordinary descriptor.
///
/// Write-behind: a full block goes to a ``BlockIOThread`` while the caller fills a second buffer, so
/// computing and the disk overlap. A failed block write is thrown by the next call that hands over,
/// flushes or closes; the bytes on disk never depend on the threads' timing.
package final class DirectFileWriter {
    /// The file's path.
    package let path: String
    /// The `O_DIRECT` descriptor, or -1 when the file system refused it.
    private var directFD: Int32 = -1
    /// The ordinary descriptor.
    private var fd: Int32
    /// Two buffers of ``blockBytes`` + ``alignment`` bytes: one being filled, one being written.
    private let buffers: [UnsafeMutableRawPointer]
    private var current = 0
    /// Where in the current buffer the first buffered byte sits: its file offset modulo ``alignment``.
    private var skew = 0
    /// File offset of the first buffered byte.
    private var bufferOffset = 0
    /// Bytes buffered after `skew`.
    private var buffered = 0
    /// The file's length so far (what was flushed, or is buffered past the end).
    package private(set) var length = 0
    /// The `errno` of the last failed system call, 0 if none failed.
    package private(set) var lastErrorCode: Int32 = 0
    private let io = BlockIOThread()
    /// What the I/O thread reports: the first failed write's errno, and whether `O_DIRECT` was refused.
    private final class Outcome: @unchecked Sendable {
        var errorCode: Int32 = 0
        var directRefused = false
    }
    private let outcome = Outcome()

    /// Block size that offsets, lengths and memory of `O_DIRECT` writes are multiples of, bytes.
    package static let alignment = 4096
    /// Bytes handed to the disk in one `O_DIRECT` `pwrite` (8 MiB and one more block at most): while one
    /// block is written the other fills, so the writer rides out disk stalls of about 50 ms at the
    /// bench's depth rate (1 MiB blocks left it waiting for the disk several seconds of a 10-minute scan).
    package static let blockBytes = 8 << 20
    private static let capacity = blockBytes + alignment

    /// Linux's `O_DIRECT` open flag, which Glibc's Swift module leaves out (glibc defines it only with
    /// `_GNU_SOURCE`): octal 040000 on x86-64, 0200000 on 64-bit ARM; nil elsewhere (no direct writes).
    package static var directFlag: Int32? {
        #if os(Linux) && arch(x86_64)
        return 0o40000
        #elseif os(Linux) && arch(arm64)
        return 0o200000
        #else
        return nil
        #endif
    }

    /// Whether whole blocks bypass the page cache (false where the file system refused `O_DIRECT`).
    package var bypassesPageCache: Bool {
        io.waitUntilIdle()
        return directFD >= 0 && !outcome.directRefused
    }

    /// Creates (or truncates) the file, mode 0644 (`open`), and opens it a second time with `O_DIRECT`
    /// unless `direct` is false or the file system refuses.
    package convenience init(creating path: String, direct: Bool = true) throws(FileSystemError) {
        try self.init(path: path, flags: O_CREAT | O_TRUNC, direct: direct)
    }

    /// Opens an existing file to write into it, keeping its bytes (``length`` starts at its size, the
    /// ``position`` at 0), and opens it a second time with `O_DIRECT` as ``init(creating:direct:)`` does.
    package convenience init(reopening path: String, direct: Bool = true) throws(FileSystemError) {
        try self.init(path: path, flags: 0, direct: direct)
        let end = lseek(fd, 0, SEEK_END)
        guard end >= 0 else { throw failure("lseek", errno) }
        length = Int(end)
    }

    private init(path: String, flags: Int32, direct: Bool) throws(FileSystemError) {
        self.path = path
        fd = open(path, O_WRONLY | flags | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            io.finish()
            throw FileSystemError.system("open", path)
        }
        if direct, let flag = Self.directFlag { directFD = open(path, O_WRONLY | flag | O_CLOEXEC) }
        guard let memory = Self.alignedBlockPair(bytes: Self.capacity) else {
            io.finish()
            Glibc.close(fd)
            if directFD >= 0 { Glibc.close(directFD) }
            throw FileSystemError(call: "posix_memalign for", path: path, reason: "out of memory")
        }
        buffers = memory
    }

    /// Two blocks of `bytes` each, aligned for `O_DIRECT` (`posix_memalign`); nil when memory runs out.
    package static func alignedBlockPair(bytes: Int) -> [UnsafeMutableRawPointer]? {
        var memory: [UnsafeMutableRawPointer] = []
        for _ in 0..<2 {
            var block: UnsafeMutableRawPointer?
            guard posix_memalign(&block, alignment, bytes) == 0, let block else {
                memory.forEach { free($0) }
                return nil
            }
            memory.append(block)
        }
        return memory
    }

    deinit {
        io.finish()
        if fd >= 0 { Glibc.close(fd) }
        if directFD >= 0 { Glibc.close(directFD) }
        for buffer in buffers { free(buffer) }
    }

    /// Where the next ``write(_:)`` goes, a file offset.
    package var position: Int { bufferOffset + buffered }

    /// Writes bytes at ``position`` and moves it past them.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        guard fd >= 0 else { throw failure("write", EBADF) }
        var done = 0
        while done < bytes.count {
            if skew + buffered == Self.capacity { try handOver() }
            let n = min(bytes.count - done, Self.capacity - skew - buffered)
            (buffers[current] + skew + buffered).copyMemory(from: bytes.baseAddress! + done, byteCount: n)
            buffered += n
            done += n
        }
        length = max(length, position)
    }

    /// Writes `count` bytes at ``position`` that `fill` stores straight into the buffer (no copy of
    /// its own), and moves ``position`` past them; `fill` must set every byte. At most
    /// ``blockBytes`` bytes at once. Returns the bytes as buffered, readable until the next call that
    /// writes, seeks, flushes or closes (to copy them elsewhere without encoding them twice).
    @discardableResult
    package func write(count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Void) throws(FileSystemError) -> UnsafeRawBufferPointer {
        guard fd >= 0 else { throw failure("write", EBADF) }
        precondition(count <= Self.blockBytes, "DirectFileWriter.write(count:) takes at most blockBytes")
        if skew + buffered + count > Self.capacity { try handOver() }
        let bytes = UnsafeMutableRawBufferPointer(start: buffers[current] + skew + buffered, count: count)
        fill(bytes)
        buffered += count
        length = max(length, position)
        return UnsafeRawBufferPointer(bytes)
    }

    package func write(_ bytes: [UInt8]) throws(FileSystemError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(FileSystemError) in try write(raw) } }.get()
    }

    /// Writes out what is buffered and moves ``position`` to `offset` (which may be below the end, to
    /// patch bytes written before).
    package func seek(to offset: Int) throws(FileSystemError) {
        try flush()
        bufferOffset = offset
        skew = offset % Self.alignment
    }

    /// Writes out what is buffered and closes both descriptors (`close`); reports a failed close.
    package func close() throws(FileSystemError) {
        guard fd >= 0 else { return }
        defer {
            if directFD >= 0 { Glibc.close(directFD) }
            directFD = -1
        }
        do throws(FileSystemError) { try flush() } catch {
            Glibc.close(fd)
            fd = -1
            throw error
        }
        let result = Glibc.close(fd)
        fd = -1
        if result != 0 { throw failure("close", errno) }
    }

    /// A full buffer: its leading bytes up to the first block boundary written here (only after a
    /// seek), its whole blocks handed to the I/O thread, its last partial block carried to the other
    /// buffer to be continued.
    private func handOver() throws(FileSystemError) {
        let memory = buffers[current] + skew, start = bufferOffset, count = buffered
        let head = min(count, (Self.alignment - skew) % Self.alignment)
        if head > 0 { try writeAll(fd, memory, head, at: start) }
        let blocks = (count - head) / Self.alignment * Self.alignment
        let tail = count - head - blocks
        try waitForBlocks()
        let next = 1 - current
        if tail > 0 { buffers[next].copyMemory(from: memory + head + blocks, byteCount: tail) }
        if blocks > 0 {
            let job = BlockWrite(directFD: directFD, fd: fd, memory: UnsafeRawPointer(memory + head), count: blocks,
                                 offset: start + head, outcome: outcome)
            io.submit { job.run() }
        }
        current = next
        bufferOffset = start + head + blocks
        skew = 0
        buffered = tail
    }

    /// Waits for the block write in flight; throws its failure.
    private func waitForBlocks() throws(FileSystemError) {
        io.waitUntilIdle()
        if outcome.directRefused, directFD >= 0 {
            Glibc.close(directFD)
            directFD = -1
        }
        if outcome.errorCode != 0 { throw failure("pwrite", outcome.errorCode) }
    }

    /// Writes out everything buffered, here: the block in flight first, then this buffer's head, whole
    /// blocks and tail.
    private func flush() throws(FileSystemError) {
        try waitForBlocks()
        let start = bufferOffset, memory = buffers[current] + skew, count = buffered
        let head = min(count, (Self.alignment - skew) % Self.alignment)
        if head > 0 { try writeAll(fd, memory, head, at: start) }
        let blocks = (count - head) / Self.alignment * Self.alignment
        if blocks > 0 {
            BlockWrite(directFD: directFD, fd: fd, memory: UnsafeRawPointer(memory + head), count: blocks,
                       offset: start + head, outcome: outcome).run()
            try waitForBlocks()
        }
        let tail = count - head - blocks
        if tail > 0 { try writeAll(fd, memory + head + blocks, tail, at: start + head + blocks) }
        bufferOffset = start + count
        skew = bufferOffset % Self.alignment
        buffered = 0
    }

    /// One block write: through the `O_DIRECT` descriptor, or the ordinary one if there is none or the
    /// file system turns `O_DIRECT` writes down (`EINVAL`) after all; a failure goes to `outcome`.
    private struct BlockWrite: @unchecked Sendable {
        let directFD: Int32, fd: Int32
        let memory: UnsafeRawPointer
        let count: Int, offset: Int
        let outcome: Outcome

        func run() {
            if directFD >= 0, !outcome.directRefused {
                let code = FileSystem.pwriteAll(directFD, memory, count, at: offset)
                if code == 0 { return }
                guard code == EINVAL else {
                    if outcome.errorCode == 0 { outcome.errorCode = code }
                    return
                }
                outcome.directRefused = true
            }
            let code = FileSystem.pwriteAll(fd, memory, count, at: offset)
            if code != 0, outcome.errorCode == 0 { outcome.errorCode = code }
        }
    }

    /// `pwrite` of every byte on the ordinary descriptor.
    private func writeAll(_ descriptor: Int32, _ memory: UnsafeRawPointer, _ count: Int, at offset: Int) throws(FileSystemError) {
        let code = FileSystem.pwriteAll(descriptor, memory, count, at: offset)
        guard code == 0 else { throw failure("pwrite", code) }
    }

    /// The error of a failed call, remembered in ``lastErrorCode``.
    private func failure(_ call: String, _ code: Int32) -> FileSystemError {
        lastErrorCode = code
        return FileSystemError(call: call, path: path, code: code)
    }
}
