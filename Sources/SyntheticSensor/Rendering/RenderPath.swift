/// Which implementation of the depth renderer's ray casting runs.
public enum RenderPath: String, Sendable, CaseIterable {
    /// Eight pixels at a time with Swift's `SIMD8<Float>`, both passes (``DepthRenderer``'s default).
    case simd
    /// One pixel at a time: the reference the other paths must match bit for bit.
    case scalar
    /// Both passes in C with SIMDe's AVX2 API (the `CDepthShading` target), eight pixels at a time: the
    /// raster pass (`cdepth_raster_rows`, also the colour camera's visibility) and the shade pass (noise,
    /// Float16 rounding, confidence); identical maps. The capture's default in optimised builds
    /// (``CaptureOptions/defaultRenderPath``).
    case simde
}
