/// A run of consecutive patches with a sphere that bounds them all: the renderer skips the whole run
/// when the sphere is out of the camera's view or range.
public struct PatchGroup: Sendable, Equatable {
    /// The patches' indices in ``SceneGeometry/patches``.
    public var patches: Range<Int>
    /// Centre of the bounding sphere (world), metres.
    public var centre: SIMD3<Double>
    /// Radius of the bounding sphere, metres (infinite: never culled).
    public var radius: Double

    public init(patches: Range<Int>, centre: SIMD3<Double>, radius: Double) {
        self.patches = patches
        self.centre = centre
        self.radius = radius
    }
}
