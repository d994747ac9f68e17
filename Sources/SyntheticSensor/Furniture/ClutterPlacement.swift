import Foundation
import CaptureEngine

/// Scatters clutter over the support surfaces of shaped objects and along the walls of rooms, each
/// place chosen with a generator seeded from the clutter's seed and the object's or room's index, so
/// the same scene always gives the same items. Items never overlap each other; on a floor they stand
/// within 0.1 m of a wall, clear of objects and at least ``doorClearanceMeters`` from any door or opening.
public enum ClutterPlacement {
    /// Least distance from a floor item's centre to a door or opening, metres.
    public static let doorClearanceMeters = 0.8
    /// Tries per item before it is left out.
    public static let triesPerItem = 24

    /// Every clutter item of a scene's objects and rooms, objects first (in object order), then rooms.
    public static func items(rooms: [Room], objects: [SceneObject]) -> [ClutterItem] {
        var out: [ClutterItem] = []
        for (index, object) in objects.enumerated() {
            guard let clutter = object.clutter, clutter.count > 0, object.shape == .shaped else { continue }
            out += onObject(object, index: index, clutter)
        }
        for (index, room) in rooms.enumerated() {
            guard let clutter = room.clutter, clutter.count > 0 else { continue }
            out += onFloor(room, index: index, clutter, rooms: rooms, objects: objects)
        }
        return out
    }

    static func onObject(_ object: SceneObject, index: Int, _ clutter: ClutterSettings) -> [ClutterItem] {
        let shape = FurnitureShape.make(category: object.category, dimensions: object.dimensions, variant: object.variant)
        guard !shape.surfaces.isEmpty else { return [] }
        var random = SeededRandom(seed: SeededRandom.hash(clutter.seed ^ SeededRandom.hash(UInt64(index) &+ 0x4F42)))
        var taken: [[SIMD4<Double>]] = Array(repeating: [], count: shape.surfaces.count)
        var out: [ClutterItem] = []
        let totalArea = shape.surfaces.reduce(0) { $0 + $1.width * $1.depth }
        for _ in 0..<clutter.count {
            for _ in 0..<triesPerItem {
                // A surface by area, a kind that fits its clearance, a place on it.
                var pick = random.uniform(0, totalArea), s = 0
                while s < shape.surfaces.count - 1 && pick > shape.surfaces[s].width * shape.surfaces[s].depth {
                    pick -= shape.surfaces[s].width * shape.surfaces[s].depth
                    s += 1
                }
                let surface = shape.surfaces[s]
                let kinds = clutter.kinds.filter { $0.minimumClearance <= surface.clearance }
                guard !kinds.isEmpty else { continue }
                let kind = kinds[min(kinds.count - 1, Int(random.nextUnit() * Double(kinds.count)))]
                guard let boxes = ClutterShapes.make(kind, width: min(surface.width, 0.6), depth: surface.depth,
                                                     height: surface.clearance, onFloor: false, &random) else { continue }
                let extent = footprint(boxes)
                let halfX = extent.x, halfZ = extent.y
                guard 2 * halfX <= surface.width, 2 * halfZ <= surface.depth else { continue }
                let x = surface.centre.x + random.uniform(-(surface.width / 2 - halfX), surface.width / 2 - halfX)
                let z = surface.centre.z + random.uniform(-(surface.depth / 2 - halfZ), surface.depth / 2 - halfZ)
                let rect = SIMD4(x - halfX, x + halfX, z - halfZ, z + halfZ)
                guard !taken[s].contains(where: { overlaps($0, rect) }) else { continue }
                taken[s].append(rect)
                let local = RigidTransform(rotation: .identity, translation: SIMD3(x, surface.centre.y, z))
                out.append(ClutterItem(kind: kind, boxes: boxes, transform: object.transform * local, objectIndex: index))
                break
            }
        }
        return out
    }

