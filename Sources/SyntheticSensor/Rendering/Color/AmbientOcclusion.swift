import CaptureEngine
import Foundation

/// Ambient occlusion of a room's walls, floor and ceiling, baked once per scene into light maps (one cell
/// every 5 cm) that the colour camera's surface pass reads bilinearly: darker into the room's corners
/// (where two walls, or a wall and the floor or ceiling, meet) and on the floor under and around the
/// furniture standing on it, and on walls behind furniture.
///
/// An analytic model, not a ray-traced one: each occluder near a point darkens it by
/// `1 - weight * exp(-distance / reach)` (the product over occluders, at least 0.3), with the room's
/// walls, floor and ceiling (weight 0.32, reach 0.22 m, only for surfaces across the corner) and each
/// object's box (floor points: weight 0.55 under the box, falling off with the distance to its
/// footprint over 0.12 m; wall and ceiling points: weight 0.35 over 0.15 m of the distance to the box),
/// all times `strength` (``CameraSettings/ambientOcclusion``). The numbers are this project's choice.
struct AmbientOcclusion {
    /// Light-map cells per metre.
    static let cellsPerMeter = 20.0
    private let rooms: [Room]
    /// Each object's box: world-to-object transform and half size.
    private let boxes: [(toObject: RigidTransform, half: SIMD3<Double>, room: Int)]
    private let strength: Double

    init(rooms: [Room], objects: [SceneObject], strength: Float) {
        self.rooms = rooms
        self.strength = Double(strength)
        boxes = objects.map { object in
            let c = object.transform.translation
            let room = rooms.firstIndex { $0.contains(SIMD2(c.x, c.z)) } ?? -1
            return (object.transform.inverse, object.dimensions / 2, room)
        }
    }

    /// The occlusion factor (0.3...1) at world point `p` of a surface with normal `normal` in room `room`.
    func factor(at p: SIMD3<Double>, normal: SIMD3<Double>, room: Int) -> Float {
        guard strength > 0, room >= 0 else { return 1 }
        let r = rooms[room]
        var light = 1.0
        func darken(_ weight: Double, _ distance: Double, _ reach: Double) {
            light *= 1 - strength * weight * exp(-max(0, distance) / reach)
        }
        let horizontal = abs(normal.y) < 0.5
        // The floor and the ceiling, for walls.
        if horizontal {
            darken(0.32, p.y - r.floorHeight, 0.22)
            darken(0.25, r.floorHeight + r.wallHeight - p.y, 0.22)
        }
        // Each wall the point is not on: the horizontal distance to its segment.
        for w in r.floor.indices {
            let (a, b) = r.wallEnds(w)
            let d = b - a
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 1e-9 else { continue }
            let q = SIMD2(p.x, p.z) - a
            let along = (q.x * d.x + q.y * d.y) / length
            guard along > -0.05, along < length + 0.05 else { continue }
            let across = abs(q.x * d.y - q.y * d.x) / length
            if horizontal, across < 0.01 { continue }  // on this wall
            darken(horizontal ? 0.3 : 0.32, across, 0.22)
        }
        for box in boxes where box.room == room {
            let local = box.toObject.apply(toPoint: p)
            let h = box.half
            let outside = SIMD3(max(0, abs(local.x) - h.x), max(0, abs(local.y) - h.y), max(0, abs(local.z) - h.z))
            if normal.y > 0.5 {
                // A floor point: under the footprint or near it, if the box stands low.
                guard local.y - h.y < 0.15 else { continue }
                let footprint = (outside.x * outside.x + outside.z * outside.z).squareRoot()
                darken(0.55, footprint, 0.12)
            } else {
                darken(0.35, (outside * outside).sum().squareRoot(), 0.15)
            }
        }
        return Float(max(0.3, light))
    }
}
