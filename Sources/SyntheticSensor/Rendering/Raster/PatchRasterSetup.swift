import CaptureEngine

/// Prepares surface patches for ``DepthKernels``' rasterisation from a camera pose with any intrinsics:
/// the plane equations and pixel bounds of ``PatchRaster``. The depth renderer and the colour camera both
/// use it, each with its own intrinsics and range. It culls: groups (``SceneGeometry/groups``) whose bounding sphere is outside the view are skipped, and
/// faces of closed solids (from ``SceneGeometry/solidPatchStart`` on) seen from behind are dropped.
/// Culling only removes patches that could not cover a pixel (a back face of a closed solid is always
/// behind one of its front faces), so the image is the same as without it.
enum PatchRasterSetup {
    /// Rasters of a scene's patches seen from `pose` (camera-to-world) within `rangeMeters`, with the
    /// groups outside the view and the back faces of solids culled; each raster's `patchIndex` is the
    /// patch's index in `geometry.patches`. `paddedWidth` is the row stride of the buffers the kernels
    /// write (the width rounded up to a multiple of 8).
    /// `shapes` are `PatchRasterShape.shapes(geometry.patches)`, made once with the renderer.
    static func rasters(_ geometry: SceneGeometry, shapes: [PatchRasterShape], pose: RigidTransform, intrinsics: CameraIntrinsics,
                        paddedWidth: Int, rangeMeters range: Double) -> [PatchRaster] {
        let worldToCamera = pose.inverse
        var out: [PatchRaster] = []
        out.reserveCapacity(shapes.count / 4)
        let solidStart = geometry.solidPatchStart
        shapes.withUnsafeBufferPointer { shapes in
            for group in geometry.groups where isInView(group, worldToCamera: worldToCamera, intrinsics: intrinsics, range: range) {
                for index in group.patches {
                    if let raster = raster(shapes[index], index: index, worldToCamera: worldToCamera, intrinsics: intrinsics,
                                           paddedWidth: paddedWidth, range: range, cullBackFace: index >= solidStart) {
                        out.append(raster)
                    }
                }
            }
        }
        return out
    }

    /// Rasters of patches given by their `shapes` (no groups, no back-face culling: glass panes,
    /// decorations) seen from `pose` (camera-to-world) within `rangeMeters`, patches out of view dropped;
    /// each raster's `patchIndex` is the patch's index in `shapes`.
    static func rasters(_ shapes: [PatchRasterShape], pose: RigidTransform, intrinsics: CameraIntrinsics,
                        paddedWidth: Int, rangeMeters range: Double) -> [PatchRaster] {
        let worldToCamera = pose.inverse
        var out: [PatchRaster] = []
        for (index, shape) in shapes.enumerated() {
            if let raster = raster(shape, index: index, worldToCamera: worldToCamera, intrinsics: intrinsics,
                                   paddedWidth: paddedWidth, range: range, cullBackFace: false) {
                out.append(raster)
            }
        }
        return out
    }

    /// One patch's raster, or nil when it is out of view or range (or, with `cullBackFace`, seen from behind).
    private static func raster(_ patch: PatchRasterShape, index: Int, worldToCamera: RigidTransform, intrinsics: CameraIntrinsics,
                               paddedWidth: Int, range: Double, cullBackFace: Bool) -> PatchRaster? {
        let fx = intrinsics.fx, fy = intrinsics.fy, cx = intrinsics.cx, cy = intrinsics.cy
        let o = worldToCamera.apply(toPoint: patch.origin)
        let u = worldToCamera.apply(toDirection: patch.uAxis), v = worldToCamera.apply(toDirection: patch.vAxis)
        let n = u.cross(v)
        let d = n.dot(o)
        guard abs(d) > 1e-6, abs(d) < range else { return nil }
        // A face of a closed solid seen from behind (the camera on its back side, d > 0) is hidden by the
        // solid's front faces.
        guard !cullBackFace || d < 0 else { return nil }
        let bounds: (x0: Int, x1: Int, y0: Int, y1: Int)?
        let (p, q, r) = (patch.corners.0, patch.corners.1, patch.corners.2)
        if patch.isTriangle {
            bounds = pixelBounds(o + u * p.x + v * p.y, o + u * q.x + v * q.y, o + u * r.x + v * r.y, .zero, count: 3,
                                 intrinsics: intrinsics, paddedWidth: paddedWidth, range: range)
        } else {
            // Corners (0, 0), (uMax, 0), (uMax, vMax), (0, vMax), uMax and vMax in the first corner.
            let uMax = p.x, vMax = p.y
            bounds = pixelBounds(o, o + u * uMax, o + u * uMax + v * vMax, o + v * vMax, count: 4, intrinsics: intrinsics,
                                 paddedWidth: paddedWidth, range: range)
        }
        guard let bounds else { return nil }
        return PatchRaster(
            a: Float(n.x / (fx * d)), b: Float(-n.y / (fy * d)), c: Float((-n.x * cx / fx + n.y * cy / fy - n.z) / d),
            ua: Float(u.x / fx), ub: Float(-u.y / fy), uc: Float(-u.x * cx / fx + u.y * cy / fy - u.z), uOffset: Float(o.dot(u)),
            va: Float(v.x / fx), vb: Float(-v.y / fy), vc: Float(-v.x * cx / fx + v.y * cy / fy - v.z), vOffset: Float(o.dot(v)),
            planeDistance: Float(d), x0: bounds.x0, x1: bounds.x1, y0: bounds.y0, y1: bounds.y1,
            uMax: patch.uMax, vMax: patch.vMax, holes: patch.holes, edges: patch.edges, patchIndex: Int32(index))
    }

