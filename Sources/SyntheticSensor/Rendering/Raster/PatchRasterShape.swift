import CaptureEngine

/// The part of a ``SurfacePatch``'s raster that does not depend on the camera: its plane's frame, its
/// outline's corners and, in the `Float`s the kernels read, a rectangle's bounds and holes or a
/// triangle's edge equations. Renderers make them once (``shapes(_:)``) and ``PatchRasterSetup`` reads
/// them every frame, so a frame neither copies a patch (its material and owner) nor builds its edges
/// and holes.
struct PatchRasterShape: Sendable {
    /// A point of the plane and its two in-plane unit axes (world).
    let origin: SIMD3<Double>, uAxis: SIMD3<Double>, vAxis: SIMD3<Double>
    /// A triangle (corners in (u, v)) or a rectangle (`corners.0` is (uMax, vMax), the others unused).
    let isTriangle: Bool
    let corners: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
    /// ``PatchRaster/uMax`` and ``PatchRaster/vMax`` (0 for a triangle).
    let uMax: Float, vMax: Float
    /// ``PatchRaster/holes``: a rectangle's holes as (uMin, uMax, vMin, vMax).
    let holes: [SIMD4<Float>]
    /// ``PatchRaster/edges``: a triangle's edges as (a, b, c), a u + b v + c >= 0 inside (metres).
    let edges: [SIMD3<Float>]

    init(_ patch: SurfacePatch) {
        origin = patch.origin
        uAxis = patch.uAxis
        vAxis = patch.vAxis
        switch patch.shape {
        case .rectangle(let uMax, let vMax, let holes):
            isTriangle = false
            corners = (SIMD2(uMax, vMax), .zero, .zero)
            self.uMax = Float(uMax)
            self.vMax = Float(vMax)
            self.holes = holes.map { SIMD4<Float>(Float($0.x), Float($0.y), Float($0.z), Float($0.w)) }
            edges = []
        case .triangle(let p, let q, let r):
            isTriangle = true
            corners = (p, q, r)
            uMax = 0
            vMax = 0
            holes = []
            edges = [(p, q), (q, r), (r, p)].map { (s, e) in
                let len = (e - s).length2D
                let a = -(e.y - s.y) / len, b = (e.x - s.x) / len
                return SIMD3<Float>(Float(a), Float(b), Float(-(a * s.x + b * s.y)))
            }
        }
    }

    /// One shape per patch, in order.
    static func shapes(_ patches: [SurfacePatch]) -> [PatchRasterShape] { patches.map(PatchRasterShape.init) }
}
