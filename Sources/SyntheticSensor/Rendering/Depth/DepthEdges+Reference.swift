extension CorrelatedErrorModel {
    /// The Swift reference of `cdepth_edge_levels` (depth_edges.c), bit-identical: each pixel's Chebyshev
    /// distance to the nearest depth edge, 0, 1, 2 or 3 (farther), into `level` (`width * height` bytes).
    ///
    /// Depth edges, eight pixels at a time, as 0/1 bytes; the 3x3 and 5x5 dilations of that mask (OR along
    /// rows, then along columns, eight bytes at a time in 64-bit words); then 3 - edge - within1 - within2.
    /// `masks` holds the zeroed planes of ``edgeMaskLayout(width:height:)``.
    static func edgeLevelsReference(best: UnsafePointer<Float>, stride: Int, width w: Int, height h: Int, jump: Float,
                                    masks: UnsafeMutablePointer<UInt8>, level: UnsafeMutablePointer<UInt8>) {
        let (pad, rowBytes, planeBytes) = edgeMaskLayout(width: w, height: h)
        let edgeMask = masks + 2 * rowBytes + pad
        let within1 = edgeMask + planeBytes, within2 = within1 + planeBytes
        if w % 8 == 0 {
            typealias V = SIMD8<Float>
            for y in 0..<h {
                for x in Swift.stride(from: 0, to: w, by: 8) {
                    let i = y * stride + x
                    let inv = UnsafeRawPointer(best + i).loadUnaligned(as: V.self)
                    var left = UnsafeRawPointer(best + i - 1).loadUnaligned(as: V.self)
                    var right = UnsafeRawPointer(best + i + 1).loadUnaligned(as: V.self)
                    if x == 0 { left[0] = inv[0] }
                    if x + 8 == w { right[7] = inv[7] }
                    let up = y > 0 ? UnsafeRawPointer(best + i - stride).loadUnaligned(as: V.self) : inv
                    let down = y + 1 < h ? UnsafeRawPointer(best + i + stride).loadUnaligned(as: V.self) : inv
                    let edge = (inv .> 0) .& (DepthKernels.isEdge(inv, left, jump) .| DepthKernels.isEdge(inv, right, jump)
                        .| DepthKernels.isEdge(inv, up, jump) .| DepthKernels.isEdge(inv, down, jump))
                    let bytes = SIMD8<Int32>(repeating: 0).replacing(with: 1, where: edge)
                    UnsafeMutableRawPointer(edgeMask + y * rowBytes + x).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: bytes),
                                                                                  as: SIMD8<UInt8>.self)
                }
            }
        } else {
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * stride + x, inv = best[i]
                    var edge = false
                    if inv > 0 {
                        let left = x > 0 ? best[i - 1] : inv, right = x + 1 < w ? best[i + 1] : inv
                        let up = y > 0 ? best[i - stride] : inv, down = y + 1 < h ? best[i + stride] : inv
                        edge = left <= 0 || abs(inv - left) > jump * left || right <= 0 || abs(inv - right) > jump * right
                            || up <= 0 || abs(inv - up) > jump * up || down <= 0 || abs(inv - down) > jump * down
                    }
                    edgeMask[y * rowBytes + x] = edge ? 1 : 0
                }
            }
        }
        @inline(__always) func word(_ p: UnsafeMutablePointer<UInt8>) -> UInt64 { UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) }
        // Along rows (words past the width read and write only padding, which the column pass ignores).
        for y in 0..<h {
            for x in Swift.stride(from: 0, to: w, by: 8) {
                let p = edgeMask + (y * rowBytes + x)
                let one = word(p - 1) | word(p) | word(p + 1)
                UnsafeMutableRawPointer(within1 + (y * rowBytes + x)).storeBytes(of: one, as: UInt64.self)
                UnsafeMutableRawPointer(within2 + (y * rowBytes + x)).storeBytes(of: one | word(p - 2) | word(p + 2), as: UInt64.self)
            }
        }
        for y in 0..<h {
            for x in Swift.stride(from: 0, to: w, by: 8) {
                let o = y * rowBytes + x
                let one = word(within1 + (o - rowBytes)) | word(within1 + o) | word(within1 + (o + rowBytes))
                let two = word(within2 + (o - 2 * rowBytes)) | word(within2 + (o - rowBytes)) | word(within2 + o)
                    | word(within2 + (o + rowBytes)) | word(within2 + (o + 2 * rowBytes))
                // Bytes of 0 or 1 each: the sum carries into no neighbouring byte.
                let distances = 0x0303_0303_0303_0303 &- (word(edgeMask + o) &+ one &+ two)
                if x + 8 <= w {
                    UnsafeMutableRawPointer(level + (y * w + x)).storeBytes(of: distances, as: UInt64.self)
                } else {
                    for lane in 0..<(w - x) { level[y * w + x + lane] = UInt8(truncatingIfNeeded: distances >> (8 * UInt64(lane))) }
                }
            }
        }
    }
}
