import SyntheticSensor

/// Lays out a floor plan: the first room at the origin, each next one attached to a wall of an earlier
/// room (sharing at least 1.4 m of it, never overlapping another room) with a door in the shared part,
/// and windows on walls that face outside.
enum FloorPlanBuilder {
    /// Door width, metres.
    static let doorWidth = 0.9
    /// Least shared wall length for a door, metres.
    static let leastSharedWall = 1.6

    static func rooms(count: Int, settings: GeneratorSettings, random: inout GeneratorRandom) -> [PlanRoom] {
        var rooms: [PlanRoom] = [makeRoom(type: .livingRoom, at: SIMD2(0, 0), random: &random, settings: settings, lShapeAllowed: true)]
        var attempts = 0
        while rooms.count < count && attempts < 200 {
            attempts += 1
            let type = RoomType.of(index: rooms.count)
            let parentIndex = random.int(below: rooms.count)
            let parent = rooms[parentIndex]
            let side = random.int(below: 4)  // 0: -z, 1: +x, 2: +z, 3: -x of the parent's main rectangle
            let p = parent.rects[0]
            let w = random.uniform(type.sizeRange), d = random.uniform(type.sizeRange)
            // The new room's rectangle beside that side, slid along it.
            var rect: PlanRect
            switch side {
            case 0, 2:
                let slide = random.uniform(-(w - leastSharedWall), p.width - leastSharedWall)
                let x0 = p.x0 + slide
                rect = side == 0 ? PlanRect(x0: x0, z0: p.z0 - d, x1: x0 + w, z1: p.z0) : PlanRect(x0: x0, z0: p.z1, x1: x0 + w, z1: p.z1 + d)
            default:
                let slide = random.uniform(-(d - leastSharedWall), p.depth - leastSharedWall)
                let z0 = p.z0 + slide
                rect = side == 1 ? PlanRect(x0: p.x1, z0: z0, x1: p.x1 + w, z1: z0 + d) : PlanRect(x0: p.x0 - w, z0: z0, x1: p.x0, z1: z0 + d)
            }
            rect = PlanRect(x0: rounded(rect.x0), z0: rounded(rect.z0), x1: rounded(rect.x1), z1: rounded(rect.z1))
            guard !rooms.contains(where: { $0.rects.contains { $0.overlaps(rect) } }) else { continue }
            // The shared span along the parent's side, where a door fits.
            let span: (Double, Double)
            switch side {
            case 0, 2: span = (max(rect.x0, p.x0), min(rect.x1, p.x1))
            default: span = (max(rect.z0, p.z0), min(rect.z1, p.z1))
            }
            guard span.1 - span.0 >= leastSharedWall else { continue }
            // An L-shaped parent's wing lies on its +z side (the only side not tried below); the other
            // three sides of its main rectangle are whole walls.
            if parent.rects.count > 1 && side == 2 { continue }
            let usable = span
            let along = random.uniform(usable.0 + 0.3 + doorWidth / 2, usable.1 - 0.3 - doorWidth / 2)
            let doorCentre: SIMD2<Double>, intoChild: SIMD2<Double>
            switch side {
            case 0: doorCentre = SIMD2(along, p.z0); intoChild = SIMD2(0, -1)
            case 1: doorCentre = SIMD2(p.x1, along); intoChild = SIMD2(1, 0)
            case 2: doorCentre = SIMD2(along, p.z1); intoChild = SIMD2(0, 1)
            default: doorCentre = SIMD2(p.x0, along); intoChild = SIMD2(-1, 0)
            }
            var room = plainRoom(type: type, rect: rect)
            room.name = "\(type.rawValue) \(rooms.count + 1)"
            room.parent = parentIndex
            room.doorFromParent = PlanDoor(centre: doorCentre, intoChild: intoChild, width: doorWidth)
            // The door is declared on the child's wall on that line (the geometry cuts every wall there).
            if let (wall, offset) = wallAndOffset(of: room, point: doorCentre - wallDirection(room, at: doorCentre) * (doorWidth / 2)) {
                room.openings.append(WallOpening(kind: .door, wall: wall, offset: offset, width: doorWidth, height: 2.05, sillHeight: 0))
                rooms.append(room)
            }
        }
        // Windows on walls with nothing behind them.
        for i in rooms.indices {
            let room = rooms[i]
            for w in room.polygon.indices {
                let (a, b) = room.wall(w)
                let length = (b - a).planLength
                guard length >= 1.6, random.unit() < 0.75 else { continue }
                let direction = (b - a) / length
                var outward = SIMD2(direction.y, -direction.x)
                if room.contains((a + b) / 2 + outward * 0.05) { outward = -outward }
                let samples = stride(from: 0.05, through: length - 0.05, by: 0.2).map { a + direction * $0 + outward * 0.05 }
                guard samples.allSatisfy({ p in !rooms.contains { $0.contains(p) } }) else { continue }
                let small = room.type == .bathroom
                let width = min(small ? 0.7 : random.uniform(0.9...1.3), length - 0.8)
                let offset = rounded(random.uniform(0.4, length - 0.4 - width))
                rooms[i].openings.append(WallOpening(kind: .window, wall: w, offset: offset, width: rounded(width),
                                                     height: small ? 0.7 : 1.1, sillHeight: small ? 1.4 : 1.0))
            }
        }
        return rooms
    }

