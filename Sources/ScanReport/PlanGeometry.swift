import CaptureEngine
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

    /// Whether there is anything to draw.
    public var isEmpty: Bool { segments.isEmpty && footprints.isEmpty }
}
