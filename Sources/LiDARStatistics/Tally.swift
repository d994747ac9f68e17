import CaptureEngine

/// Running counts and histograms behind ``LiDARStatistics`` (definitions in docs/lidar.md).
struct Tally {
    typealias D = LiDARStatisticsDefinitions
    var frames = 0, framesWithHoles = 0, hasConfidence = true, hasPoses = true
    var pixels = 0, valid = 0, maximumDepth: Float = 0
    var depthHistogram = ValueHistogram(lower: 0, upper: 20, binWidth: 0.001)
    var confidenceCounts = [0, 0, 0]
    var byDepthValid = [Int](repeating: 0, count: 5), byDepthHigh = [Int](repeating: 0, count: 5)
    var below2Valid = 0, below2Low = 0
    var border = 0, borderLow = 0
    var edgeBinValid = [0, 0, 0, 0], edgeBinLow = [0, 0, 0, 0]
    var changedPairs = 0, lowHighPairs = 0
    var edgePixels = 0
    var flying = 0, flyingHigh = 0, zone = 0
    var widths = [0, 0, 0, 0, 0], widthSum = 0, transitions = 0
    var residualHistograms = (0..<4).map { _ in ValueHistogram(lower: 0, upper: 0.1, binWidth: 0.000_01) }
    var blockCorrelation = ValueHistogram(lower: -1, upper: 1.0001, binWidth: 0.001)
    var pixelDifference = ValueHistogram(lower: -0.5, upper: 0.5, binWidth: 0.000_05)
    var blockDifference = ValueHistogram(lower: -0.5, upper: 0.5, binWidth: 0.000_05)
    var flicker = (0..<3).map { _ in ValueHistogram(lower: -0.5, upper: 0.5, binWidth: 0.000_05) }
    var viewError = (0..<2).map { _ in ValueHistogram(lower: -0.5, upper: 0.5, binWidth: 0.000_05) }

    static func depthBin(_ z: Float) -> Int {
        z < 1 ? 0 : (z < 2 ? 1 : (z < 3 ? 2 : (z < 4 ? 3 : 4)))
    }

    // MARK: - Single frame

