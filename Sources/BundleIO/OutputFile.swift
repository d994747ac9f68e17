#if canImport(Glibc)
import Glibc
#endif

/// A file being written with POSIX `open`/`write`/`close`; errors name the call and path.
package final class OutputFile {
    package let path: String
    private var fd: Int32
    /// Bytes written so far (the file's length).
    package private(set) var length = 0

    /// Creates (or truncates) the file, mode 0644, inside a folder of this process's own (a partial
    /// folder); a link planted under the name is not followed (`O_NOFOLLOW`).
    package init(creating path: String) throws(FileSystemError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileSystemError.system("open", path) }
    }

    /// Creates a file that must not exist yet (`O_CREAT | O_EXCL | O_NOFOLLOW`, mode 0644): for names in
    /// folders others can write; `EEXIST` when anything, a link included, is there.
    package init(creatingNew path: String) throws(FileSystemError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileSystemError.system("open", path) }
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Appends bytes (looping over short writes).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        guard fd >= 0 else { throw FileSystemError(call: "write", path: path, reason: "file is closed") }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.system("write", path)
            }
            offset += n
        }
        length += bytes.count
    }

    package func write(_ bytes: [UInt8]) throws(FileSystemError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(FileSystemError) in try write(raw) } }.get()
    }

    package func write(_ text: String) throws(FileSystemError) { try write(Array(text.utf8)) }

    /// Appends the whole content of another file, in 1 MiB chunks (`open`, `read`).
    package func append(contentsOf other: String) throws(FileSystemError) {
        let input = open(other, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw FileSystemError.system("open", other) }
        defer { Glibc.close(input) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.system("read", other)
            }
            if n == 0 { return }
            try chunk.withUnsafeBytes { raw in
                Result { () throws(FileSystemError) in try write(UnsafeRawBufferPointer(rebasing: raw[0..<n])) }
            }.get()
        }
    }

    /// Closes the file (`close`); reports a failed close (e.g. a full disk on some file systems).
    package func close() throws(FileSystemError) {
        guard fd >= 0 else { return }
        let result = Glibc.close(fd)
        fd = -1
        if result != 0 { throw FileSystemError.system("close", path) }
    }
}
