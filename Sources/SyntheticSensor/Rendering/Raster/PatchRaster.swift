/// One surface patch prepared for one camera pose: the plane equations that give, for pixel (x, y),
/// the inverse z-depth and the plane coordinates of the hit, all linear in the pixel coordinates:
///
///     1/z = a * x + b * y + c
///     u   = (ua * x + ub * y + uc) * z - uOffset      (and v likewise)
///
/// derived from the camera ray r = ((x - cx) / fx, -(y - cy) / fy, -1), whose z-depth is the ray
/// parameter because r.z = -1.
struct PatchRaster: Sendable {
    var a: Float, b: Float, c: Float
    var ua: Float, ub: Float, uc: Float, uOffset: Float
    var va: Float, vb: Float, vc: Float, vOffset: Float
    /// Signed distance from the camera to the patch's plane along its normal, metres.
    var planeDistance: Float
    /// Pixel bounds to scan: columns `x0..<x1` (x0 and x1 multiples of 8), rows `y0..<y1`.
    var x0: Int, x1: Int, y0: Int, y1: Int
    /// Rectangle bounds (uMax, vMax) or unused.
    var uMax: Float, vMax: Float
    /// Holes as (uMin, uMax, vMin, vMax).
    var holes: [SIMD4<Float>]
    /// Triangle edges as (a, b, c) with a*u + b*v + c >= 0 inside (normalised to metres); empty for rectangles.
    var edges: [SIMD3<Float>]
    /// Index of the patch in the scene geometry.
    var patchIndex: Int32
}
