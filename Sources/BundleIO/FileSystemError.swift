#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file-system call that failed: the call, the path, the system's error number when a system call
/// failed (`errno`, as a value callers can test: `code == ENOSPC`) and its text, or what is wrong when
/// the failure is a check of ours. Prints as `call path: reason`.
package struct FileSystemError: Error, Equatable, CustomStringConvertible {
    /// The call that failed (`open`, `write`, `pwrite`, `rename`, ...); empty when the failure is not a call's.
    package var call: String
    /// The path (for a rename, `from -> to`); empty when the message names it itself.
    package var path: String
    /// The system's error number (`errno`) when a system call failed; nil otherwise.
    package var code: Int32?
    /// The system's text for ``code`` (`strerror`), or what is wrong.
    package var reason: String

    /// A system call that failed with error number `code`.
    package init(call: String, path: String, code: Int32) {
        self.call = call
        self.path = path
        self.code = code
        reason = String(cString: strerror(code))
    }

    /// A failure of ours (no system error number), e.g. a closed file or a refused size.
    package init(call: String = "", path: String = "", reason: String) {
        self.call = call
        self.path = path
        code = nil
        self.reason = reason
    }

    /// The system call that has just failed: reads `errno` now, so call it before anything else can
    /// change it.
    package static func system(_ call: String, _ path: String) -> FileSystemError {
        FileSystemError(call: call, path: path, code: errno)
    }

    /// Whether the file system was full (`ENOSPC`) or over quota (`EDQUOT`).
    package var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }

    package var description: String {
        let subject = [call, path].filter { !$0.isEmpty }.joined(separator: " ")
        return subject.isEmpty ? reason : "\(subject): \(reason)"
    }
}
