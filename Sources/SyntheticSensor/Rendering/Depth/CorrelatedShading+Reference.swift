import CDepthShading

extension CorrelatedErrorModel {
    /// The Swift reference of the C kernel `cdepth_correlated_row` (correlated_shading.c), which must give
    /// the same bits: one row `y` of the correlated model's depth and confidence, a pixel at a time. Row
    /// pointers start at the row; `planeDistance`, `materialConstant`, `materialGrazing` and `windows`
    /// are the frame's tables; `kernelSettings` the kernel's settings with the frame's scale and offset.
    /// The scalar render path and widths that are not a multiple of 8 take it.
    func correlatedRowReference(_ kernelSettings: cdepth_correlated_settings, y: Int, best: UnsafePointer<Float>,
                                ids: UnsafePointer<Int32>, planeDistance: UnsafePointer<Float>,
                                materialConstant: UnsafePointer<Float>, materialGrazing: UnsafePointer<Float>, lastMaterial: Int32,
                                inverseRayLength: UnsafePointer<Float>, border: UnsafePointer<Float>, level: UnsafePointer<UInt8>,
                                coarse: UnsafePointer<Float>, fine: UnsafePointer<Float>, reliability: UnsafePointer<Float>,
                                ramp: UnsafePointer<Float>, warp: UnsafePointer<Float>, windows: UnsafePointer<Float>,
                                frameSeed: UInt32, depth: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<UInt8>) {
        let w = width, s = settings
        for x in 0..<w {
            let o = y * w + x, inv = best[x]
            guard inv > 0 else {
                depth[x] = s.noReturnFill == .far ? DepthKernels.roundedToHalf(noReturnDepth(coarse[x])) : 0
                confidence[x] = 0
                continue
            }
            let z = 1 / inv
            let k = Int(level[x])
            let key = DepthKernels.hash32(frameSeed ^ UInt32(truncatingIfNeeded: o &* 2 &+ 1))
            var surface = z
            if k <= 1 {
                surface = flyingSurface(z: z, level: k, ramp: ramp[x], key: key, x: x, y: y, windows: windows)
            }
            let cosine = max(0.05, min(1, abs(inv * planeDistance[Int(ids[x])]) * inverseRayLength[x]))
            let patch = Int(min(max(0, ids[x]), lastMaterial))
            let grazingTerm: Float = (s.grazing + materialGrazing[patch]) * (1 / cosine - 1) + materialConstant[patch]
            let reliabilityTerm: Float = s.reliabilityMean + s.reliabilitySpread * reliability[x]
            let distanceTerm: Float = s.distancePerMeter * min(s.distanceSpanMeters, max(0, z - s.distanceStartMeters))
                + s.farPerMeter * max(0, z - s.farStartMeters)
            let edgeTerm: Float = k == 0 ? s.edgeOn : (k == 1 ? s.edgeOneAway : (k == 2 ? s.edgeTwoAway : 0))
            let uncertainty: Float = grazingTerm + edgeTerm + border[x] + reliabilityTerm + distanceTerm
            confidence[x] = uncertainty < 1 ? 2 : (uncertainty < 2 ? 1 : 0)
            let white = DepthKernels.hash32(key ^ 0x68E3_1DA4)
            let whiteLow = Float(white & 0xFFFF), whiteHigh = Float(white >> 16)
            let whiteValue: Float = (whiteLow + whiteHigh) * (1 / 65536) - 1
            let m: Float = min(s.maximumNoiseFactor, max(s.minimumNoiseFactor, 1 + s.noiseGainPerUncertainty * (uncertainty - 1)))
            let coarseError: Float = s.coarsePerMeterToOneAndAHalf * coarse[x] * surface.squareRoot()
            let fineError: Float = (s.finePerSquareMeter * fine[x] + s.whitePerSquareMeter * 2.4494898 * whiteValue) * surface
            let error: Float = m * surface * (coarseError + fineError)
            let reach = min(s.warpGrowthEndMeters, surface)
            let growth = reach * (kernelSettings.warp_linear + kernelSettings.warp_quadratic * reach)
            let warpTerm: Float = s.warpPerMeter * warp[x] * growth + (kernelSettings.frame_scale * surface + kernelSettings.frame_offset)
            depth[x] = DepthKernels.roundedToHalf(min(rangeMeters, max(0.001, surface + error + warpTerm)))
        }
    }
}
