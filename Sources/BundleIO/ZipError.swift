/// A zip archive operation that failed, naming the libzip call, the archive and libzip's message.
public struct ZipError: Error, Equatable, CustomStringConvertible {
    /// The libzip function that reported the failure, e.g. `zip_close`.
    public var call: String
    /// The archive's path.
    public var path: String
    /// libzip's message (from `zip_error_strerror`), or ours for a refused argument.
    public var message: String

    public init(call: String, path: String, message: String) {
        self.call = call
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(call): \(message)" }
}
