extension DepthKernels {
    /// The Swift reference of `cdepth_raster_rows` (patch_raster.c), bit-identical: the raster pass of
    /// ``RenderPath/scalar``, one pixel at a time.
    static func rasterScalar(_ r: PatchRaster, rows: Range<Int>, best: UnsafeMutablePointer<Float>,
                             ids: UnsafeMutablePointer<Int32>, stride: Int, minimumInverseDepth: Float) {
        let y0 = max(rows.lowerBound, r.y0), y1 = min(rows.upperBound, r.y1)
        guard y0 < y1 else { return }
        let tol = tolerance
        let isTriangle = !r.edges.isEmpty
        for y in y0..<y1 {
            let fy = Float(y)
            let rowInverse = r.b * fy + r.c, rowU = r.ub * fy + r.uc, rowV = r.vb * fy + r.vc
            for x in r.x0..<r.x1 {
                let px = Float(x)
                let inverse = r.a * px + rowInverse
                let i = y * stride + x
                guard inverse > minimumInverseDepth, inverse > best[i] else { continue }
                let z = 1 / inverse
                let u = (r.ua * px + rowU) * z - r.uOffset
                let v = (r.va * px + rowV) * z - r.vOffset
                var inside = true
                if isTriangle {
                    for e in r.edges where !(e.x * u + e.y * v + e.z >= -tol) { inside = false }
                } else {
                    inside = u >= -tol && u <= r.uMax + tol && v >= -tol && v <= r.vMax + tol
                    for hole in r.holes where u > hole.x && u < hole.y && v > hole.z && v < hole.w { inside = false }
                }
                if inside {
                    best[i] = inverse
                    ids[i] = r.patchIndex
                }
            }
        }
    }
}
