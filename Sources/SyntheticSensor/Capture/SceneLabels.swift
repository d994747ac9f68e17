import JSONSupport

/// The per-pixel labels of `--truth labels` (docs/bundle-format.md, `raw/labels/`): each surface's
/// semantic class in RoomPlan's vocabulary and its instance, and `truth/labels.json`, the map of both.
public enum SceneLabels {
    /// Class values: 0 nothing within range, 1 wall, 2 floor, 3 ceiling, 4 clutter, then RoomPlan's
    /// object categories from ``firstObjectClass`` in ``SceneObject/Category`` order.
    public static let structureClasses: [(value: UInt8, name: String)] = [(0, "none"), (1, "wall"), (2, "floor"), (3, "ceiling"), (4, "clutter")]
    public static let firstObjectClass: UInt8 = 10
    /// Instance values of clutter items start here (item + this); objects are their index + 1.
    public static let firstClutterInstance = 1001

    /// The class and instance of a surface patch.
    static func label(of patch: SurfacePatch) -> (UInt8, UInt16) {
        switch patch.role {
        case .wall: return (1, 0)
        case .floor: return (2, 0)
        case .ceiling: return (3, 0)
        case .object:
            guard let owner = patch.owner else { return (4, 0) }
            if let item = owner.clutterIndex {
                return (4, UInt16(clamping: firstClutterInstance + item))
            }
            let category = owner.category.flatMap { SceneObject.Category.allCases.firstIndex(of: $0) }
            return (category.map { firstObjectClass + UInt8($0) } ?? 4, UInt16(clamping: (owner.objectIndex ?? -1) + 1))
        }
    }

    /// `truth/labels.json`: the classes (value, name, RGB colour of the palette the PNGs are viewed with)
    /// and the instances of the scene (value, class, object index or clutter item).
    public static func json(_ scene: Scene) -> JSONValue {
        var classes: [JSONValue] = structureClasses.map { entry(Int($0.value), $0.name) }
        for (k, category) in SceneObject.Category.allCases.enumerated() {
            classes.append(entry(Int(firstObjectClass) + k, category.rawValue))
        }
        var instances: [JSONValue] = []
        for (k, object) in scene.objects.enumerated() {
            instances.append(.object([("value", .integer(k + 1)), ("class", .string(object.category.rawValue)), ("object", .integer(k))]))
        }
        return .object([
            ("classes", .array(classes)),
            ("instances", .array(instances)),
            ("clutterInstances", .string("\(firstClutterInstance) + the clutter item's index, in the order the scene's clutter is placed")),
            ("files", .object([("labels", .string("raw/labels/NNNNN.png: 8-bit class per depth pixel")),
                               ("instances", .string("raw/instances/NNNNN.png: 16-bit instance per depth pixel"))])),
        ])
    }

    private static func entry(_ value: Int, _ name: String) -> JSONValue {
        // A fixed palette: a hue per class, spread by the golden angle; "none" black.
        let rgb: [Int]
        if value == 0 {
            rgb = [0, 0, 0]
        } else {
            let hue = (Double(value) * 137.508).truncatingRemainder(dividingBy: 360) / 360
            let h = (hue * 6).truncatingRemainder(dividingBy: 6), f = h - h.rounded(.down)
            let v = 0.9, s = 0.65, p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
            let (r, g, b): (Double, Double, Double) = switch Int(h) {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
            rgb = [r, g, b].map { Int(($0 * 255).rounded()) }
        }
        return .object([("value", .integer(value)), ("name", .string(name)), ("colour", .array(rgb.map { .integer($0) }))])
    }
}
