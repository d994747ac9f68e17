import Foundation
import JSONSupport

/// The few file-system calls the capture readers need (Foundation's `FileManager`), with errors that name
/// the path.
enum LocalFiles {
    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The names in a folder, sorted.
    static func list(_ path: String) throws(InputError) -> [String] {
        do { return try FileManager.default.contentsOfDirectory(atPath: path).sorted() } catch {
            throw InputError(file: path, reason: "cannot list the folder")
        }
    }

    /// A file's bytes, refused beyond `limit` bytes.
    static func read(_ path: String, limit: Int) throws(InputError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(file: path, reason: exists(path) ? "cannot be opened" : "missing")
        }
        defer { try? handle.close() }
        let data: Data?
        do { data = try handle.read(upToCount: limit + 1) } catch {
            throw InputError(file: path, reason: "cannot be read")
        }
        let bytes = [UInt8](data ?? Data())
        guard bytes.count <= limit else {
            throw InputError(file: path, reason: "more than the limit of \(limit) bytes")
        }
        return bytes
    }
}