    /// The first room: a rectangle or, when the settings allow, an L-shape (a notch at its +x, +z corner).
    static func makeRoom(type: RoomType, at origin: SIMD2<Double>, random: inout GeneratorRandom, settings: GeneratorSettings,
                         lShapeAllowed: Bool) -> PlanRoom {
        let w = rounded(random.uniform(type.sizeRange)), d = rounded(random.uniform(type.sizeRange))
        let rect = PlanRect(x0: origin.x, z0: origin.y, x1: origin.x + w, z1: origin.y + d)
        guard lShapeAllowed, random.unit() < settings.lShapeProbability else {
            var room = plainRoom(type: type, rect: rect)
            room.name = "\(type.rawValue) 1"
            return room
        }
        // Main rectangle plus a wing on its +z side, narrower than it: the notch is at the +x end.
        let wingDepth = rounded(random.uniform(1.6...2.6)), wingWidth = rounded(random.uniform((w * 0.5)...(w * 0.7)))
        let wing = PlanRect(x0: rect.x0, z0: rect.z1, x1: rect.x0 + wingWidth, z1: rect.z1 + wingDepth)
        let polygon = [SIMD2(rect.x0, rect.z0), SIMD2(rect.x1, rect.z0), SIMD2(rect.x1, rect.z1), SIMD2(wing.x1, rect.z1),
                       SIMD2(wing.x1, wing.z1), SIMD2(wing.x0, wing.z1)]
        return PlanRoom(type: type, name: "\(type.rawValue) 1", rects: [rect, wing], polygon: polygon)
    }

    static func plainRoom(type: RoomType, rect: PlanRect) -> PlanRoom {
        PlanRoom(type: type, name: type.rawValue, rects: [rect],
                 polygon: [SIMD2(rect.x0, rect.z0), SIMD2(rect.x1, rect.z0), SIMD2(rect.x1, rect.z1), SIMD2(rect.x0, rect.z1)])
    }

    /// The room's wall through a point and the point's distance from that wall's first corner.
    static func wallAndOffset(of room: PlanRoom, point: SIMD2<Double>) -> (Int, Double)? {
        for w in room.polygon.indices {
            let (a, b) = room.wall(w)
            let length = (b - a).planLength
            let direction = (b - a) / length
            let rel = point - a
            let along = (rel * direction).sum(), across = abs(rel.x * direction.y - rel.y * direction.x)
            if across < 1e-6 && along >= -1e-6 && along <= length + 1e-6 { return (w, rounded(along)) }
        }
        return nil
    }

    /// The direction of the child's wall through a point (first corner to second).
    static func wallDirection(_ room: PlanRoom, at point: SIMD2<Double>) -> SIMD2<Double> {
        for w in room.polygon.indices {
            let (a, b) = room.wall(w)
            let length = (b - a).planLength
            let direction = (b - a) / length
            let rel = point - a
            if abs(rel.x * direction.y - rel.y * direction.x) < 1e-6 { return direction }
        }
        return SIMD2(1, 0)
    }

    /// Rounded to millimetres (tidy scene files).
    static func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
