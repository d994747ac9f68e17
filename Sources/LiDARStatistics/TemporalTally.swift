import CaptureEngine

/// The differences between frame t and frame t + lag of the anchor pairs (the reference's
/// `temporal_stats`): each pair's pixels warped through the poses (``ViewWarp``), kept where the
/// difference is below 3 cm + 3 % of the depth; "raw" and after removing what a small pose error explains
/// (``rigidCorrection``); 8x8-block means; and, for lag 1, by confidence.
struct TemporalTally {
    /// Depth bins (0-1, 1-2, 2-3, 3-4, 4-5, > 5 m): pixel differences and full blocks' mean differences,
    /// raw (0) and pose-corrected (1).
    var pixels = [[[Double]]](repeating: [[Double]](repeating: [], count: 6), count: 2)
    var blocks = [[[Double]]](repeating: [[Double]](repeating: [], count: 6), count: 2)
    /// Per confidence level and depth bin, the differences of every pixel 3 px or more from an edge
    /// (gross ones, above 0.5 m, dropped).
    var byConfidence = [[[Double]]](repeating: [[Double]](repeating: [], count: 6), count: 3)
    var hasConfidence = true

    static func bin(_ z: Double) -> Int {
        z < 0 ? -1 : (z < 1 ? 0 : (z < 2 ? 1 : (z < 3 ? 2 : (z < 4 ? 3 : (z < 5 ? 4 : 5)))))
    }

    mutating func addPair(_ a: DepthFrameAnalysis, _ b: DepthFrameAnalysis, poseA: Matrix4, poseB: Matrix4, intrinsics k: CameraIntrinsics) {
        let w = a.width, h = a.height, ca = a.frame.confidence, cb = b.frame.confidence, za = a.frame.depth, zb = b.frame.depth
        var maskB = [Bool](repeating: false, count: w * h)
        for i in 0..<(w * h) { maskB[i] = zb[i] > 0 && b.isClear(i, by: 2) && (cb.map { $0[i] >= 1 } ?? true) }
        let warp = ViewWarp(from: a.frame, to: b.frame, poseA: poseA, poseB: poseB, intrinsics: k, maskA: { i in
            za[i] > 0 && a.isClear(i, by: 3) && (ca.map { $0[i] >= 1 } ?? true)
        }, maskB: maskB)
        var kept: [Int] = []
        for n in 0..<warp.difference.count where abs(warp.difference[n]) < 0.03 + 0.03 * warp.movedDepth[n] { kept.append(n) }
        let z = kept.map { warp.movedDepth[$0] }, d = kept.map { warp.difference[$0] }
        let xs = kept.map { Int(warp.pixels[$0]) % w }, ys = kept.map { Int(warp.pixels[$0]) / w }
        var variants = [d]
        if d.count > 100 {
            variants.append(Self.rigidCorrection(d, depth: z, xn: xs.map { (Double($0) - k.cx) / k.fx }, yn: ys.map { (Double($0) - k.cy) / k.fy }))
        }
        let columns = w / 8, blockCount = (h / 8) * columns
        var count = [Int](repeating: 0, count: blockCount), depthSum = [Double](repeating: 0, count: blockCount)
        var block = [Int](repeating: 0, count: kept.count)
        for n in 0..<kept.count { block[n] = (ys[n] / 8) * columns + xs[n] / 8 }
        for n in 0..<kept.count where block[n] < blockCount {
            count[block[n]] += 1
            depthSum[block[n]] += z[n]
        }
        for (v, values) in variants.enumerated() {
            var sum = [Double](repeating: 0, count: blockCount)
            for n in 0..<kept.count where block[n] < blockCount { sum[block[n]] += values[n] }
            for n in 0..<kept.count {
                let bin = Self.bin(z[n])
                if bin >= 0 { pixels[v][bin].append(values[n]) }
            }
            for j in 0..<blockCount where count[j] >= 48 {
                let bin = Self.bin(depthSum[j] / Double(count[j]))
                if bin >= 0 { blocks[v][bin].append(sum[j] / Double(count[j])) }
            }
        }
        guard let ca else { hasConfidence = false; return }
        var maskAll = [Bool](repeating: false, count: w * h)
        for i in 0..<(w * h) { maskAll[i] = zb[i] > 0 && b.isClear(i, by: 2) }
        let all = ViewWarp(from: a.frame, to: b.frame, poseA: poseA, poseB: poseB, intrinsics: k, maskA: { i in
            za[i] > 0 && a.isClear(i, by: 3)
        }, maskB: maskAll)
        for n in 0..<all.difference.count where abs(all.difference[n]) < 0.5 {
            let level = Int(min(2, ca[Int(all.pixels[n])])), bin = Self.bin(all.movedDepth[n])
            if bin >= 0 { byConfidence[level][bin].append(all.difference[n]) }
        }
    }