    static func onFloor(_ room: Room, index: Int, _ clutter: ClutterSettings, rooms: [Room], objects: [SceneObject]) -> [ClutterItem] {
        let kinds = clutter.kinds.filter { $0 != .books }
        guard !kinds.isEmpty else { return [] }
        var random = SeededRandom(seed: SeededRandom.hash(clutter.seed ^ SeededRandom.hash(UInt64(index) &+ 0x524F4F4D)))
        // Doors and openings of every room, as segments on the floor plan.
        var doors: [(SIMD2<Double>, SIMD2<Double>)] = []
        for r in rooms {
            for o in r.openings where o.kind != .window {
                let (a, b) = r.wallEnds(o.wall)
                let direction = (b - a) / max(1e-9, (b - a).length2D)
                doors.append((a + direction * o.offset, a + direction * (o.offset + o.width)))
            }
        }
        let lengths = room.floor.indices.map { i -> Double in let (a, b) = room.wallEnds(i); return (b - a).length2D }
        let total = lengths.reduce(0, +)
        var placed: [(SIMD2<Double>, Double)] = []
        var out: [ClutterItem] = []
        for _ in 0..<clutter.count {
            for _ in 0..<triesPerItem {
                var pick = random.uniform(0, total), w = 0
                while w < lengths.count - 1 && pick > lengths[w] { pick -= lengths[w]; w += 1 }
                let (a, b) = room.wallEnds(w)
                let direction = (b - a) / max(1e-9, lengths[w])
                var inward = SIMD2(-direction.y, direction.x)
                let middle = (a + b) / 2
                if !room.contains(middle + inward * 0.05) { inward = -inward }
                let kind = kinds[min(kinds.count - 1, Int(random.nextUnit() * Double(kinds.count)))]
                guard let boxes = ClutterShapes.make(kind, width: 0.55, depth: 0.55, height: room.wallHeight - 0.2,
                                                     onFloor: true, &random) else { continue }
                let extent = footprint(boxes)
                let radius = (extent.x * extent.x + extent.y * extent.y).squareRoot()
                let along = random.uniform(radius + 0.05, max(radius + 0.05, lengths[w] - radius - 0.05))
                let centre = a + direction * along + inward * (extent.y + random.uniform(0.02, 0.1))
                let corners = [SIMD2(-1.0, -1.0), SIMD2(1, -1), SIMD2(1, 1), SIMD2(-1, 1)].map { centre + $0 * radius }
                guard corners.allSatisfy({ room.contains($0) }) else { continue }
                guard doors.allSatisfy({ distance(centre, $0.0, $0.1) >= doorClearanceMeters + radius }) else { continue }
                guard placed.allSatisfy({ ($0.0 - centre).length2D >= $0.1 + radius + 0.05 }) else { continue }
                let clearOfObjects = objects.allSatisfy { object in
                    let local = object.transform.inverse.apply(toPoint: SIMD3(centre.x, object.transform.translation.y, centre.y))
                    return abs(local.x) >= object.dimensions.x / 2 + radius + 0.05 || abs(local.z) >= object.dimensions.z / 2 + radius + 0.05
                }
                guard clearOfObjects else { continue }
                placed.append((centre, radius))
                let yaw = atan2(inward.x, inward.y)
                let transform = RigidTransform(rotation: Quaternion(angle: yaw, axis: SIMD3(0, 1, 0)),
                                               translation: SIMD3(centre.x, room.floorHeight, centre.y))
                out.append(ClutterItem(kind: kind, boxes: boxes, transform: transform, objectIndex: nil))
                break
            }
        }
        return out
    }

    /// Half extents (x, z) of the boxes' footprint about the item's origin (turned boxes by their corners).
    static func footprint(_ boxes: [ShapeBox]) -> SIMD2<Double> {
        var half = SIMD2<Double>(0, 0)
        for box in boxes {
            let c = cos(box.yawRadians), s = sin(box.yawRadians)
            let hx = abs(c) * box.size.x / 2 + abs(s) * box.size.z / 2
            let hz = abs(s) * box.size.x / 2 + abs(c) * box.size.z / 2
            half.x = max(half.x, abs(box.centre.x) + hx)
            half.y = max(half.y, abs(box.centre.z) + hz)
        }
        return half
    }

    static func overlaps(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool {
        a.x < b.y && b.x < a.y && a.z < b.w && b.z < a.w
    }

    static func distance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a
        let t = max(0, min(1, ((p - a) * ab).sum() / max(1e-12, (ab * ab).sum())))
        return (p - (a + ab * t)).length2D
    }
}
