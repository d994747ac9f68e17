/// A log that cannot be replayed: unreadable, or malformed at a line or JSON path.
///
/// The description names the file, the line (or JSON path) and what was expected, e.g.
/// `poses.txt:12: expected 8 numbers (timestamp tx ty tz qx qy qz qw), found 5`.
public struct ReplayLogError: Error, Equatable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// 1-based line number, when the problem is on one line of a text log.
    public var line: Int?
    /// What is wrong and what was expected (with the JSON path for JSON files).
    public var reason: String

    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}
