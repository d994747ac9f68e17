/// A benchmark that could not run or did not finish: what kind of failure (which says the exit code)
/// and why.
public struct BenchmarkError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: Sendable {
        /// A parameter out of range (the tool exits 2).
        case usage
        /// The scene or input cannot be used (exit 3).
        case badInput
        /// The work itself failed: a refused input, a failed write, a generated log that did not parse (exit 1).
        case failure
    }

    /// What went wrong.
    public var kind: Kind
    /// Why, naming the file or stage.
    public var reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}
