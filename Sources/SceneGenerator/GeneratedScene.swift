import CaptureEngine
import JSONSupport

/// One generated apartment: its name, the scene file's text, and its manifest entry (what it contains
/// and which codes it must produce).
public struct GeneratedScene: Sendable {
    /// The scene's name, also its file name without `.json`.
    public var name: String
    /// The item's index in the data set.
    public var index: Int
    /// The scene file (pretty JSON, with its `expect`).
    public var json: String
    /// The manifest entry: scene, index, seed, rooms, objects, clutter, injected events, expected codes.
    public var manifest: JSONValue
}
