#if canImport(Glibc)
import BundleIO
import Glibc
#endif

/// Checks a zip against the folder it was made from, in one of two ways:
///
/// - ``problem(zip:folder:files:)`` (what `capture-sim inspect` runs): the archive opens with
///   `ZIP_CHECKCONS`, has no archive comment, lists exactly the expected names in order, and every entry
///   reads back (CRC checked by libzip) with the folder file's bytes, inflating no further than the
///   first byte that differs.
/// - ``checksumProblem(zip:folder:files:knownChecksums:)`` (what the bundle writer runs after zipping,
///   as the SDK checks its zip): the archive opens with `ZIP_CHECKCONS` (central directory against the
///   local headers), lists exactly the expected names in order, every entry has the folder file's size
///   and CRC-32 (taken from `knownChecksums`, computed while the file was written, or else by reading
///   the file), and every deflated entry inflates to that CRC. Stored entries (the depth file) are not
///   read again: libzip computed their CRC from the very bytes it copied.
public enum BundleZipValidation {
    /// The first problem found by comparing every entry's bytes, or nil when the zip is valid.
    public static func problem(zip: String, folder: String, files: [String]) -> String? {
        let reader: ZipReader
        do { reader = try ZipReader(path: zip) } catch { return error.description }
        if let problem = commentProblem(reader) { return problem }
        let names = reader.entries.map(\.name)
        guard names == files else {
            return "\(zip): entries \(names) differ from the folder's files \(files)"
        }
        for (index, name) in files.enumerated() {
            let path = folder + "/" + name
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return "open \(path): \(FileSystem.lastError())" }
            defer { close(fd) }
            // A declared size that differs is a problem without inflating anything (a zip bomb's entry).
            let folderSize = (try? FileSystem.size(path)) ?? -1
            guard reader.entries[index].size == UInt64(max(folderSize, 0)) else {
                return "\(zip): entry \(name) declares \(reader.entries[index].size) bytes, \(path) has \(folderSize)"
            }
            var offset = 0
            var mismatch: String?
            var expected = [UInt8]()
            do {
                try reader.forEachChunk(ofEntry: index) { (chunk) throws(LibraryCallError) in
                    if expected.count < chunk.count { expected = [UInt8](repeating: 0, count: chunk.count) }
                    let n = expected.withUnsafeMutableBytes { pread(fd, $0.baseAddress, chunk.count, off_t(offset)) }
                    if n != chunk.count || !chunk.elementsEqual(expected[0..<chunk.count]) {
                        mismatch = "\(zip): entry \(name) differs from \(path) in bytes \(offset)..<\(offset + chunk.count)"
                        throw LibraryCallError(.libzip, call: "compare", path: zip, message: mismatch ?? "")
                    }
                    offset += chunk.count
                }
            } catch {
                return mismatch ?? error.description
            }
            if let mismatch { return mismatch }
            let size = (try? FileSystem.size(path)) ?? -1
            if offset != size {
                return "\(zip): entry \(name) has \(offset) bytes, \(path) has \(size)"
            }
        }
        return nil
    }

    /// The first problem found by comparing sizes and CRC-32 checksums, or nil when the zip is valid.
    public static func checksumProblem(zip: String, folder: String, files: [String],
                                       knownChecksums: [String: CRC32] = [:]) -> String? {
        let reader: ZipReader
        do { reader = try ZipReader(path: zip) } catch { return error.description }
        let names = reader.entries.map(\.name)
        guard names == files else {
            return "\(zip): entries \(names) differ from the folder's files \(files)"
        }
        for (index, entry) in reader.entries.enumerated() {
            let path = folder + "/" + entry.name
            let checksum: CRC32
            if let known = knownChecksums[entry.name] {
                checksum = known
            } else {
                do throws(FileSystemError) { checksum = try FileSystem.checksum(path) } catch { return error.description }
            }
            let size = (try? FileSystem.size(path)) ?? -1
            guard UInt64(size) == entry.size, checksum.length == size else {
                return "\(zip): entry \(entry.name) has \(entry.size) bytes, \(path) has \(size)"
            }
            guard checksum.value == entry.crc else {
                return "\(zip): entry \(entry.name) has CRC-32 \(hex(entry.crc)), \(path) has \(hex(checksum.value))"
            }
            if entry.compressionMethod != 0 {
                do throws(LibraryCallError) { try reader.forEachChunk(ofEntry: index) { _ in } } catch { return error.description }
            }
        }
        return nil
    }

    /// The problem of a zip that carries an archive comment (this project's writer never writes one; an
    /// independent reader may take trailing bytes for one), or nil.
    public static func commentProblem(_ reader: ZipReader) -> String? {
        guard reader.commentBytes > 0 else { return nil }
        let offset = ((try? FileSystem.size(reader.path)) ?? reader.commentBytes) - reader.commentBytes
        return "\(reader.path): byte \(offset): an archive comment of \(reader.commentBytes) bytes; the bundle writer writes none"
    }

    static func hex(_ value: UInt32) -> String { CRC32.hexDigits(value) }
}
