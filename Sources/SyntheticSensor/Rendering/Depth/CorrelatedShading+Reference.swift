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

    /// The ramp widths (near side, far side) of the stretch of edge whose ramp field value is `g`.
    @inline(__always) func rampExtents(_ g: Float) -> (near: Int, far: Int) {
        let r = kernelSettings
        if g < r.ramp_clean { return (0, 0) }
        if g < r.ramp_near_side { return (1, 0) }
        if g < r.ramp_one { return (0, 1) }
        if g < r.ramp_two { return (1, 1) }
        if g < r.ramp_three { return (1, 2) }
        return (2, 2)
    }

    /// The depth a pixel at `level` 0 (on a depth edge) or 1 (next to one) and depth `z` reports: when
    /// its stretch of edge has a ramp reaching it (``rampExtents(_:)`` of its ramp field value `ramp`), a
    /// flying pixel between the nearest and farthest return of the square of `level + 1` pixels around it,
    /// else `z`. `key` is the pixel's hash; `windows` the frame's ``rowWindows(best:stride:width:height:)``.
    @inline(__always) func flyingSurface(z: Float, level k: Int, ramp: Float, key: UInt32, x: Int, y: Int,
                                         windows: UnsafePointer<Float>) -> Float {
        let w = width, h = height
        let extents = rampExtents(ramp)
        guard k < max(extents.near, extents.far) || settings.smoothedStepBelow > 0 else { return z }
        let r = k + 1
        // The nearest and farthest return of the (2r + 1)-pixel square, from the row windows.
        var nearest: Float = 0, farthest = Float.infinity
        let nearestRows = windows + (k == 0 ? 0 : 2 * w * h), farthestRows = nearestRows + w * h
        for dy in max(0, y - r)...min(h - 1, y + r) {
            nearest = max(nearest, nearestRows[dy * w + x])
            farthest = min(farthest, farthestRows[dy * w + x])
        }
        let zNear = 1 / nearest, zFar = 1 / farthest
        let onNearSide = z - zNear < zFar - z
        if zFar < zNear * (1 + settings.smoothedStepBelow) {
            // A small step: smoothed over the four pixels on and next to it, a fifth of it each.
            let place = onNearSide ? 1 - k : 2 + k
            return zNear + Float(place + 1) * 0.2 * (zFar - zNear)
        }
        // Below twice that, mixed returns merge more: at most one pixel either side, close to its own
        // surface (the two-pixel ramp's places), so not flying.
        let capped = zFar < zNear * (1 + 2 * settings.smoothedStepBelow)
        let near = capped ? min(1, extents.near) : extents.near, far = capped ? min(1, extents.far) : extents.far
        guard k < (onNearSide ? near : far) else { return z }
        // Its place in the ramp, counted from the near surface: the near side's pixels first (the one on
        // the edge last), then the far side's (the one on the edge first).
        let place = onNearSide ? near - 1 - k : near + k
        let jitter = (Float(key >> 16) * (1 / 65536) - 0.5) * 0.06
        // Capped ramps, and one-pixel ramps whose pixel is not a mixed return (``CorrelatedErrorSettings/rampOneMixedShare``),
        // lie beside their own surface.
        let beside = capped || (near + far == 1 && Float(key & 0xFFFF) * (1 / 65536) >= settings.rampOneMixedShare)
        let t = (beside ? Self.rampProfile[onNearSide ? 4 : 5] : Self.rampProfile[(near + far - 1) * 4 + place]) + jitter
        return zNear + t * (zFar - zNear)
    }
}
