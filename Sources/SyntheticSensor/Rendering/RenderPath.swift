/// Which implementation of the depth renderer's ray casting runs.
public enum RenderPath: String, Sendable, CaseIterable {
    /// Eight pixels at a time with Swift's `SIMD8<Float>` (the default).
    case simd
    /// One pixel at a time: the reference the SIMD path must match bit for bit.
    case scalar
}
