import CaptureEngine
import JSONSupport
import SyntheticSensor

/// Procedural apartments from a seed: item i of a data set depends only on (seed, i), so any subset of
/// items (a shard) can be made on any machine and gives the same files.
///
/// Each apartment has 1-6 rooms (``FloorPlanBuilder``: rectangles and L-shapes, doors between them,
/// windows on outer walls), furniture by room type in RoomPlan's categories with clutter
/// (``RoomFurnisher``), and a scripted scan of every room (``ScanWalkBuilder``) with the injected events
/// the settings ask for. The scene states what it must produce: 0, 1, the injected events' codes, 2, 7,
/// 5, and no other warning.
public struct ApartmentGenerator: Sendable {
    public let settings: GeneratorSettings

    /// Every warning a generated scene forbids unless it injected it (the default apartment's list).
    /// Not 78: storage is reported at start and at intervals while recording, whatever is left.
    public static let warningCodes = [3, 8, 9, 13, 15, 17, 21, 22, 29, 30, 31, 66, 80, 83, 85, 86, 87]

    public init(settings: GeneratorSettings) {
        self.settings = settings
    }

    /// The name of item `index`.
    public func name(index: Int) -> String {
        let digits = String(index)
        return "\(settings.namePrefix)-\(settings.seed)-\(String(repeating: "0", count: max(0, 5 - digits.count)))\(digits)"
    }

    /// Item `index` of the data set.
    public func scene(index: Int) -> GeneratedScene {
        var random = GeneratorRandom(seed: settings.seed, index: index)
        let roomCount = random.int(in: settings.minimumRooms...max(settings.minimumRooms, settings.maximumRooms))
        let rooms = FloorPlanBuilder.rooms(count: roomCount, settings: settings, random: &random)
        var walk = ScanWalkBuilder(rooms: rooms, settings: settings, random: &random)
        let reservation = walk.reservation
        var objects: [PlacedObject] = []
        var roomClutter: [UInt64] = []
        for (i, room) in rooms.enumerated() {
            let doors = rooms.indices.compactMap { j -> PlanDoor? in
                guard let door = rooms[j].doorFromParent, j == i || rooms[j].parent == i else { return nil }
                return door
            }
            var furnisher = RoomFurnisher(room: room, reservation: reservation,
                                          random: GeneratorRandom(seed: random.next(), index: i))
            objects += furnisher.furnish(doors: doors)
            roomClutter.append(random.next() % 1_000_000)
        }
        walk.build()
        let expected = [0, 1] + walk.injected.flatMap(\.codes) + [2, 7, 5]
        let forbid = Self.warningCodes.filter { !expected.contains($0) }
        let name = name(index: index)
        let noiseSeed = SeededRandom.hash(settings.seed ^ SeededRandom.hash(UInt64(index))) % 4_294_967_296
        let uidTail = String(SeededRandom.hash(settings.seed &+ SeededRandom.hash(UInt64(index) &+ 17)) % 0x1_0000_0000_0000, radix: 16)
        let uid = "6f1c2a9e-0000-4000-8000-" + String(repeating: "0", count: 12 - uidTail.count) + uidTail
        let roomNames = rooms.map(\.name)
        let injectedText = walk.injected.isEmpty ? "none" : walk.injected.map(\.rawValue).joined(separator: ", ")

        func num(_ v: Double) -> JSONValue { .number(FloorPlanBuilder.rounded(v)) }
        let roomsJSON: [JSONValue] = rooms.enumerated().map { i, room in
            var members: [(String, JSONValue)] = [
                ("name", .string(room.name)),
                ("floor", .array(room.polygon.map { .array([num($0.x), num($0.y)]) })),
                ("wallHeight", .number(2.6)),
            ]
            for kind in WallOpening.Kind.allCases {
                let holes = room.openings.filter { $0.kind == kind }
                guard !holes.isEmpty else { continue }
                members.append((kind.rawValue + "s", .array(holes.map { o in
                    .object([("wall", .integer(o.wall)), ("offset", num(o.offset)), ("width", num(o.width)),
                             ("height", num(o.height)), ("sillHeight", num(o.sillHeight))])
                })))
            }
            let floorKinds: [JSONValue] = room.type == .bathroom ? [.string("plant"), .string("box")]
                : [.string("plant"), .string("lamp"), .string("box")]
            members.append(("clutter", .object([("count", .integer(room.type == .bathroom ? 1 : (room.type == .livingRoom ? 5 : 4))), ("kinds", .array(floorKinds)),
                                                ("seed", .int(Int64(roomClutter[i])))])))
            return .object(members)
        }
        let objectsJSON: [JSONValue] = objects.map { o in
            var members: [(String, JSONValue)] = [
                ("category", .string(o.category)),
                ("dimensions", .object([("width", num(o.size.x)), ("height", num(o.size.y)), ("depth", num(o.size.z))])),
                ("position", o.centreHeight.map { .array([num(o.position.x), num($0), num(o.position.y)]) }
                    ?? .array([num(o.position.x), num(o.position.y)])),
                ("yawDegrees", .number(o.yawDegrees)),
            ]
            if let c = o.clutter {
                var clutter: [(String, JSONValue)] = [("count", .integer(c.count))]
                if let kinds = c.kinds { clutter.append(("kinds", .array(kinds.map { .string($0) }))) }
                clutter.append(("seed", .int(Int64(c.seed))))
                members.append(("clutter", .object(clutter)))
            }
            return .object(members)
        }
        let expect = JSONValue.object([("sequence", .array(expected.map { .integer($0) })), ("forbid", .array(forbid.map { .integer($0) }))])
        let scene = JSONValue.object([
            ("name", .string(name)),
            ("description", .string("Generated apartment \(index) of data set seed \(settings.seed): \(rooms.count) room(s) (\(roomNames.joined(separator: ", "))), \(objects.count) objects; injected events: \(injectedText).")),
            ("seed", .int(Int64(noiseSeed))),
            ("metadata", .object([("uid", .string(uid)), ("propertyType", .string("apartment"))])),
            ("depth", .object([("everyNthFrame", .integer(settings.depthEveryNthFrame))])),
            ("expect", expect),
            ("rooms", .array(roomsJSON)),
            ("objects", .array(objectsJSON)),
            ("script", .array(walk.steps)),
        ])
        var categories: [String: Int] = [:]
        for o in objects { categories[o.category, default: 0] += 1 }
        let manifest = JSONValue.object([
            ("scene", .string(name)),
            ("index", .integer(index)),
            ("seed", .int(Int64(noiseSeed))),
            ("uid", .string(uid)),
            ("rooms", .array(rooms.map { room in
                .object([("name", .string(room.name)), ("shape", .string(room.rects.count > 1 ? "L" : "rectangle")),
                         ("doors", .integer(room.openings.filter { $0.kind == .door }.count)),
                         ("windows", .integer(room.openings.filter { $0.kind == .window }.count))])
            })),
            ("objects", .object(categories.keys.sorted().map { ($0, .integer(categories[$0]!)) })),
            ("injected", .array(walk.injected.map { .string($0.rawValue) })),
            ("expect", expect),
        ])
        return GeneratedScene(name: name, index: index, json: scene.serialized(pretty: true) + "\n", manifest: manifest)
    }
}
