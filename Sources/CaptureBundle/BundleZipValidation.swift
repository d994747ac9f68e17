#if canImport(Glibc)
import Glibc
#endif

/// Checks a zip against the folder it was made from: it opens with `ZIP_CHECKCONS`, lists exactly the
/// expected names in order, and every entry reads back (CRC checked by libzip) with the folder file's
/// bytes.
public enum BundleZipValidation {
    /// The first problem found, or nil when the zip is valid.
    public static func problem(zip: String, folder: String, files: [String]) -> String? {
        let reader: ZipReader
        do { reader = try ZipReader(path: zip) } catch { return error.description }
        let names = reader.entries.map(\.name)
        guard names == files else {
            return "\(zip): entries \(names) differ from the folder's files \(files)"
        }
        for (index, name) in files.enumerated() {
            let path = folder + "/" + name
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return "open \(path): \(FileSystem.lastError())" }
            defer { close(fd) }
            var offset = 0
            var mismatch: String?
            var expected = [UInt8]()
            do {
                try reader.forEachChunk(ofEntry: index) { chunk in
                    guard mismatch == nil else { return }
                    if expected.count < chunk.count { expected = [UInt8](repeating: 0, count: chunk.count) }
                    let n = expected.withUnsafeMutableBytes { pread(fd, $0.baseAddress, chunk.count, off_t(offset)) }
                    if n != chunk.count || !chunk.elementsEqual(expected[0..<chunk.count]) {
                        mismatch = "\(zip): entry \(name) differs from \(path) in bytes \(offset)..<\(offset + chunk.count)"
                    }
                    offset += chunk.count
                }
            } catch {
                return error.description
            }
            if let mismatch { return mismatch }
            let size = (try? FileSystem.size(path)) ?? -1
            if offset != size {
                return "\(zip): entry \(name) has \(offset) bytes, \(path) has \(size)"
            }
        }
        return nil
    }
}
