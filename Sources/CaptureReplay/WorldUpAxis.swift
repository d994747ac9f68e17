/// The axis a log's world frame points up along.
public enum WorldUpAxis: String, Sendable, CaseIterable {
    /// +Y up, as ARKit's world (the engine's).
    case y
    /// +Z up, as the raw RGBD package's world; converted with ``CoordinateConventions``.
    case z
}
