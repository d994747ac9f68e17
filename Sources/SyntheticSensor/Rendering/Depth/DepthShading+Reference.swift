import Foundation

extension DepthRenderer {
    /// The Swift reference of `cdepth_shade_rows` (depth_shading.c), bit-identical: turns the nearest hits
    /// of rows into depth (noise, range, Float16 rounding) and confidence (the white model).
    func shadeReference(_ rows: Range<Int>, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                        planeDistance: UnsafePointer<Float>, depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>,
                        noiseSeed: UInt64) {
        let w = intrinsics.width, h = intrinsics.height, stride = paddedWidth
        let cosMedium = Float(cos(Double(settings.grazingMediumDegrees) * .pi / 180))
        let cosLow = Float(cos(Double(settings.grazingLowDegrees) * .pi / 180))
        let jump = settings.edgeRelativeJump
        let high = settings.highConfidenceMaxMeters, medium = settings.mediumConfidenceMaxMeters
        let noiseBase = settings.noiseBaseMeters, noiseQuadratic = settings.noisePerSquareMeter
        let seed32 = UInt32(truncatingIfNeeded: noiseSeed ^ (noiseSeed >> 32))
        inverseRayLength.withUnsafeBufferPointer { invLength in
            for y in rows {
                for x in 0..<w {
                    let i = y * stride + x, o = y * w + x
                    let inv = best[i]
                    guard inv > 0 else { depth[o] = 0; confidence[o] = 0; continue }
                    let z = 1 / inv
                    // Noise: Irwin-Hall sum of four 16-bit uniforms (two 32-bit hashes of seed and pixel),
                    // scaled to unit variance.
                    let first = DepthKernels.hash32(seed32 ^ UInt32(truncatingIfNeeded: 2 * o))
                    let second = DepthKernels.hash32(seed32 ^ UInt32(truncatingIfNeeded: 2 * o + 1))
                    let sum = Float(Int32(first & 0xFFFF)) + Float(Int32(first >> 16)) + Float(Int32(second & 0xFFFF)) + Float(Int32(second >> 16))
                    let gaussian = (sum * (1 / 65536) - 2) * 1.7320508
                    let noisy = max(0.001, z + (noiseBase + noiseQuadratic * z * z) * gaussian)
                    depth[o] = DepthKernels.roundedToHalf(noisy)
                    var level: Int = z <= high ? 2 : (z <= medium ? 1 : 0)
                    let cosine = abs(inv * planeDistance[Int(ids[i])]) * invLength[o]
                    if cosine < cosLow { level -= 2 } else if cosine < cosMedium { level -= 1 }
                    // Depth edge: a 4-neighbour with no return, or whose depth differs from z by more than
                    // `jump * z`: |1/n - 1/inv| > jump / inv, i.e. |inv - n| > jump * n (no division).
                    var edge = false
                    if x > 0 { let n = best[i - 1]; edge = edge || n <= 0 || abs(inv - n) > jump * n }
                    if x + 1 < w { let n = best[i + 1]; edge = edge || n <= 0 || abs(inv - n) > jump * n }
                    if y > 0 { let n = best[i - stride]; edge = edge || n <= 0 || abs(inv - n) > jump * n }
                    if y + 1 < h { let n = best[i + stride]; edge = edge || n <= 0 || abs(inv - n) > jump * n }
                    if edge { level = 0 }
                    confidence[o] = UInt8(max(0, level))
                }
            }
        }
    }
}
