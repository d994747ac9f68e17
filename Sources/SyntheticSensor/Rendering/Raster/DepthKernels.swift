import CDepthShading

/// The depth renderer's inner loops: for one patch, test every pixel of its bounding box and keep the
/// nearest hit (largest inverse depth) per pixel. `rasterSIMDe` (C, eight lanes) and its reference
/// `rasterScalar` (PatchRaster+Reference.swift) do the same arithmetic in the same order, so their
/// results are identical.
enum DepthKernels {
    /// Edge slack in plane coordinates, metres (see ``SurfacePatch/edgeTolerance``).
    static let tolerance: Float = 1e-4

    /// The raster pass in C with SIMDe's AVX2 API (`cdepth_raster_rows`), eight pixels at a time: the same
    /// operations in the same order as ``rasterScalar(_:rows:best:ids:stride:minimumInverseDepth:)``, the
    /// same pixels hit (the raster pass of ``RenderPath/simde``).
    static func rasterSIMDe(_ r: PatchRaster, rows: Range<Int>, best: UnsafeMutablePointer<Float>,
                            ids: UnsafeMutablePointer<Int32>, stride: Int, minimumInverseDepth: Float) {
        guard max(rows.lowerBound, r.y0) < min(rows.upperBound, r.y1) else { return }
        // Edges (SIMD3<Float>) and holes (SIMD4<Float>) are both four floats apart in memory.
        r.edges.withUnsafeBytes { edges in
            r.holes.withUnsafeBytes { holes in
                var c = cdepth_patch_raster(
                    a: r.a, b: r.b, c: r.c, ua: r.ua, ub: r.ub, uc: r.uc, u_offset: r.uOffset,
                    va: r.va, vb: r.vb, vc: r.vc, v_offset: r.vOffset, u_max: r.uMax, v_max: r.vMax,
                    x0: r.x0, x1: r.x1, y0: r.y0, y1: r.y1,
                    edges: edges.baseAddress?.assumingMemoryBound(to: Float.self), edge_count: r.edges.count,
                    holes: holes.baseAddress?.assumingMemoryBound(to: Float.self), hole_count: r.holes.count,
                    patch_index: r.patchIndex)
                cdepth_raster_rows(&c, rows.lowerBound, rows.upperBound, best, ids, stride, minimumInverseDepth, tolerance)
            }
        }
    }

    /// A 32-bit integer hash (Chris Wellons' lowbias32): the per-pixel noise source, counter-based so the
    /// noise does not depend on evaluation order.
    @inline(__always) static func hash32(_ value: UInt32) -> UInt32 {
        var x = value
        x ^= x >> 16
        x = x &* 0x7FEB_352D
        x ^= x >> 15
        x = x &* 0x846C_A68B
        x ^= x >> 16
        return x
    }

    /// ``hash32(_:)`` on eight lanes (same results lane by lane).
    @inline(__always) static func hash32(_ value: SIMD8<UInt32>) -> SIMD8<UInt32> {
        var x = value
        x ^= x &>> 16
        x = x &* 0x7FEB_352D
        x ^= x &>> 15
        x = x &* 0x846C_A68B
        x ^= x &>> 16
        return x
    }

    /// Depth-edge test against one neighbour's inverse depth `n`: no return, or
    /// |inverse - n| > jump * n (the depths differ by more than `jump` of the depth).
    @inline(__always) static func isEdge(_ inverse: SIMD8<Float>, _ n: SIMD8<Float>, _ jump: Float) -> SIMDMask<SIMD8<Int32>> {
        (n .<= 0) .| (absolute(inverse - n) .> jump * n)
    }

    /// Lane-wise absolute value (clears the sign bits).
    @inline(__always) static func absolute(_ v: SIMD8<Float>) -> SIMD8<Float> {
        unsafeBitCast(unsafeBitCast(v, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
    }

    /// Rounds a positive depth to the nearest Float16 value (ties to even), as `Float(Float16(d))` does
    /// for the normal half-float range (6.1e-5 ... 65504), with integer bit operations.
    @inline(__always) static func roundedToHalf(_ value: Float) -> Float {
        var bits = value.bitPattern
        bits &+= 0x0FFF &+ ((bits >> 13) & 1)
        bits &= ~0x1FFF
        return Float(bitPattern: bits)
    }
}
