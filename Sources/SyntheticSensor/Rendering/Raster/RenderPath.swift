/// Which implementation of the renderers' passes runs: the Swift references or the C kernels. One vector
/// copy of each kernel (in C) is kept, so a reference is what a kernel is checked against.
public enum RenderPath: String, Sendable, CaseIterable {
    /// The Swift references the C path must match bit for bit, each beside its kernel (docs/architecture.md,
    /// "Kernels and their references").
    case scalar
    /// Both passes in C with SIMDe's AVX2 API (the `CDepthShading` target), eight pixels at a time: the
    /// raster pass (`cdepth_raster_rows`, also the colour camera's visibility) and the shade pass (noise,
    /// Float16 rounding, confidence); identical maps. For the colour camera also its shading pass
    /// (`ccolor_shade_rows`, the `CColorShading` target; the scalar path keeps the Swift shading): identical
    /// images. The capture's default in optimised builds (``CaptureOptions/defaultRenderPath``).
    case simde
}
