/// A scene file that cannot be used: the message names the file, the JSON path (or line and column
/// for a syntax error) and what was expected, e.g.
/// `Scenes/x.json: script[3].speed: expected a positive number`.
public struct SceneLoadError: Error, Equatable, CustomStringConvertible {
    /// The message: file, JSON path (or line and column) and what was expected.
    public var description: String
    public init(_ description: String) { self.description = description }
}
