import CVideo
#if canImport(Glibc)
import Glibc
#endif

/// A zip entry read by libavformat through a custom I/O context (`avio_alloc_context`), inflated as the
/// demuxer asks for bytes: `inspect` decodes a zip's `video.mp4` without a temporary file, so nothing is
/// created in `$TMPDIR` (no name a planted link could redirect) and nothing is left behind by a signal.
///
/// Reading is bounded: positions stop at the size the central directory declares (libzip would inflate
/// on past it), and the bytes inflated in all, counting the re-reads a backward seek needs (the entry is
/// opened again and skipped forward: deflate cannot seek), stop at `inflationLimitBytes`. Memory is the
/// context's 64 KiB buffer and libzip's inflate state.
///
/// The FFmpeg calls it wraps: `av_malloc`, `avio_alloc_context`, `avio_context_free`, `av_freep`; the
/// libzip calls through ``ZipReader/stream(ofEntry:)`` and ``ZipEntryStream``.
final class ZipEntryVideoInput {
    /// The I/O context's buffer, bytes.
    static let bufferBytes = 64 << 10

    let reader: ZipReader
    let index: Int
    /// The entry's uncompressed size as the central directory declares it.
    let declaredBytes: UInt64
    /// The most bytes inflated over the whole read, re-reads included.
    let inflationLimitBytes: UInt64
    /// Bytes inflated so far.
    private(set) var inflatedBytes: UInt64 = 0
    /// Why the last read or seek failed (FFmpeg only gets `AVERROR(EIO)`), nil when none did.
    private(set) var failure: LibraryCallError?
    private var stream: ZipEntryStream?
    private var position: UInt64 = 0
    /// The context handed to `AVFormatContext.pb`.
    private(set) var context: UnsafeMutablePointer<AVIOContext>?

    init(reader: ZipReader, index: Int, inflationLimitBytes: UInt64) throws(LibraryCallError) {
        self.reader = reader
        self.index = index
        declaredBytes = reader.entries[index].size
        self.inflationLimitBytes = inflationLimitBytes
        guard let buffer = av_malloc(Self.bufferBytes) else {
            throw LibraryCallError.ffmpeg(reader.path, call: "av_malloc", message: "out of memory")
        }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        context = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.bufferBytes), 0, opaque,
                                     Self.readCallback, nil, Self.seekCallback)
        guard context != nil else {
            var pointer: UnsafeMutableRawPointer? = buffer
            av_freep(&pointer)
            throw LibraryCallError.ffmpeg(reader.path, call: "avio_alloc_context", message: "out of memory")
        }
    }

    deinit {
        if context != nil {
            // The context's buffer may have been replaced by libavformat: free the one it holds now.
            withUnsafeMutablePointer(to: &context!.pointee.buffer) { av_freep(UnsafeMutableRawPointer($0)) }
            avio_context_free(&context)
        }
    }

    private func fail(_ message: String) -> Int32 {
        failure = LibraryCallError(.libzip, call: "zip_fread(\(reader.entries[index].name))", path: reader.path, message: message)
        return -EIO
    }

    /// Inflates up to `count` bytes into `buffer` from the current position.
    private func read(into buffer: UnsafeMutableRawBufferPointer) -> Int32 {
        let wanted = UInt64(buffer.count)
        guard position < declaredBytes else { return cvideo_error_eof() }
        let count = Int(min(wanted, declaredBytes - position))
        guard inflatedBytes + UInt64(count) <= inflationLimitBytes else {
            return fail("reading the entry would inflate more than \(inflationLimitBytes) bytes (the limit for this video)")
        }
        do throws(LibraryCallError) {
            if stream == nil { stream = try reader.stream(ofEntry: index) }
            let n = try stream!.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]))
            inflatedBytes += UInt64(n)
            position += UInt64(n)
            return n == 0 ? cvideo_error_eof() : Int32(n)
        } catch {
            failure = error
            return -EIO
        }
    }

    /// Moves to `target` (at most the declared size): forward by inflating and dropping, backward by
    /// opening the entry again.
    private func seek(to target: UInt64) -> Int64 {
        guard target <= declaredBytes else { return Int64(-EINVAL) }
        do throws(LibraryCallError) {
            if target < position || stream == nil {
                stream = try reader.stream(ofEntry: index)
                position = 0
            }
            let distance = target - position
            guard inflatedBytes + distance <= inflationLimitBytes else {
                return Int64(fail("seeking in the entry would inflate more than \(inflationLimitBytes) bytes (the limit for this video)"))
            }
            let skipped = try stream!.skip(Int(distance))
            inflatedBytes += UInt64(skipped)
            position += UInt64(skipped)
            guard UInt64(skipped) == distance else {
                return Int64(fail("the entry ends at \(position) bytes, before the \(declaredBytes) its central directory declares"))
            }
            return Int64(position)
        } catch {
            failure = error
            return Int64(-EIO)
        }
    }

    private static let readCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
        guard let opaque, let buffer, size > 0 else { return -EINVAL }
        let input = Unmanaged<ZipEntryVideoInput>.fromOpaque(opaque).takeUnretainedValue()
        return input.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(size)))
    }

    private static let seekCallback: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return Int64(-EINVAL) }
        let input = Unmanaged<ZipEntryVideoInput>.fromOpaque(opaque).takeUnretainedValue()
        let size = Int64(input.declaredBytes)
        if whence & AVSEEK_SIZE != 0 { return size }
        let target: Int64
        switch whence & ~AVSEEK_FORCE {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = Int64(input.position) + offset
        case SEEK_END: target = size + offset
        default: return Int64(-EINVAL)
        }
        guard target >= 0 else { return Int64(-EINVAL) }
        return input.seek(to: UInt64(target))
    }
}