    /// What a small pose error explains removed: `d ~ a + z (b + c xn + e yn)` fitted by least squares,
    /// refitted once to the values within 3 robust spreads of the first fit; the residuals of the second fit.
    static func rigidCorrection(_ d: [Double], depth z: [Double], xn: [Double], yn: [Double]) -> [Double] {
        var use = [Bool](repeating: true, count: d.count)
        var residual = d
        for _ in 0..<2 {
            guard use.filter({ $0 }).count >= 50 else { return d }
            var normal = (SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero)
            var right = SIMD4<Double>.zero
            for n in 0..<d.count where use[n] {
                let row = SIMD4<Double>(1, z[n], z[n] * xn[n], z[n] * yn[n])
                right += row * d[n]
                normal.0 += row * row[0]
                normal.1 += row * row[1]
                normal.2 += row * row[2]
                normal.3 += row * row[3]
            }
            let rows = [normal.0, normal.1, normal.2, normal.3].map { [$0[0], $0[1], $0[2], $0[3]] }
            guard let coefficients = solve(rows, [right[0], right[1], right[2], right[3]]) else { return d }
            residual = (0..<d.count).map { n in
                d[n] - (coefficients[0] + z[n] * coefficients[1] + z[n] * xn[n] * coefficients[2] + z[n] * yn[n] * coefficients[3])
            }
            let limit = 3 * max(RobustStatistics.spread(residual) ?? .nan, 1e-4)
            use = residual.map { abs($0) < limit }
        }
        return residual
    }

    /// Gaussian elimination with partial pivoting; nil for a singular system.
    static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        var a = matrix, b = vector
        let n = b.count
        for column in 0..<n {
            var pivot = column
            for r in (column + 1)..<n where abs(a[r][column]) > abs(a[pivot][column]) { pivot = r }
            guard abs(a[pivot][column]) > 1e-300 else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for r in (column + 1)..<n {
                let factor = a[r][column] / a[column][column]
                for c in column..<n { a[r][c] -= factor * a[column][c] }
                b[r] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[r]
            for c in (r + 1)..<n { sum -= a[r][c] * x[c] }
            x[r] = sum / a[r][r]
        }
        return x
    }

    /// The robust spread of the pixel differences of depth bin `bin` (variant 0 raw, 1 pose-corrected),
    /// with at least 2,000 of them.
    func pixelSpread(_ variant: Int, _ bin: Int) -> Double? {
        pixels[variant][bin].count >= 2000 ? RobustStatistics.spread(pixels[variant][bin]) : nil
    }

    /// The robust spread of the block means of that bin (with at least 2,000 pixel differences and 20
    /// blocks).
    func blockSpread(_ variant: Int, _ bin: Int) -> Double? {
        guard pixels[variant][bin].count >= 2000, blocks[variant][bin].count >= 20 else { return nil }
        return RobustStatistics.spread(blocks[variant][bin])
    }

    /// The robust spread of the differences at confidence `level` in depth bin `bin` (at least 2,000).
    func confidenceSpread(_ level: Int, _ bin: Int) -> Double? {
        guard hasConfidence, byConfidence[level][bin].count >= 2000 else { return nil }
        return RobustStatistics.spread(byConfidence[level][bin])
    }
}
