/// A fault description that could not be parsed, with the text and what is wrong.
public struct StorageFaultParseError: Error, Equatable, CustomStringConvertible {
    /// The text given.
    public var text: String
    /// What is wrong with it.
    public var reason: String

    public init(text: String, reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String { "fault '\(text)': \(reason)" }
}
