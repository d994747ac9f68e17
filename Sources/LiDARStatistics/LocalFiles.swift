import BundleIO
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

    /// A file's bytes, refused beyond `limit` bytes. Only a regular file is read (BundleIO's
    /// `FileSystem.openRegularFile`): a FIFO, device or socket is refused instead of blocking for ever.
    static func read(_ path: String, limit: Int) throws(InputError) -> [UInt8] {
        guard exists(path) else { throw InputError(file: path, reason: "missing") }
        let descriptor: Int32
        do { descriptor = try FileSystem.openRegularFile(path) } catch {
            throw InputError(file: path, reason: error.code == nil ? error.reason : "cannot be opened (\(error.reason))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
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
