/// A capture that cannot be read: the file (or folder) and what is wrong with it.
public struct LiDARCaptureError: Error, CustomStringConvertible, Sendable {
    /// The file or folder at fault.
    public var file: String
    /// What is wrong.
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
