/// One box of a procedural shape, in the local frame of what it belongs to (an object's box centred on
/// the origin, Y up; or a clutter item standing on the origin): a centre, a size and a turn about the
/// local Y axis.
public struct ShapeBox: Sendable, Equatable {
    /// Box centre in the local frame, metres.
    public var centre: SIMD3<Double>
    /// Size along the box's own X, Y and Z axes, metres.
    public var size: SIMD3<Double>
    /// Turn of the box about the local Y axis, radians (positive counter-clockwise seen from above).
    public var yawRadians: Double
    /// The part the box is.
    public var part: FurniturePart
    /// Whether the bottom face is left out (the box rests on the floor or on another surface, so the
    /// face is never seen): one patch fewer to render.
    public var restsOnSurface: Bool
    /// 0: a box. 3 or more: an upright prism of that many sides inscribed in the box (its corners on the
    /// ellipse of the box's X and Z half sizes), a round part (a pot, a lamp's shade or pole) as a phone
    /// sees it: `sides` rectangles around, a fan of triangles on top and (unless it rests) below.
    public var sides: Int

    public init(centre: SIMD3<Double>, size: SIMD3<Double>, part: FurniturePart, yawRadians: Double = 0,
                restsOnSurface: Bool = false, sides: Int = 0) {
        self.centre = centre
        self.size = size
        self.yawRadians = yawRadians
        self.part = part
        self.restsOnSurface = restsOnSurface
        self.sides = sides
    }

    /// A box given by its minimum and maximum corners (no turn).
    public init(min low: SIMD3<Double>, max high: SIMD3<Double>, part: FurniturePart, restsOnSurface: Bool = false) {
        self.init(centre: (low + high) / 2, size: high - low, part: part, restsOnSurface: restsOnSurface)
    }
}
