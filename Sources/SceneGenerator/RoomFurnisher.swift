import Foundation

/// Furnishes a generated room by its type with RoomPlan's categories: each piece against a wall (its
/// back to the wall, its front into the room), clear of doors, windows (for tall pieces), other pieces
/// and the walk; a piece that finds no place in 40 tries is left out.
struct RoomFurnisher {
    let room: PlanRoom
    let reservation: WalkReservation
    var random: GeneratorRandom
    var placed: [PlacedObject] = []

    /// Least free floor in front of a door (each side), metres.
    static let doorClearance = 1.0

    init(room: PlanRoom, reservation: WalkReservation, random: GeneratorRandom) {
        self.room = room
        self.reservation = reservation
        self.random = random
    }

    /// The room's furniture.
    mutating func furnish(doors: [PlanDoor]) -> [PlacedObject] {
        let doorZones = doors.map { door -> PlanRect in
            let half = door.width / 2 + 0.3
            let along = SIMD2(abs(door.intoChild.y), abs(door.intoChild.x))
            let a = door.centre - along * half - door.intoChild * Self.doorClearance
            let b = door.centre + along * half + door.intoChild * Self.doorClearance
            return PlanRect(x0: min(a.x, b.x), z0: min(a.y, b.y), x1: max(a.x, b.x), z1: max(a.y, b.y))
        }
        func seed() -> UInt64 { random.next() % 1_000_000 }
        switch room.type {
        case .livingRoom:
            if let sofa = againstWall("sofa", SIMD3(random.uniform(1.8...2.3), 0.85, 0.92), doorZones) {
                let inward = SIMD2(sin(sofa.yawDegrees * .pi / 180), cos(sofa.yawDegrees * .pi / 180))
                var table = PlacedObject(category: "table", size: SIMD3(1.1, 0.45, 0.6), position: sofa.position + inward * (sofa.size.z / 2 + 0.75),
                                         centreHeight: nil, yawDegrees: sofa.yawDegrees, clutter: (3, ["books", "plant", "box"], seed()))
                table.position = SIMD2(FloorPlanBuilder.rounded(table.position.x), FloorPlanBuilder.rounded(table.position.y))
                if fits(table, doorZones) { placed.append(table) }
            }
            if let unit = againstWall("storage", SIMD3(1.6, 0.5, 0.4), doorZones, clutter: (5, nil, seed())) {
                let inward = SIMD2(sin(unit.yawDegrees * .pi / 180), cos(unit.yawDegrees * .pi / 180))
                // The television on the wall above the unit.
                let p = unit.position - inward * (unit.size.z / 2 - 0.04)
                placed.append(PlacedObject(category: "television", size: SIMD3(1.2, 0.7, 0.08),
                                           position: SIMD2(FloorPlanBuilder.rounded(p.x), FloorPlanBuilder.rounded(p.y)),
                                           centreHeight: 1.0, yawDegrees: unit.yawDegrees, clutter: nil))
            }
            _ = againstWall("storage", SIMD3(random.uniform(1.0...1.4), random.uniform(1.8...2.0), 0.35), doorZones, clutter: (18, nil, seed()))
            _ = againstWall("chair", SIMD3(0.7, 0.9, 0.75), doorZones)
            if random.unit() < 0.3 { _ = againstWall("fireplace", SIMD3(1.4, 1.1, 0.45), doorZones, clutter: (3, ["plant", "box", "books"], seed())) }
        case .kitchen:
            _ = againstWall("refrigerator", SIMD3(0.7, 1.8, 0.65), doorZones)
            _ = againstWall("stove", SIMD3(0.6, 0.9, 0.6), doorZones)
            _ = againstWall("sink", SIMD3(0.8, 0.9, 0.6), doorZones)
            _ = againstWall("dishwasher", SIMD3(0.6, 0.85, 0.6), doorZones)
            if random.unit() < 0.4 { _ = againstWall("oven", SIMD3(0.6, 0.85, 0.6), doorZones) }
            if let table = againstWall("table", SIMD3(1.0, 0.75, 0.7), doorZones, clutter: (2, ["plant", "books"], seed())) {
                let inward = SIMD2(sin(table.yawDegrees * .pi / 180), cos(table.yawDegrees * .pi / 180))
                let along = SIMD2(inward.y, -inward.x)
                for side in [-0.25, 0.25] {
                    let p = table.position + inward * (table.size.z / 2 + 0.3) + along * side
                    let chair = PlacedObject(category: "chair", size: SIMD3(0.45, 0.9, 0.45),
                                             position: SIMD2(FloorPlanBuilder.rounded(p.x), FloorPlanBuilder.rounded(p.y)),
                                             centreHeight: nil, yawDegrees: table.yawDegrees + 180, clutter: nil)
                    if fits(chair, doorZones) { placed.append(chair) }
                }
            }
        case .bedroom:
            if let bed = againstWall("bed", SIMD3(random.uniform(1.4...1.8), 0.85, 2.0), doorZones) {
                let inward = SIMD2(sin(bed.yawDegrees * .pi / 180), cos(bed.yawDegrees * .pi / 180))
                let along = SIMD2(inward.y, -inward.x)
                for side in [-1.0, 1.0] {
                    let p = bed.position - inward * (bed.size.z / 2 - 0.2) + along * side * (bed.size.x / 2 + 0.3)
                    let stand = PlacedObject(category: "storage", size: SIMD3(0.45, 0.55, 0.4),
                                             position: SIMD2(FloorPlanBuilder.rounded(p.x), FloorPlanBuilder.rounded(p.y)),
                                             centreHeight: nil, yawDegrees: bed.yawDegrees, clutter: (2, ["lamp", "books"], seed()))
                    if fits(stand, doorZones) { placed.append(stand) }
                }
            }
            _ = againstWall("storage", SIMD3(1.0, 2.0, 0.6), doorZones, clutter: (14, nil, seed()))
            _ = againstWall("table", SIMD3(1.0, 0.75, 0.55), doorZones, clutter: (3, ["lamp", "books", "box"], seed()))
        case .bathroom:
            _ = againstWall("bathtub", SIMD3(1.7, 0.55, 0.75), doorZones)
            _ = againstWall("toilet", SIMD3(0.4, 0.8, 0.7), doorZones)
            _ = againstWall("sink", SIMD3(0.6, 0.85, 0.45), doorZones)
            if random.unit() < 0.5 { _ = againstWall("washerDryer", SIMD3(0.6, 0.85, 0.6), doorZones) }
        case .study:
            if let desk = againstWall("table", SIMD3(1.2, 0.75, 0.6), doorZones, clutter: (3, ["lamp", "books", "box"], seed())) {
                let inward = SIMD2(sin(desk.yawDegrees * .pi / 180), cos(desk.yawDegrees * .pi / 180))
                let p = desk.position + inward * (desk.size.z / 2 + 0.25)
                let chair = PlacedObject(category: "chair", size: SIMD3(0.45, 0.9, 0.45),
                                         position: SIMD2(FloorPlanBuilder.rounded(p.x), FloorPlanBuilder.rounded(p.y)),
                                         centreHeight: nil, yawDegrees: desk.yawDegrees + 180, clutter: nil)
                if fits(chair, doorZones) { placed.append(chair) }
            }
            _ = againstWall("storage", SIMD3(1.2, 1.9, 0.35), doorZones, clutter: (18, nil, seed()))
            _ = againstWall("storage", SIMD3(0.8, 1.2, 0.35), doorZones, clutter: (10, nil, seed()))
        }
        return placed
    }