    mutating func addSingleFrame(_ a: DepthFrameAnalysis) {
        let f = a.frame, w = a.width, h = a.height, d = f.depth
        frames += 1
        if f.confidence == nil { hasConfidence = false }
        if f.cameraToWorld == nil { hasPoses = false }
        let c = f.confidence ?? [UInt8](repeating: 0, count: w * h)
        var frameValid = 0
        let b = D.borderPixels
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x, z = d[i], level = Int(min(2, c[i]))
                confidenceCounts[level] += 1
                let onBorder = x < b || y < b || x >= w - b || y >= h - b
                if onBorder { border += 1; if level == 0 { borderLow += 1 } }
                guard z > 0 else { continue }
                frameValid += 1
                maximumDepth = max(maximumDepth, z)
                depthHistogram.add(Double(z))
                let bin = Self.depthBin(z)
                byDepthValid[bin] += 1
                if level == 2 { byDepthHigh[bin] += 1 }
                if z < 2 { below2Valid += 1; if level == 0 { below2Low += 1 } }
                let distance = Int(a.edgeDistance[i])
                let edgeBin = distance <= 2 ? distance : (distance > 10 ? 3 : -1)
                if edgeBin >= 0 { edgeBinValid[edgeBin] += 1; if level == 0 { edgeBinLow[edgeBin] += 1 } }
                if x + 1 < w, d[i + 1] > 0, c[i + 1] != c[i] {
                    changedPairs += 1
                    if Int(c[i]) + Int(c[i + 1]) == 2, c[i] != 1 { lowHighPairs += 1 }
                }
                if y + 1 < h, d[i + w] > 0, c[i + w] != c[i] {
                    changedPairs += 1
                    if Int(c[i]) + Int(c[i + w]) == 2, c[i] != 1 { lowHighPairs += 1 }
                }
            }
        }
        pixels += w * h
        valid += frameValid
        if frameValid < w * h { framesWithHoles += 1 }
        edgePixels += a.edgeCount
        addFlyingPixels(a, confidence: c)
        for y in 0..<h { addTransitions(d, start: y * w, step: 1, count: w) }
        for x in 0..<w { addTransitions(d, start: x, step: w, count: h) }
        addPlaneResiduals(a, confidence: f.confidence)
    }

    /// Flying pixels: in the discontinuity zone (within 1 px of a depth-edge pixel), with an inverse
    /// depth strictly inside its two neighbours' along a row or column (by more than 10 % of their
    /// difference from each, which itself exceeds 5 %), and off the plane extrapolated from either side
    /// by more than 5 %.
    mutating func addFlyingPixels(_ a: DepthFrameAnalysis, confidence c: [UInt8]) {
        let w = a.width, h = a.height, d = a.frame.depth
        @inline(__always) func isFlying(_ i: Int, _ step: Int) -> Bool {
            let z0 = d[i - 2 * step], z1 = d[i - step], z = d[i], z3 = d[i + step], z4 = d[i + 2 * step]
            guard z0 > 0, z1 > 0, z3 > 0, z4 > 0 else { return false }
            let w0 = 1 / z0, w1 = 1 / z1, wp = 1 / z, w3 = 1 / z3, w4 = 1 / z4
            let lo = min(w1, w3), hi = max(w1, w3), span = hi - lo
            guard span > 0.05 * lo, wp - lo > 0.1 * span, hi - wp > 0.1 * span else { return false }
            let fromLeft = 2 * w1 - w0, fromRight = 2 * w3 - w4
            return abs(wp - fromLeft) > 0.05 * wp && abs(wp - fromRight) > 0.05 * wp
        }
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                guard d[i] > 0, a.edgeDistance[i] <= 1 else { continue }
                zone += 1
                let horizontal = x >= 2 && x + 2 < w && isFlying(i, 1)
                let vertical = y >= 2 && y + 2 < h && isFlying(i, w)
                if horizontal || vertical {
                    flying += 1
                    if c[i] == 2 { flyingHigh += 1 }
                }
            }
        }
    }

    /// Edge transitions along one row or column: between two successive stable pixels (a value, and
    /// both neighbours on the line within 5 % of it) at most 12 px apart, with a depth step of more than
    /// 10 % between them and values everywhere between, the width is the number of pixels between whose
    /// depth lies inside the step by more than 10 % of it from either end.
    mutating func addTransitions(_ d: [Float], start: Int, step: Int, count: Int) {
        let jump = Float(D.edgeRelativeJump)
        @inline(__always) func close(_ p: Float, _ q: Float) -> Bool { p > 0 && q > 0 && abs(p - q) <= jump * min(p, q) }
        var previousStable = -1
        for k in 1..<(count - 1) {
            let z = d[start + k * step]
            guard close(z, d[start + (k - 1) * step]), close(z, d[start + (k + 1) * step]) else { continue }
            defer { previousStable = k }
            guard previousStable >= 0, k - previousStable >= 2, k - previousStable <= D.longestTransitionRun else { continue }
            let near = d[start + previousStable * step], far = z
            let lo = min(near, far), hi = max(near, far), gap = hi - lo
            guard gap > 0.1 * lo else { continue }
            var width = 0, complete = true
            for m in (previousStable + 1)..<k {
                let v = d[start + m * step]
                if v <= 0 { complete = false; break }
                if v - lo > 0.1 * gap, hi - v > 0.1 * gap { width += 1 }
            }
            guard complete else { continue }
            widths[min(4, width)] += 1
            widthSum += width
            transitions += 1
        }
    }

    /// Plane residuals: aligned 16x16 blocks whose pixels all have a value, confidence 2 (when the capture
    /// has confidence) and no depth edge; inverse depth fitted by least squares as a plane in pixel
    /// coordinates; residual = depth - 1 / fitted inverse depth.
    mutating func addPlaneResiduals(_ a: DepthFrameAnalysis, confidence: [UInt8]?) {
        let n = D.planeBlockPixels, w = a.width, d = a.frame.depth
        let centre = Double(n - 1) / 2
        var su2 = 0.0
        for k in 0..<n { su2 += (Double(k) - centre) * (Double(k) - centre) }
        su2 *= Double(n)
        var residual = [Double](repeating: 0, count: n * n)
        for by in 0..<(a.height / n) {
            blocks: for bx in 0..<(w / n) {
                var sum = 0.0, su = 0.0, sv = 0.0, depthSum = 0.0
                for v in 0..<n {
                    for u in 0..<n {
                        let i = (by * n + v) * w + bx * n + u, z = d[i]
                        guard z > 0, a.edge[i] == 0, confidence.map({ $0[i] == 2 }) ?? true else { continue blocks }
                        let inv = 1 / Double(z)
                        sum += inv; su += (Double(u) - centre) * inv; sv += (Double(v) - centre) * inv
                        depthSum += Double(z)
                    }
                }
                let mean = depthSum / Double(n * n)
                guard mean < 4 else { continue }
                let a0 = sum / Double(n * n), a1 = su / su2, a2 = sv / su2
                var squares = 0.0
                for v in 0..<n {
                    for u in 0..<n {
                        let z = Double(d[(by * n + v) * w + bx * n + u])
                        let r = z - 1 / (a0 + a1 * (Double(u) - centre) + a2 * (Double(v) - centre))
                        residual[v * n + u] = r
                        squares += r * r
                    }
                }
                let bin = Int(mean)
                residualHistograms[bin].add((squares / Double(n * n)).squareRoot())
                if bin == 2 {
                    var product = 0.0, pairSquares = 0.0
                    for v in 0..<n {
                        for u in 0..<(n - 1) {
                            let p = residual[v * n + u], q = residual[v * n + u + 1]
                            product += p * q
                            pairSquares += (p * p + q * q) / 2
                        }
                    }
                    if pairSquares > 0 { blockCorrelation.add(product / pairSquares) }
                }
            }
        }
    }

    // MARK: - Two frames

    /// Each pixel's error between two views: with both poses, the pixel is moved into the later frame and
    /// the later frame's depth there (inverse depth interpolated bilinearly between four pixels with a
    /// value, at least 3 px from a depth edge) minus the moved point's z; without poses, the later frame's
    /// depth at the same pixel minus this one's. NaN where the pixel has no value, is within 2 px of a
    /// depth edge, or has no usable counterpart.
    static func viewDifferences(_ a: DepthFrameAnalysis, _ b: DepthFrameAnalysis, intrinsics k: CameraIntrinsics) -> [Double] {
        let w = a.width, h = a.height, da = a.frame.depth, db = b.frame.depth, clearance = D.temporalEdgeClearancePixels
        var out = [Double](repeating: .nan, count: w * h)
        @inline(__always) func usableB(_ i: Int) -> Bool { db[i] > 0 && Int(b.edgeDistance[i]) > clearance }
        guard let poseA = a.frame.cameraToWorld, let poseB = b.frame.cameraToWorld else {
            for i in 0..<(w * h) where da[i] > 0 && Int(a.edgeDistance[i]) > clearance && usableB(i) {
                out[i] = Double(db[i]) - Double(da[i])
            }
            return out
        }
        let aToB = poseB.inverse * poseA
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x, z = Double(da[i])
                guard z > 0, Int(a.edgeDistance[i]) > clearance else { continue }
                let q = aToB.apply(toPoint: SIMD3((Double(x) - k.cx) / k.fx * z, (Double(y) - k.cy) / k.fy * z, z))
                guard q.z > 0.05 else { continue }
                let px = k.fx * q.x / q.z + k.cx, py = k.fy * q.y / q.z + k.cy
                guard px >= 0, py >= 0, px < Double(w - 1), py < Double(h - 1) else { continue }
                let x0 = Int(px), y0 = Int(py), j = y0 * w + x0
                guard usableB(j), usableB(j + 1), usableB(j + w), usableB(j + w + 1) else { continue }
                let fx = px - Double(x0), fy = py - Double(y0)
                let top = (1 - fx) / Double(db[j]) + fx / Double(db[j + 1])
                let bottom = (1 - fx) / Double(db[j + w]) + fx / Double(db[j + w + 1])
                out[i] = 1 / ((1 - fy) * top + fy * bottom) - q.z
            }
        }
        return out
    }

    /// Frame-to-frame differences between an anchor and the next frame (``viewDifferences``): flicker by
    /// confidence at 2-3 m, and the spread of 8x8-block means against that of the pixels (blocks whose 64
    /// pixels all have a difference).
    mutating func addDifference(_ a: DepthFrameAnalysis, _ b: DepthFrameAnalysis, intrinsics: CameraIntrinsics) {
        let w = a.width, h = a.height, da = a.frame.depth
        let delta = Self.viewDifferences(a, b, intrinsics: intrinsics)
        if let c = a.frame.confidence {
            for i in 0..<(w * h) where !delta[i].isNaN && da[i] >= 2 && da[i] < 3 {
                flicker[Int(min(2, c[i]))].add(delta[i])
            }
        }
        let n = D.differenceBlockPixels
        for by in 0..<(h / n) {
            blocks: for bx in 0..<(w / n) {
                var sum = 0.0
                for v in 0..<n {
                    for u in 0..<n {
                        let d = delta[(by * n + v) * w + bx * n + u]
                        guard !d.isNaN else { continue blocks }
                        sum += d
                    }
                }
                for v in 0..<n {
                    for u in 0..<n { pixelDifference.add(delta[(by * n + v) * w + bx * n + u]) }
                }
                blockDifference.add(sum / Double(n * n))
            }
        }
    }

    /// The error between views 10 frames apart (``viewDifferences``, needs poses): averaged over aligned
    /// 8x8 anchor blocks whose pixels all have a value and are at least 3 px from a depth edge, with a mean
    /// depth of 2-3 or 3-4 m, and at least 48 of the 64 with a difference.
    mutating func addViewError(_ a: DepthFrameAnalysis, _ b: DepthFrameAnalysis, intrinsics: CameraIntrinsics) {
        guard a.frame.cameraToWorld != nil, b.frame.cameraToWorld != nil else { hasPoses = false; return }
        let w = a.width, h = a.height, da = a.frame.depth, clearance = D.temporalEdgeClearancePixels
        let delta = Self.viewDifferences(a, b, intrinsics: intrinsics)
        let n = D.differenceBlockPixels
        for by in 0..<(h / n) {
            blocks: for bx in 0..<(w / n) {
                var depthSum = 0.0, errorSum = 0.0, used = 0
                for v in 0..<n {
                    for u in 0..<n {
                        let i = (by * n + v) * w + bx * n + u
                        guard da[i] > 0, Int(a.edgeDistance[i]) > clearance else { continue blocks }
                        depthSum += Double(da[i])
                        if !delta[i].isNaN { errorSum += delta[i]; used += 1 }
                    }
                }
                let mean = depthSum / Double(n * n)
                guard mean >= 2, mean < 4, used >= 48 else { continue }
                viewError[mean < 3 ? 0 : 1].add(errorSum / Double(used))
            }
        }
    }

    // MARK: - Result

    func result(path: String, format: LiDARCaptureFormat) -> LiDARStatistics {
        var s = LiDARStatistics(path: path, format: format)
        @inline(__always) func share(_ part: Int, _ whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
        guard frames > 0 else { return s }
        s.validShare = share(valid, pixels)
        s.framesWithHolesShare = share(framesWithHoles, frames)
        s.maximumDepthMeters = valid > 0 ? Double(maximumDepth) : nil
        s.depthP95Meters = depthHistogram.quantile(0.95)
        s.edgePixelShare = share(edgePixels, pixels)
        s.flyingPixelsPerFrame = Double(flying) / Double(frames)
        s.flyingShareOfZone = share(flying, zone)
        s.transitionWidthShares = transitions > 0 ? widths.map { Double($0) / Double(transitions) } : nil
        s.transitionWidthMean = share(widthSum, transitions)
        s.planeResidualMeters = residualHistograms.map { $0.quantile(0.5) }
        s.residualNeighbourCorrelation = blockCorrelation.quantile(0.5)
        if let pixel = pixelDifference.robustStandardDeviation(), pixel > 0, let block = blockDifference.robustStandardDeviation() {
            s.blockDifferenceRatio = block / pixel
        }
        if hasPoses { s.viewErrorMeters = viewError.map { $0.robustStandardDeviation() } }
        if hasConfidence {
            s.confidenceShares = confidenceCounts.map { Double($0) / Double(pixels) }
            s.highShareByDepth = zip(byDepthHigh, byDepthValid).map { share($0, $1) }
            s.lowShareBelow2Meters = share(below2Low, below2Valid)
            s.borderLowShare = share(borderLow, border)
            s.lowShareByEdgeDistance = zip(edgeBinLow, edgeBinValid).map { share($0, $1) }
            s.directLowHighShare = share(lowHighPairs, changedPairs)
            s.flyingHighShare = share(flyingHigh, flying)
            s.flickerMetersByConfidence = flicker.map { $0.robustStandardDeviation() }
        }
        return s
    }
}
