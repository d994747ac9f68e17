/// A horizontal surface of a shape that clutter can stand on (a table top, a shelf in a cubby, the top
/// of a cabinet), in the shape's local frame.
public struct SupportSurface: Sendable, Equatable {
    /// Centre of the surface, metres (local frame; `y` is the surface's height).
    public var centre: SIMD3<Double>
    /// Extent along local X (width) and local Z (depth), metres.
    public var width: Double, depth: Double
    /// Free height above the surface (up to the next shelf or a limit for open tops), metres.
    public var clearance: Double

    public init(centre: SIMD3<Double>, width: Double, depth: Double, clearance: Double) {
        self.centre = centre
        self.width = width
        self.depth = depth
        self.clearance = clearance
    }
}