    /// Places a piece with its back to a wall of the room, or returns nil after 40 tries.
    private mutating func againstWall(_ category: String, _ size: SIMD3<Double>, _ doorZones: [PlanRect],
                                      clutter: (Int, [String]?, UInt64)? = nil) -> PlacedObject? {
        for _ in 0..<40 {
            let w = random.int(below: room.polygon.count)
            let (a, b) = room.wall(w)
            let length = (b - a).planLength
            guard length >= size.x + 0.1 else { continue }
            let direction = (b - a) / length
            var inward = SIMD2(-direction.y, direction.x)
            if !room.contains((a + b) / 2 + inward * 0.05) { inward = -inward }
            let along = random.uniform(size.x / 2 + 0.05, length - size.x / 2 - 0.05)
            let centre = a + direction * along + inward * (size.z / 2 + 0.02)
            // Local +Z (the front) turned to the inward normal: (sin yaw, cos yaw) = inward.
            let yaw = (atan2(inward.x, inward.y) * 180 / .pi).rounded()
            let object = PlacedObject(category: category, size: size,
                                      position: SIMD2(FloorPlanBuilder.rounded(centre.x), FloorPlanBuilder.rounded(centre.y)),
                                      centreHeight: nil, yawDegrees: yaw == -180 ? 180 : yaw,
                                      clutter: clutter.map { (count: $0.0, kinds: $0.1, seed: $0.2) })
            guard fits(object, doorZones) else { continue }
            // Pieces taller than a window's sill keep off its part of the wall.
            if size.y > 0.95 {
                let blocked = room.openings.contains { o in
                    o.kind == .window && o.wall == w && o.offset < along + size.x / 2 && along - size.x / 2 < o.offset + o.width
                }
                if blocked { continue }
            }
            placed.append(object)
            return object
        }
        return nil
    }

    /// Whether a piece lies in the room, clear of door zones, the walk and the pieces placed so far.
    private func fits(_ object: PlacedObject, _ doorZones: [PlanRect]) -> Bool {
        let f = object.footprint
        let corners = [SIMD2(f.x0, f.z0), SIMD2(f.x1, f.z0), SIMD2(f.x1, f.z1), SIMD2(f.x0, f.z1)]
        guard corners.allSatisfy({ room.contains($0, inset: -1e-6) }), room.contains(f.centre) else { return false }
        // A footprint spanning both rectangles of an L must not cut the notch's corner.
        if room.rects.count > 1, !room.rects.contains(where: { r in corners.allSatisfy { r.contains($0, inset: -1e-6) } }) { return false }
        guard !doorZones.contains(where: { $0.overlaps(f) }) else { return false }
        guard reservation.isClear(f) else { return false }
        return !placed.contains { $0.centreHeight == nil && object.centreHeight == nil && $0.footprint.grown(by: 0.05).overlaps(f) }
    }
}
