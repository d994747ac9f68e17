/// A bundle that could not be read or does not follow docs/bundle-format.md: names the file and, for
/// JSON, the path inside it (e.g. `arkitData.json: frames[3].transform`).
public struct BundleReadError: Error, Equatable, CustomStringConvertible {
    /// The file, relative to the bundle (or the bundle's path when it cannot be opened at all).
    public var file: String
    /// Where in the file: a JSON path, a line, a byte offset (empty for the whole file).
    public var location: String
    /// What is wrong.
    public var reason: String

    public init(file: String, location: String = "", reason: String) {
        self.file = file
        self.location = location
        self.reason = reason
    }

    public var description: String {
        location.isEmpty ? "\(file): \(reason)" : "\(file): \(location): \(reason)"
    }
}
