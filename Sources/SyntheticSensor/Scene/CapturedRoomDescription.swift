import CaptureEngine
import JSONSupport

/// The scene as Apple's RoomPlan describes a scanned home: `room.json`, the JSON a `CapturedRoom`
/// encodes to with `JSONEncoder`, and `floorplan.svg`, its plan drawn from above. A floor-plan pipeline
/// scores itself against them (docs/bundle-format.md, "truth/").
///
/// The JSON follows RoomPlan's `CapturedRoom` (iOS 17, `version` 2) as Apple documents its properties
/// (developer.apple.com/documentation/roomplan/capturedroom, `CapturedRoom.Surface`, `CapturedRoom.Object`)
/// and as real exports encode them: `walls`, `doors`, `windows`, `openings`, `floors` of surfaces and
/// `objects`, each surface with `identifier`, `parentIdentifier`, `category` (`{"wall":{}}`,
/// `{"door":{"isOpen":false}}`: Swift's synthesised `Codable` of an enum, SE-0295), `confidence`
/// (`{"high":{}}`), `dimensions` (`[width, height, 0]`), `transform` (16 numbers, column-major: the
/// surface's centre, x along its width, y up, z its normal), `polygonCorners`, `completedEdges`, `curve`,
/// `story`; each object with `identifier`, `parentIdentifier`, `category`, `confidence`, `dimensions`
/// (`[width, height, depth]`), `transform` (the box's centre), `attributes`, `story`. The world is
/// ARKit's (Y up, metres), the scene's own. `coreModel` (Apple's private data) is not written, and the
/// top level has no `identifier`, as in real exports. Identifiers are UUIDs drawn from the scene's seed.
public enum CapturedRoomDescription {
    /// `room.json`: the `CapturedRoom` of the whole scene (every room on story 0).
    public static func json(_ scene: Scene) -> JSONValue {
        var ids = Identifiers(seed: scene.seed)
        var walls: [JSONValue] = [], doors: [JSONValue] = [], windows: [JSONValue] = [], openings: [JSONValue] = []
        var floors: [JSONValue] = [], sections: [JSONValue] = []
        for room in scene.rooms where room.floor.count >= 3 {
            let height = room.wallHeight
            for index in room.floor.indices {
                let (a, b) = room.wallEnds(index)
                let length = ((b - a) * (b - a)).sum().squareRoot()
                guard length > 1e-9 else { continue }
                let along = (b - a) / length
                let wallID = ids.next()
                let centre = SIMD3(a.x + (b.x - a.x) / 2, room.floorHeight + height / 2, a.y + (b.y - a.y) / 2)
                walls.append(surface(id: wallID, parent: nil, category: .object([("wall", .object([]))]),
                                     along: along, centre: centre, width: length, height: height))
                for opening in room.openings where opening.wall == index {
                    let middle = opening.offset + opening.width / 2
                    let point = a + along * middle
                    let centre = SIMD3(point.x, room.floorHeight + opening.sillHeight + opening.height / 2, point.y)
                    let category: JSONValue
                    switch opening.kind {
                    case .door: category = .object([("door", .object([("isOpen", .bool(true))]))])
                    case .window: category = .object([("window", .object([]))])
                    case .opening: category = .object([("opening", .object([]))])
                    }
                    let entry = surface(id: ids.next(), parent: wallID, category: category, along: along, centre: centre,
                                        width: opening.width, height: opening.height)
                    switch opening.kind {
                    case .door: doors.append(entry)
                    case .window: windows.append(entry)
                    case .opening: openings.append(entry)
                    }
                }
            }
            floors.append(floor(room, id: ids.next()))
            var middle = SIMD2<Double>.zero
            for p in room.floor { middle += p }
            middle /= Double(room.floor.count)
            sections.append(.object([("label", .string(sectionLabel(room.name))), ("story", .integer(0)),
                                     ("center", vector(SIMD3(middle.x, room.floorHeight, middle.y)))]))
        }
        let objects: [JSONValue] = scene.objects.map { object in
            .object([
                ("identifier", .string(ids.next())), ("parentIdentifier", .null),
                ("category", .object([(object.category.rawValue, .object([]))])),
                ("confidence", .object([("high", .object([]))])),
                ("dimensions", vector(object.dimensions)),
                ("transform", matrix(rotation: object.transform.rotation, translation: object.transform.translation)),
                ("attributes", .object([])), ("story", .integer(0)),
            ])
        }
        return .object([
            ("version", .integer(2)), ("story", .integer(0)),
            ("referenceOriginTransform", .array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1].map { .number($0) })),
            ("walls", .array(walls)), ("doors", .array(doors)), ("windows", .array(windows)),
            ("openings", .array(openings)), ("floors", .array(floors)), ("objects", .array(objects)),
            ("sections", .array(sections)),
        ])
    }

    /// A vertical surface (wall, door, window, opening) of `width` x `height` centred at `centre`, its x axis
    /// along `along` (a unit direction on the floor plane, (x, z)), y up, z the normal (x cross y).
    private static func surface(id: String, parent: String?, category: JSONValue, along: SIMD2<Double>,
                                centre: SIMD3<Double>, width: Double, height: Double) -> JSONValue {
        let x = SIMD3(along.x, 0, along.y), y = SIMD3<Double>(0, 1, 0)
        let z = SIMD3(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x)
        return .object([
            ("identifier", .string(id)), ("parentIdentifier", parent.map { .string($0) } ?? .null),
            ("category", category), ("confidence", .object([("high", .object([]))])),
            ("dimensions", vector(SIMD3(width, height, 0))),
            ("transform", columns(x, y, z, centre)),
            ("polygonCorners", .array([])), ("completedEdges", .array([])), ("curve", .null), ("story", .integer(0)),
        ])
    }

    /// A room's floor: a horizontal surface at its centroid, x along the world's x, y along the world's -z,
    /// z (its normal) up; its outline in `polygonCorners` in that frame.
    private static func floor(_ room: Room, id: String) -> JSONValue {
        var middle = SIMD2<Double>.zero
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for p in room.floor {
            middle += p
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        middle /= Double(room.floor.count)
        let corners: [JSONValue] = room.floor.map { vector(SIMD3($0.x - middle.x, -($0.y - middle.y), 0)) }
        return .object([
            ("identifier", .string(id)), ("parentIdentifier", .null),
            ("category", .object([("floor", .object([]))])), ("confidence", .object([("high", .object([]))])),
            ("dimensions", vector(SIMD3(high.x - low.x, high.y - low.y, 0))),
            ("transform", columns(SIMD3(1, 0, 0), SIMD3(0, 0, -1), SIMD3(0, 1, 0), SIMD3(middle.x, room.floorHeight, middle.y))),
            ("polygonCorners", .array(corners)), ("completedEdges", .array([])), ("curve", .null), ("story", .integer(0)),
        ])
    }

    /// RoomPlan's `CapturedRoom.Section.Label` of a room's name (`livingRoom`, `bedroom`, `bathroom`,
    /// `kitchen`, `diningRoom`), `unidentified` when the name says none of them.
    static func sectionLabel(_ name: String) -> String {
        let n = name.lowercased()
        if n.contains("living") || n.contains("lounge") { return "livingRoom" }
        if n.contains("bed") { return "bedroom" }
        if n.contains("bath") || n.contains("toilet") || n.contains("wc") { return "bathroom" }
        if n.contains("kitchen") { return "kitchen" }
        if n.contains("dining") { return "diningRoom" }
        return "unidentified"
    }

    private static func vector(_ v: SIMD3<Double>) -> JSONValue { .array([.number(v.x), .number(v.y), .number(v.z)]) }

    /// A 4x4 transform, column-major, from its axes and origin.
    private static func columns(_ x: SIMD3<Double>, _ y: SIMD3<Double>, _ z: SIMD3<Double>, _ origin: SIMD3<Double>) -> JSONValue {
        .array([x.x, x.y, x.z, 0, y.x, y.y, y.z, 0, z.x, z.y, z.z, 0, origin.x, origin.y, origin.z, 1].map { .number($0 == 0 ? 0 : $0) })
    }

    private static func matrix(rotation q: Quaternion, translation: SIMD3<Double>) -> JSONValue {
        columns(q.act(SIMD3(1, 0, 0)), q.act(SIMD3(0, 1, 0)), q.act(SIMD3(0, 0, 1)), translation)
    }

    /// Version-4-style UUIDs, uppercase, drawn in order from the scene's seed.
    private struct Identifiers {
        var state: UInt64
        init(seed: UInt64) { state = SeededRandom.hash(seed ^ 0x524F_4F4D_4A53_4F4E) }

        mutating func next() -> String {
            state = SeededRandom.hash(state &+ 0x9E37_79B9_7F4A_7C15)
            let high = state
            state = SeededRandom.hash(state &+ 0x9E37_79B9_7F4A_7C15)
            let low = state
            let a = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x4000, b = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
            func hex(_ v: UInt64, _ digits: Int) -> String {
                let s = String(v, radix: 16, uppercase: true)
                return String(repeating: "0", count: max(0, digits - s.count)) + s
            }
            return hex(a >> 32, 8) + "-" + hex((a >> 16) & 0xFFFF, 4) + "-" + hex(a & 0xFFFF, 4) + "-"
                + hex(b >> 48, 4) + "-" + hex(b & 0xFFFF_FFFF_FFFF, 12)
        }
    }
}
