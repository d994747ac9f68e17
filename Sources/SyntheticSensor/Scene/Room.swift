/// A room in RoomPlan's vocabulary: a floor polygon on the X-Z plane of the ARKit world (Y up), a
/// floor height and a wall height. Wall `i` runs from polygon point `i` to point `i + 1` (the last wall
/// closes the polygon back to point 0).
public struct Room: Sendable, Equatable {
    /// The room's name (e.g. "Kitchen").
    public var name: String
    /// Floor polygon corners (x, z) in metres, at least three, in either winding.
    public var floor: [SIMD2<Double>]
    /// Height of the floor above the world origin, metres (default 0).
    public var floorHeight: Double
    /// Height of the walls above the floor (the ceiling), metres (default 2.5).
    public var wallHeight: Double
    /// Doors, windows and openings: holes in the walls.
    public var openings: [WallOpening]
    /// Clutter scattered on the floor along the walls, or nil.
    public var clutter: ClutterSettings?
    /// The walls', floor's and ceiling's materials (default: the palette's, see ``Material``).
    public var materials = RoomMaterials()

    public init(name: String, floor: [SIMD2<Double>], floorHeight: Double = 0, wallHeight: Double = 2.5,
                openings: [WallOpening] = [], clutter: ClutterSettings? = nil) {
        self.name = name
        self.floor = floor
        self.floorHeight = floorHeight
        self.wallHeight = wallHeight
        self.openings = openings
        self.clutter = clutter
    }

    /// The two ends (x, z) of wall `index`.
    public func wallEnds(_ index: Int) -> (SIMD2<Double>, SIMD2<Double>) {
        (floor[index], floor[(index + 1) % floor.count])
    }

    /// Signed area of the floor polygon in the (x, z) plane, square metres: positive when the points
    /// turn from +X towards +Z (clockwise seen from above, Y up), negative the other way.
    public var signedArea: Double {
        var a = 0.0
        for i in 0..<floor.count {
            let p = floor[i], q = floor[(i + 1) % floor.count]
            a += p.x * q.y - q.x * p.y
        }
        return a / 2
    }

    /// Whether a point (x, z) lies inside the floor polygon (even-odd rule).
    public func contains(_ point: SIMD2<Double>) -> Bool {
        var inside = false
        var j = floor.count - 1
        for i in 0..<floor.count {
            let a = floor[i], b = floor[j]
            if (a.y > point.y) != (b.y > point.y),
               point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x {
                inside.toggle()
            }
            j = i
        }
        return inside
    }
}
