import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file calls the storages need, each turning `errno` into a message that names the
/// call and the path.
package enum FileSystem {
    /// `strerror(errno)` for the last failed call.
    package static func lastError() -> String { String(cString: strerror(errno)) }

    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Whether `path` is a symbolic link (`lstat`).
    package static func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// `mkdir(path, mode)` (0755 by default, a bundle's folders); an existing directory is fine when
    /// `existingIsFine`. Returns whether this call created it (false: it was there, e.g. made by a
    /// concurrent run a moment before).
    @discardableResult
    package static func makeDirectory(_ path: String, existingIsFine: Bool = false, mode: mode_t = 0o755) throws(FileSystemError) -> Bool {
        guard mkdir(path, mode) != 0 else { return true }
        let error = FileSystemError.system("mkdir", path)
        if existingIsFine, error.code == EEXIST, isDirectory(path) { return false }
        throw error
    }

    /// `mkdir -p`: `path` and every missing folder above it, each by ``makeDirectory(_:existingIsFine:mode:)``
    /// with mode 0777 less the process's umask, as `mkdir -p` makes a user's folders.
    package static func makeDirectories(_ path: String) throws(FileSystemError) {
        guard !path.isEmpty else { throw FileSystemError(call: "mkdir", reason: "no folder named (an empty path)") }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            try makeDirectory(prefix, existingIsFine: true, mode: 0o777)
        }
    }

    /// `rename(from, to)`.
    package static func rename(_ from: String, to: String) throws(FileSystemError) {
        if Glibc.rename(from, to) != 0 { throw FileSystemError.system("rename", "\(from) -> \(to)") }
    }

    /// Removes a file or a folder with everything in it (`unlink`, `opendir`/`readdir`, `rmdir`);
    /// a missing path is fine.
    package static func removeTree(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            for name in (try? list(path)) ?? [] { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// A file's device and inode: which file a name leads to at one moment.
    package struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// `fstat`: the identity of an open file, nil when the call fails.
    package static func identity(of descriptor: Int32) -> Identity? {
        var st = stat()
        guard descriptor >= 0, fstat(descriptor, &st) == 0 else { return nil }
        return Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// `lstat`: the identity of what `path` names (a link itself, not what it points to), nil when none.
    package static func identity(of path: String) -> Identity? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// Opens a folder (`open` with `O_DIRECTORY | O_NOFOLLOW`) and takes its exclusive `flock` without
    /// waiting; returns the descriptor that holds the lock, or -1 (no such folder, or locked by another
    /// process).
    package static func openLockedDirectory(_ path: String) -> Int32 {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    /// `rmdir`: removes a folder only if it is empty.
    package static func removeEmptyDirectory(_ path: String) { rmdir(path) }

    /// The names in a folder as their bytes, without `.` and `..` (`opendir`, `readdir`).
    private static func entryNames(_ path: String) throws(FileSystemError) -> [[UInt8]] {
        guard let dir = opendir(path) else { throw FileSystemError.system("opendir", path) }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes != [0x2E] && bytes != [0x2E, 0x2E] { names.append(bytes) }
        }
        return names
    }

    /// The names in a folder, sorted, without `.` and `..` (a name that is not UTF-8 decoded with
    /// replacement characters).
    package static func list(_ path: String) throws(FileSystemError) -> [String] {
        try entryNames(path).map { String(decoding: $0, as: UTF8.self) }.sorted()
    }

    /// The names in a folder split into those that are valid UTF-8 and those that are not, the latter
    /// with their other bytes written as `\xNN`: names no writer of ours makes, which ``list(_:)``
    /// cannot name. Both sorted.
    package static func listSplittingInvalidUTF8(_ path: String) throws(FileSystemError) -> (valid: [String], invalid: [String]) {
        var valid: [String] = [], invalid: [String] = []
        for bytes in try entryNames(path) {
            if let name = String(validating: bytes, as: UTF8.self) {
                valid.append(name)
            } else {
                invalid.append(bytes.map { $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined())
            }
        }
        return (valid.sorted(), invalid.sorted())
    }

    /// Size of a file in bytes (`stat`).
    package static func size(_ path: String) throws(FileSystemError) -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { throw FileSystemError.system("stat", path) }
        return Int(st.st_size)
    }

    /// Writes `bytes` to `path` under a temporary name of this process's own in the same folder
    /// (``createUniqueTemporary(for:)``: never a name planted there before), then renames it into
    /// place. A signal meanwhile removes the temporary file, and after a signal nothing is renamed
    /// (``PublicationRegistry``).
    package static func writeAtomically(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileSystemError) {
        let file = try createUniqueTemporary(for: path)
        let temporary = file.path
        defer { PublicationRegistry.doneDiscarding(temporary) }
        do throws(FileSystemError) {
            try file.write(bytes)
            try file.close()
            var renamed: FileSystemError?
            let ran = PublicationRegistry.whilePublishing {
                do throws(FileSystemError) { try rename(temporary, to: path) } catch { renamed = error }
            }
            if let renamed { throw renamed }
            if !ran { throw interruptedError(path) }
        } catch {
            unlink(temporary)
            throw writeError(error, of: path, temporary: temporary)
        }
    }

    /// `error` of the temporary file `temporary` told as the write of `path`, the file the caller named
    /// (a user knows `--out`'s path, not the temporary's).
    private static func writeError(_ error: FileSystemError, of path: String, temporary: String) -> FileSystemError {
        guard error.path == temporary else { return error }
        var named = error
        named.path = "\(path) (its temporary file \(split(temporary).file))"
        return named
    }

    /// Writes a file a user named (`--out`, `--junit`, `--report`) atomically
    /// (``writeAtomically(_:to:)``); without `force` refuses a path where anything is, a dangling link
    /// included.
    package static func writeOutputFile(_ text: String, to path: String, force: Bool) throws(FileSystemError) {
        if !force, exists(path) { throw FileSystemError(path: path, reason: "exists; use --force to replace it") }
        if isDirectory(path) { throw FileSystemError(path: path, reason: "is a folder") }
        try writeAtomically(text, to: path)
    }

    /// The error of a write refused because a signal is ending the process.
    package static func interruptedError(_ path: String) -> FileSystemError {
        FileSystemError(path: path, reason: "not written: the process was interrupted")
    }

    /// Creates a new temporary file beside `path`, `.<file>.<pid>-<n>.tmp`, with `O_CREAT | O_EXCL |
    /// O_NOFOLLOW` (a name that exists, a planted file or link among them, is skipped for the next
    /// `n`: nothing planted is ever followed or reused), under the publishing lock and noted for
    /// removal on a signal (the caller calls ``PublicationRegistry/doneDiscarding(_:)``).
    package static func createUniqueTemporary(for path: String) throws(FileSystemError) -> OutputFile {
        try PublicationRegistry.creating({ () throws(FileSystemError) -> OutputFile in
            var lastError = FileSystemError(path: path, reason: "no free temporary name")
            for _ in 0..<1000 {
                let temporary = temporaryName(for: path)
                do throws(FileSystemError) {
                    let file = try OutputFile(creatingNew: temporary)
                    PublicationRegistry.noteDiscarding(temporary)
                    return file
                } catch {
                    lastError = error
                    guard error.code == EEXIST else { throw writeError(error, of: path, temporary: temporary) }
                }
            }
            throw lastError
        }, interrupted: { interruptedError(path) })
    }

    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(FileSystemError) in try writeAtomically(raw, to: path) }
        }.get()
    }

    package static func writeAtomically(_ text: String, to path: String) throws(FileSystemError) {
        try writeAtomically(Array(text.utf8), to: path)
    }

    /// Creates (or truncates) a file and writes `bytes` to it, for files inside a partial folder that is
    /// renamed into place as a whole (`open`, `write`, `close`); a failure removes the file.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        try write(bytes, into: try OutputFile(creating: path))
    }

    /// Writes `bytes` into a file just created and closes it; a failure removes the file.
    package static func write(_ bytes: [UInt8], into file: OutputFile) throws(FileSystemError) {
        do throws(FileSystemError) {
            try file.write(bytes)
            try file.close()
        } catch {
            unlink(file.path)
            throw error
        }
    }

    /// `pwrite` until every byte is written (looping over short writes and `EINTR`): 0, or the errno.
    package static func pwriteAll(_ descriptor: Int32, _ memory: UnsafeRawPointer, _ count: Int, at offset: Int) -> Int32 {
        var done = 0
        while done < count {
            let n = pwrite(descriptor, memory + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            done += n
        }
        return 0
    }

    /// The CRC-32 of a file's content (`open`, `read`).
    package static func checksum(_ path: String) throws(FileSystemError) -> CRC32 {
        var crc = CRC32()
        try forEachChunk(of: path) { crc.add($0) }
        return crc
    }

    /// Reads a file in 1 MiB chunks (`open`, `read`), handing each to `body`.
    private static func forEachChunk(of path: String, _ body: (UnsafeRawBufferPointer) -> Void) throws(FileSystemError) {
        let fd = try openRegularFile(path)
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.system("read", path)
            }
            if n == 0 { return }
            chunk.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    /// Opens a file for reading (`open` with `O_NONBLOCK`, `fstat`, `fcntl`) only when it is a regular
    /// file: a FIFO, a device or a socket is refused instead of blocking the read for ever.
    package static func openRegularFile(_ path: String) throws(FileSystemError) -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError.system("open", path) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = FileSystemError.system("fstat", path)
            close(fd)
            throw error
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FileSystemError(call: "open", path: path, reason: "not a regular file (\(kindName(st.st_mode)))")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Why `path` cannot be read as a file or folder: nil for a regular file, a folder or nothing at
    /// all (the caller's own open names a missing path); otherwise "not a regular file (a FIFO)" and
    /// the like. `stat` follows links, so a link to a file is a file.
    package static func nonRegularProblem(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        let kind = st.st_mode & S_IFMT
        return kind == S_IFREG || kind == S_IFDIR ? nil : "not a regular file or folder (\(kindName(st.st_mode)))"
    }

    private static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        default: return "not a plain file"
        }
    }

    nonisolated(unsafe) private static var temporaryCounter = 0
    private static let temporaryCounterLock = NSLock()

    /// `<folder>/.<file>.<pid>-<n>.tmp` for `<folder>/<file>`, `n` counting up in this process; `<file>`
    /// is cut to ``hiddenNameBytes`` bytes so that the name stays within a file system's 255.
    package static func temporaryName(for path: String) -> String {
        temporaryCounterLock.lock()
        temporaryCounter += 1
        let n = temporaryCounter
        temporaryCounterLock.unlock()
        let (folder, file) = split(path)
        return folder + "." + shortened(file) + ".\(getpid())-\(n).tmp"
    }

    /// The longest part of a user's file name kept in a hidden name of the tool's (a temporary file, a
    /// partial folder), in UTF-8 bytes: 255 less room for the dot, the process number and the suffix.
    package static let hiddenNameBytes = 200

    /// `name` cut to at most ``hiddenNameBytes`` UTF-8 bytes at a character boundary.
    package static func shortened(_ name: String) -> String {
        guard name.utf8.count > hiddenNameBytes else { return name }
        var kept = "", bytes = 0
        for character in name {
            bytes += character.utf8.count
            if bytes > hiddenNameBytes { break }
            kept.append(character)
        }
        return kept
    }

    /// (`<folder>/`, `<file>`) of a path; the folder part is empty for a bare name.
    package static func split(_ path: String) -> (folder: String, file: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// The whole content of a file (`open`, `read`).
    package static func read(_ path: String) throws(FileSystemError) -> [UInt8] {
        var out: [UInt8] = []
        try forEachChunk(of: path) { out.append(contentsOf: $0) }
        return out
    }
}
