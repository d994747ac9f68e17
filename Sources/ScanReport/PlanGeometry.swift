import CaptureEngine
import JSONSupport
import SyntheticSensor

/// What the plan view draws of a known scene, seen from above on the floor plane (x, z), metres: the
/// walls, the doors, windows and openings in them, and the objects' footprints.
public struct PlanGeometry: Sendable, Equatable {
    /// A straight piece of wall or opening from `a` to `b` (x, z).
    public struct Segment: Sendable, Equatable {
        public var a: SIMD2<Double>
        public var b: SIMD2<Double>
        /// "wall", "door", "window" or "opening".
        public var kind: String
    }

    /// An object's footprint: its box's four floor corners and its category.
    public struct Footprint: Sendable, Equatable {
        public var corners: [SIMD2<Double>]
        public var category: String
    }

    /// A room's name at the centre of its floor.
    public struct RoomLabel: Sendable, Equatable {
        public var name: String
        public var centre: SIMD2<Double>
    }

    public var segments: [Segment] = []
    public var footprints: [Footprint] = []
    public var rooms: [RoomLabel] = []

    public init() {}

    /// The plan of a scene's rooms (wall by wall, openings cut out and drawn in their colour) and objects.
    public init(scene: Scene) {
        for room in scene.rooms {
            let n = room.floor.count
            guard n >= 3 else { continue }
            var centre = SIMD2<Double>.zero
            for p in room.floor { centre += p }
            rooms.append(RoomLabel(name: room.name, centre: centre / Double(n)))
            for wall in 0..<n {
                let (a, b) = room.wallEnds(wall)
                let length = ((b - a) * (b - a)).sum().squareRoot()
                guard length > 1e-9 else { continue }
                let direction = (b - a) / length
                let holes = room.openings.filter { $0.wall == wall }
                    .map { (start: max(0, $0.offset), end: min(length, $0.offset + $0.width), kind: $0.kind.rawValue) }
                    .filter { $0.end > $0.start }
                    .sorted { $0.start < $1.start }
                var along = 0.0
                for hole in holes {
                    if hole.start > along {
                        segments.append(Segment(a: a + direction * along, b: a + direction * hole.start, kind: "wall"))
                    }
                    segments.append(Segment(a: a + direction * hole.start, b: a + direction * hole.end, kind: hole.kind))
                    along = max(along, hole.end)
                }
                if along < length { segments.append(Segment(a: a + direction * along, b: b, kind: "wall")) }
            }
        }
        for object in scene.objects {
            let half = object.dimensions / 2
            let corners = [SIMD3(-half.x, 0, -half.z), SIMD3(half.x, 0, -half.z), SIMD3(half.x, 0, half.z),
                           SIMD3(-half.x, 0, half.z)].map { local -> SIMD2<Double> in
                let p = object.transform.apply(toPoint: local)
                return SIMD2(p.x, p.z)
            }
            footprints.append(Footprint(corners: corners, category: object.category.rawValue))
        }
    }

    /// The plan of a bundle's `truth/room.json` (RoomPlan's `CapturedRoom`: docs/bundle-format.md): each
    /// wall, door, window and opening as the segment its transform and width give, each object's box
    /// footprint, each section's label at its centre. Nil when the JSON is not such a room.
    public init?(capturedRoomJSON bytes: [UInt8]) {
        guard let root = try? JSONParser.parse(bytes).jsonValue, case .object(let members) = root else { return nil }
        func member(_ object: [(String, JSONValue)], _ key: String) -> JSONValue? { object.first { $0.0 == key }?.1 }
        func numbers(_ value: JSONValue?) -> [Double]? {
            guard case .array(let items) = value else { return nil }
            let values = items.compactMap { item -> Double? in
                switch item {
                case .number(let d): d
                case .int(let i): Double(i)
                default: nil
                }
            }
            return values.count == items.count ? values : nil
        }
        /// The entries of a top-level array: (column-major transform, dimensions, the category's name).
        func entries(_ key: String) -> [(m: [Double], d: [Double], category: String)] {
            guard case .array(let items) = member(members, key) else { return [] }
            return items.compactMap { item in
                guard case .object(let fields) = item, let m = numbers(member(fields, "transform")), m.count == 16,
                      let d = numbers(member(fields, "dimensions")), d.count == 3,
                      case .object(let category) = member(fields, "category"), let name = category.first?.0 else { return nil }
                return (m, d, name)
            }
        }
        for (key, kind) in [("walls", "wall"), ("doors", "door"), ("windows", "window"), ("openings", "opening")] {
            for e in entries(key) {
                let centre = SIMD2(e.m[12], e.m[14]), x = SIMD2(e.m[0], e.m[2])
                segments.append(Segment(a: centre - x * (e.d[0] / 2), b: centre + x * (e.d[0] / 2), kind: kind))
            }
        }
        for e in entries("objects") {
            let centre = SIMD2(e.m[12], e.m[14]), x = SIMD2(e.m[0], e.m[2]) * (e.d[0] / 2), z = SIMD2(e.m[8], e.m[10]) * (e.d[2] / 2)
            footprints.append(Footprint(corners: [centre - x - z, centre + x - z, centre + x + z, centre - x + z], category: e.category))
        }
        if case .array(let sections) = member(members, "sections") {
            for case .object(let fields) in sections {
                guard case .string(let label) = member(fields, "label"), let c = numbers(member(fields, "center")), c.count == 3 else { continue }
                rooms.append(RoomLabel(name: label, centre: SIMD2(c[0], c[2])))
            }
        }
        if isEmpty { return nil }
    }

    /// Whether there is anything to draw.
    public var isEmpty: Bool { segments.isEmpty && footprints.isEmpty }
}