    /// Whether any of a group's bounding sphere can be in view within range: false only when the sphere
    /// lies wholly behind the camera, beyond range, or outside one of the four sides of the view (widened
    /// by two pixels on each side, so a culled group never covers a pixel).
    static func isInView(_ group: PatchGroup, worldToCamera: RigidTransform, intrinsics: CameraIntrinsics, range: Double) -> Bool {
        guard group.radius.isFinite else { return true }
        let c = worldToCamera.apply(toPoint: group.centre), r = group.radius
        // The camera looks along -Z: depth is -c.z.
        guard c.z < r, -c.z - r <= range else { return false }
        let margin = 2.0
        let right = (Double(intrinsics.width - 1) - intrinsics.cx + margin) / intrinsics.fx
        let left = (intrinsics.cx + margin) / intrinsics.fx
        let up = (intrinsics.cy + margin) / intrinsics.fy
        let down = (Double(intrinsics.height - 1) - intrinsics.cy + margin) / intrinsics.fy
        // Each side plane through the camera: a point p is inside when p.x <= right * -p.z, and so on; the
        // sphere is outside when its centre is farther than r beyond the plane.
        func outside(_ along: Double, _ tangent: Double) -> Bool { (along + tangent * c.z) / (1 + tangent * tangent).squareRoot() > r }
        return !(outside(c.x, right) || outside(-c.x, left) || outside(c.y, up) || outside(-c.y, down))
    }

    /// The pixel rectangle covering a convex outline of `count` (3 or 4) corners in camera coordinates,
    /// after clipping it to the space in front of the camera; nil when nothing of it is in view within range.
    private static func pixelBounds(_ c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>, _ c3: SIMD3<Double>, count: Int,
                                    intrinsics: CameraIntrinsics, paddedWidth: Int, range: Double) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let near = 0.01
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var nearest = Double.infinity
        func include(_ p: SIMD3<Double>) {
            nearest = min(nearest, -p.z)
            let x = intrinsics.cx + intrinsics.fx * p.x / -p.z, y = intrinsics.cy - intrinsics.fy * p.y / -p.z
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        func corner(_ i: Int) -> SIMD3<Double> { i == 0 ? c0 : (i == 1 ? c1 : (i == 2 ? c2 : c3)) }
        for i in 0..<count {
            let p = corner(i), q = corner((i + 1) % count)
            let pIn = p.z <= -near, qIn = q.z <= -near
            if pIn { include(p) }
            if pIn != qIn {
                let t = (-near - p.z) / (q.z - p.z)
                include(p + (q - p) * t)
            }
        }
        guard nearest.isFinite, nearest <= range else { return nil }
        let w = intrinsics.width, h = intrinsics.height
        guard maxX >= -1, minX <= Double(w), maxY >= -1, minY <= Double(h) else { return nil }
        let x0 = max(0, Int(max(-1, minX).rounded(.down)) - 1), x1 = min(w, Int(min(Double(w), maxX).rounded(.up)) + 2)
        let y0 = max(0, Int(max(-1, minY).rounded(.down)) - 1), y1 = min(h, Int(min(Double(h), maxY).rounded(.up)) + 2)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0 / 8 * 8, min(paddedWidth, (x1 + 7) / 8 * 8), y0, y1)
    }
}
