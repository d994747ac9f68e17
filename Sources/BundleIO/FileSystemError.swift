/// A file-system call that failed, with the call, the path and the system's reason.
package struct FileSystemError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
