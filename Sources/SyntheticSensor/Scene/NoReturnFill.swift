/// What the correlated LiDAR model reports at a pixel that sees no surface within range (out of a
/// window, through an open door; scene key `lidar.correlated.noReturnFill`).
public enum NoReturnFill: String, Sendable, Equatable, CaseIterable {
    /// Depth 0 and confidence 0: no return.
    case none
    /// A low-confidence depth 0-20 cm short of ``CorrelatedErrorSettings/rangeMeters``.
    case far
    /// A low-confidence depth interpolated from the returns around the gap (``NoReturnInterpolation``),
    /// so a window reads about as deep as the wall around it. The default: a phone's `sceneDepth` has a
    /// value at every pixel (ARKit densifies the LiDAR's returns with the camera image); how it fills a
    /// window is not public, and this is a guess.
    case interpolated
}
