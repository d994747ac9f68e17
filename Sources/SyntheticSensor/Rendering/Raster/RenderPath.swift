/// Which implementation of the depth renderer's ray casting runs: the one-pixel reference or the C kernels.
/// (A third, Swift `SIMD8` path was dropped: the C kernels were faster, 1.07x in the shade pass and 1.48x
/// with the raster pass, docs/benchmarks.md, and one vector copy of each kernel is enough.)
public enum RenderPath: String, Sendable, CaseIterable {
    /// One pixel at a time: the reference the C path must match bit for bit.
    case scalar
    /// Both passes in C with SIMDe's AVX2 API (the `CDepthShading` target), eight pixels at a time: the
    /// raster pass (`cdepth_raster_rows`, also the colour camera's visibility) and the shade pass (noise,
    /// Float16 rounding, confidence); identical maps. For the colour camera also its shading pass
    /// (`ccolor_shade_rows`, the `CColorShading` target; the scalar path keeps the Swift shading): identical
    /// images. The capture's default in optimised builds (``CaptureOptions/defaultRenderPath``).
    case simde
}
