/// Why a report page could not be made or written: an input that cannot be replayed (exit 3 in the tool)
/// or a page or folder that cannot be written (exit 4). The message names the file.
public struct ReportPageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Sendable, Equatable {
        /// The input (a log or bundle) could not be read or replayed.
        case input
        /// The page or its folder could not be written (or exists, without `force`).
        case output
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
