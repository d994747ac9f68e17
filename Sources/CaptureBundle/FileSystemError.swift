/// A file-system call that failed, with the call, the path and the system's reason.
struct FileSystemError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
