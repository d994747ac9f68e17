/// What the correlated LiDAR model reports at a pixel that sees no surface within range (out of a
/// window, through an open door; scene key `lidar.correlated.noReturnFill`).
public enum NoReturnFill: String, Sendable, Equatable, CaseIterable {
    /// Depth 0 and confidence 0: no return.
    case none
    /// A low-confidence depth 0-20 cm short of ``CorrelatedErrorSettings/rangeMeters``.
    case far
    /// A low-confidence depth interpolated from the returns around the gap
    /// (``NoReturnInterpolation``), as a phone's `sceneDepth` does: ARKit densifies the LiDAR's sparse
    /// returns with the camera image into a depth at every pixel, so a window reads about as deep as the
    /// wall around it. The default.
    case interpolated
}
