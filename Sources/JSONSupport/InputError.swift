/// An input file that cannot be used (a scene, a bundle, a replay log, a LiDAR capture, one of their files):
/// the file, where in it (a line, or a JSON path or byte offset), and what is wrong or was expected.
///
/// Prints as `file:line: reason` (or `file:line:column: reason`) for a place in a text file, `file: location: reason` for a place named
/// otherwise, `file: reason` for the whole file, e.g.
/// `poses.txt:12: expected 8 numbers (timestamp tx ty tz qx qy qz qw), found 5` or
/// `arkitData.json: frames[3].transform: missing`.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or folder, as given (for a file inside a bundle, its name relative to the bundle).
    public var file: String
    /// The 1-based line, when the problem is on one line of a text file.
    public var line: Int?
    /// The 1-based byte within ``line``, when known (a JSON syntax error).
    public var column: Int?
    /// Where in the file otherwise: a JSON path, a byte offset (`byte 12`); empty for the whole file.
    public var location: String
    /// What is wrong, and what was expected.
    public var reason: String

    public init(file: String, line: Int? = nil, column: Int? = nil, location: String = "", reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.location = location
        self.reason = reason
    }

    public var description: String {
        if let line { return "\(file):\(line)\(column.map { ":\($0)" } ?? ""): \(reason)" }
        return location.isEmpty ? "\(file): \(reason)" : "\(file): \(location): \(reason)"
    }

    /// The same error with its file named inside `folder` (`folder/file`), e.g. a bundle's file
    /// named with the bundle's path.
    public func within(_ folder: String) -> InputError {
        var error = self
        error.file = folder + "/" + file
        return error
    }
}
