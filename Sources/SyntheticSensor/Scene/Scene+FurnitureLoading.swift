import CaptureEngine
import JSONSupport

/// The scene-file keys of furniture shapes and clutter (docs/scene-format.md, "Furniture shapes and
/// clutter"): an object's `shape`, `variant` and `clutter`, a room's `clutter`.
extension Scene {
    /// The most clutter items one `clutter` object may ask for.
    static let maximumClutterCount: Int64 = 500
    /// The most clutter items a whole scene may ask for (so that no scene file makes the geometry huge).
    static let maximumSceneClutterCount = 5_000

    /// Throws when the scene's `clutter` counts add up to more than ``maximumSceneClutterCount``.
    static func checkClutterTotal(rooms: [Room], objects: [SceneObject], source: String) throws(InputError) {
        let total = clutterTotal(rooms: rooms, objects: objects)
        guard total <= maximumSceneClutterCount else {
            throw InputError(file: source, location: "clutter", reason: "the scene asks for \(total) clutter items; a scene may ask for at most \(maximumSceneClutterCount)")
        }
    }

    /// The clutter items the rooms and objects ask for together.
    static func clutterTotal(rooms: [Room], objects: [SceneObject]) -> Int {
        rooms.reduce(0) { $0 + ($1.clutter?.count ?? 0) } + objects.reduce(0) { $0 + ($1.clutter?.count ?? 0) }
    }

    /// Reads an object's `shape` (`"shaped"`, the default, or `"box"`), `variant` (default: the
    /// object's index) and `clutter` into `object`.
    static func furnitureOptions(_ o: inout JSONObjectReader, index: Int, into object: inout SceneObject) throws(InputError) {
        object.shape = try o.choice("shape", SceneObject.ShapeStyle.allCases.map { ($0.rawValue, $0) }) ?? .shaped
        object.variant = try o.unsigned64("variant") ?? UInt64(index)
        if var c = try o.object("clutter") {
            object.clutter = try clutter(&c)
        }
    }

    /// Reads a room's `clutter`.
    static func roomClutter(_ r: inout JSONObjectReader) throws(InputError) -> ClutterSettings? {
        guard var c = try r.object("clutter") else { return nil }
        return try clutter(&c)
    }

    /// A `clutter` object: `count` (required, 0...500), `kinds` (default all), `seed` (default 1).
    private static func clutter(_ c: inout JSONObjectReader) throws(InputError) -> ClutterSettings {
        guard let count = try c.integer("count", in: 0...maximumClutterCount) else {
            throw c.error("count", "expected a whole number of items from 0 to \(maximumClutterCount)")
        }
        var kinds = ClutterKind.allCases
        if let nodes = try c.array("kinds") {
            kinds = []
            for (i, node) in nodes.enumerated() {
                guard case .string(let name) = node, let kind = ClutterKind(rawValue: name) else {
                    throw InputError(file: c.source, location: "\(c.path(of: "kinds"))[\(i)]", reason: "expected one of \(ClutterKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                }
                if !kinds.contains(kind) { kinds.append(kind) }
            }
            guard !kinds.isEmpty else { throw c.error("kinds", "expected at least one kind") }
        }
        let seed = try c.unsigned64("seed") ?? 1
        try c.rejectUnknownKeys()
        return ClutterSettings(count: Int(count), kinds: kinds, seed: seed)
    }
}
