import CaptureEngine

/// Prepares surface patches for ``DepthKernels``' rasterisation from a camera pose with any intrinsics:
/// the plane equations and pixel bounds of ``PatchRaster``. The colour camera uses it with its own
/// intrinsics and range; it is the same arithmetic as the depth renderer's preparation.
enum PatchRasterSetup {
    /// Rasters of `patches` seen from `pose` (camera-to-world) within `rangeMeters`, patches out of view
    /// dropped; each raster's `patchIndex` is the patch's index in `patches`. `paddedWidth` is the row
    /// stride of the buffers the kernels write (the width rounded up to a multiple of 8).
    static func rasters(_ patches: [SurfacePatch], pose: RigidTransform, intrinsics: CameraIntrinsics,
                        paddedWidth: Int, rangeMeters range: Double) -> [PatchRaster] {
        let worldToCamera = pose.inverse
        let fx = intrinsics.fx, fy = intrinsics.fy, cx = intrinsics.cx, cy = intrinsics.cy
        var out: [PatchRaster] = []
        for (index, patch) in patches.enumerated() {
            let o = worldToCamera.apply(toPoint: patch.origin)
            let u = worldToCamera.apply(toDirection: patch.uAxis), v = worldToCamera.apply(toDirection: patch.vAxis)
            let n = u.cross(v)
            let d = n.dot(o)
            guard abs(d) > 1e-6, abs(d) < range else { continue }
            guard let bounds = pixelBounds(patch.corners.map { worldToCamera.apply(toPoint: $0) }, intrinsics: intrinsics,
                                           paddedWidth: paddedWidth, range: range) else { continue }
            var raster = PatchRaster(
                a: Float(n.x / (fx * d)), b: Float(-n.y / (fy * d)), c: Float((-n.x * cx / fx + n.y * cy / fy - n.z) / d),
                ua: Float(u.x / fx), ub: Float(-u.y / fy), uc: Float(-u.x * cx / fx + u.y * cy / fy - u.z), uOffset: Float(o.dot(u)),
                va: Float(v.x / fx), vb: Float(-v.y / fy), vc: Float(-v.x * cx / fx + v.y * cy / fy - v.z), vOffset: Float(o.dot(v)),
                planeDistance: Float(d), x0: bounds.x0, x1: bounds.x1, y0: bounds.y0, y1: bounds.y1,
                uMax: 0, vMax: 0, holes: [], edges: [], patchIndex: Int32(index))
            switch patch.shape {
            case .rectangle(let uMax, let vMax, let holes):
                raster.uMax = Float(uMax)
                raster.vMax = Float(vMax)
                raster.holes = holes.map { SIMD4<Float>(Float($0.x), Float($0.y), Float($0.z), Float($0.w)) }
            case .triangle(let p, let q, let r):
                raster.edges = [(p, q), (q, r), (r, p)].map { (s, e) in
                    let len = (e - s).length2D
                    let a = -(e.y - s.y) / len, b = (e.x - s.x) / len
                    return SIMD3<Float>(Float(a), Float(b), Float(-(a * s.x + b * s.y)))
                }
            }
            out.append(raster)
        }
        return out
    }

    /// The pixel rectangle covering a convex outline (camera coordinates) after clipping it to the
    /// space in front of the camera; nil when nothing of it is in view within range.
    private static func pixelBounds(_ corners: [SIMD3<Double>], intrinsics: CameraIntrinsics, paddedWidth: Int,
                                    range: Double) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let near = 0.01
        var clipped: [SIMD3<Double>] = []
        for i in corners.indices {
            let p = corners[i], q = corners[(i + 1) % corners.count]
            let pIn = p.z <= -near, qIn = q.z <= -near
            if pIn { clipped.append(p) }
            if pIn != qIn {
                let t = (-near - p.z) / (q.z - p.z)
                clipped.append(p + (q - p) * t)
            }
        }
        guard !clipped.isEmpty, clipped.map({ -$0.z }).min()! <= range else { return nil }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in clipped {
            let x = intrinsics.cx + intrinsics.fx * p.x / -p.z, y = intrinsics.cy - intrinsics.fy * p.y / -p.z
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        let w = intrinsics.width, h = intrinsics.height
        guard maxX >= -1, minX <= Double(w), maxY >= -1, minY <= Double(h) else { return nil }
        let x0 = max(0, Int(max(-1, minX).rounded(.down)) - 1), x1 = min(w, Int(min(Double(w), maxX).rounded(.up)) + 2)
        let y0 = max(0, Int(max(-1, minY).rounded(.down)) - 1), y1 = min(h, Int(min(Double(h), maxY).rounded(.up)) + 2)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0 / 8 * 8, min(paddedWidth, (x1 + 7) / 8 * 8), y0, y1)
    }
}
