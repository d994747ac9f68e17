/// Which depth error and confidence model the LiDAR renderer uses (scene key `lidar.errorModel`).
public enum LiDARErrorModelKind: String, Sendable, Equatable {
    /// Correlated error fields, uncertainty-based confidence, edge ramps and flying pixels
    /// (``CorrelatedErrorModel``), calibrated to phone captures (docs/lidar.md): the default.
    case correlated
    /// Per-pixel white noise and range-rule confidence (the renderer's shade pass), the model of earlier
    /// versions: cheaper to render (docs/benchmarks.md).
    case white
}
