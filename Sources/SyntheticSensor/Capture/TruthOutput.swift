/// What a synthetic capture writes of its truth beyond the true poses (`--truth`): the depth before the
/// error model, and per-pixel labels.
public enum TruthOutput: String, Sendable, CaseIterable, Hashable {
    /// `raw/depth_true/NNNNN.png`: the renderer's depth before the error model.
    case depth
    /// `raw/labels/NNNNN.png` and `raw/instances/NNNNN.png`: each pixel's semantic class and instance.
    case labels
}
