import CaptureEngine
import JSONSupport
import SyntheticSensor

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

    /// The scene as `capture-sim` loads it from `source`, the path it is written to. Every generated scene
    /// must load: a scene that does not is a generator bug (``GeneratedSceneError``), not bad input.
    public func loaded(source: String) throws(GeneratedSceneError) -> Scene {
        do throws(InputError) {
            return try Scene(jsonText: json, source: source)
        } catch {
            throw GeneratedSceneError(index: index, reason: error.description)
        }
    }
}

/// A generated scene that does not load: a bug of the generator (`generate` exits 1).
public struct GeneratedSceneError: Error, CustomStringConvertible {
    /// The item's index in the data set.
    public var index: Int
    /// The loader's error.
    public var reason: String

    public var description: String { "generated item \(index) does not load: \(reason)" }
}
