import CaptureEngine

/// Running counts behind the single-frame ``LiDARStatistics`` (docs/lidar.md, the reference definitions
/// of `fid_compare.py`), over the analysed frames.
struct Tally {
    var frames = 0, hasConfidence = true
    var validFractions: [Double] = []
    /// Every k-th depth of each frame's valid pixels in row order, k = max(1, count / 4000) (the depth
    /// percentiles and the largest depth are taken from these samples).
    var depthSamples: [Float] = []
    var validConfidence = [0, 0, 0]
    var byDepth = [[Int]](repeating: [0, 0, 0], count: 5)
    var border = [0, 0, 0]
    /// Edge-distance bins 0, 1, 2 and > 10 px (11 or more).
    var byEdgeDistance = [[Int]](repeating: [0, 0, 0], count: 4)
    var pairs = 0, changedPairs = 0, lowHighPairs = 0
    var edgeFractions: [Double] = []
    var zone = 0, flying = 0, flyingConfidence = [0, 0, 0]
    var widths: [Int] = []
    /// Per 16x16 plane block: mean depth, residual standard deviation, next-pixel autocorrelation.
    var planeBlocks: [(depth: Double, spread: Double, correlation: Double)] = []

    static func depthBin(_ z: Float) -> Int {
        z < 1 ? 0 : (z < 2 ? 1 : (z < 3 ? 2 : (z < 4 ? 3 : 4)))
    }

    mutating func addSingleFrame(_ a: DepthFrameAnalysis, intrinsics: CameraIntrinsics) {
        let f = a.frame, w = a.width, h = a.height, d = f.depth
        frames += 1
        if f.confidence == nil { hasConfidence = false }
        var valid = 0
        for i in 0..<(w * h) where d[i] > 0 { valid += 1 }
        validFractions.append(Double(valid) / Double(w * h))
        let step = max(1, valid / 4000)
        var seen = 0
        for i in 0..<(w * h) where d[i] > 0 {
            if seen % step == 0 { depthSamples.append(d[i]) }
            seen += 1
        }
        edgeFractions.append(valid > 0 ? Double(a.edgeCount) / Double(valid) : 0)
        if let c = f.confidence {
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * w + x, level = Int(min(2, c[i]))
                    if x + 1 < w { countPair(c[i], c[i + 1]) }
                    if y + 1 < h { countPair(c[i], c[i + w]) }
                    let z = d[i]
                    guard z > 0 else { continue }
                    validConfidence[level] += 1
                    byDepth[Self.depthBin(z)][level] += 1
                    if x < 6 || y < 6 || x >= w - 6 || y >= h - 6 { border[level] += 1 }
                    let s = a.squaredEdgeDistance[i]
                    // Beyond 10 px: 11 or more, but finite (a frame without edges has none).
                    let bin = s == 0 ? 0 : (s == 1 ? 1 : (s == 4 ? 2 : (s >= 121 && s != DepthFrameAnalysis.noEdgeDistance ? 3 : -1)))
                    if bin >= 0 { byEdgeDistance[bin][level] += 1 }
                }
            }
        }
        for i in 0..<(w * h) where a.zone[i] {
            zone += 1
            if a.flying[i] {
                flying += 1
                if let c = f.confidence { flyingConfidence[Int(min(2, c[i]))] += 1 }
            }
        }
        addTransitions(d, width: w, height: h)
        addPlaneBlocks(a, gradient: a.relativeGradient(), intrinsics: intrinsics)
    }

    @inline(__always) private mutating func countPair(_ a: UInt8, _ b: UInt8) {
        pairs += 1
        guard a != b else { return }
        changedPairs += 1
        if (a == 0 && b == 2) || (a == 2 && b == 0) { lowHighPairs += 1 }
    }

    /// Edge transitions along every row and every column: for k = 1...10, a run of k successive steps
    /// of at least 2 % of the depth, all the same way, with a step below 2 % on either side of it (the
    /// plateaus), and a jump across the run of more than 10 cm and 15 % of the nearer depth, counts as a
    /// transition k - 1 pixels wide (0: a clean step).
    mutating func addTransitions(_ d: [Float], width w: Int, height h: Int) {
        var line = [Float](repeating: 0, count: max(w, h))
        for y in 0..<h {
            for x in 0..<w { line[x] = d[y * w + x] }
            addTransitions(line, count: w)
        }
        for x in 0..<w {
            for y in 0..<h { line[y] = d[y * w + x] }
            addTransitions(line, count: h)
        }
    }

    private mutating func addTransitions(_ a: [Float], count n: Int) {
        guard n >= 3 else { return }
        let tolerance: Float = 0.02
        // small[j], up[j], down[j] for the step from j to j + 1; runs of up and down steps from j.
        var small = [Bool](repeating: false, count: n - 1), upRun = [Int](repeating: 0, count: n), downRun = upRun
        var up = [Bool](repeating: false, count: n - 1), down = up
        for j in 0..<(n - 1) {
            let both = a[j] > 0 && a[j + 1] > 0
            let step = a[j + 1] - a[j], limit = tolerance * a[j]
            small[j] = abs(step) < limit && both
            up[j] = step >= limit && both
            down[j] = -step >= limit && both
        }
        for j in stride(from: n - 2, through: 0, by: -1) {
            upRun[j] = up[j] ? upRun[j + 1] + 1 : 0
            downRun[j] = down[j] ? downRun[j + 1] + 1 : 0
        }
        for k in 1...10 where n - k - 1 > 1 {
            for x in 1..<(n - k - 1) {
                guard small[x - 1], small[x + k], upRun[x] >= k || downRun[x] >= k else { continue }
                let near = min(a[x], a[x + k]), jump = abs(a[x + k] - a[x])
                if jump > max(Float(0.10), Float(0.15) * near) { widths.append(k - 1) }
            }
        }
    }

    /// Planes fitted to the 16x16 blocks (aligned to multiples of 16) whose pixels all have values,
    /// none is a depth-edge pixel, none has a relative gradient above 5 % a pixel and (with confidence)
    /// all are at confidence 2: total least squares on the back-projected points; the residuals' standard
    /// deviation and their correlation with the next pixel along rows.
    mutating func addPlaneBlocks(_ a: DepthFrameAnalysis, gradient g: [Float], intrinsics k: CameraIntrinsics) {
        let n = 16, w = a.width, d = a.frame.depth, c = a.frame.confidence
        var points = [SIMD3<Double>](repeating: .zero, count: n * n)
        for by in 0..<(a.height / n) {
            blocks: for bx in 0..<(w / n) {
                var gradientMaximum: Float = -.infinity
                var depthSum = 0.0
                for v in 0..<n {
                    for u in 0..<n {
                        let x = bx * n + u, y = by * n + v, i = y * w + x, z = d[i]
                        guard z > 0, a.edge[i] == 0 else { continue blocks }
                        if let c, c[i] != 2 { continue blocks }
                        if !g[i].isNaN { gradientMaximum = max(gradientMaximum, g[i]) }
                        depthSum += Double(z)
                        let zz = Double(z)
                        points[v * n + u] = SIMD3((Double(x) - k.cx) / k.fx * zz, (Double(y) - k.cy) / k.fy * zz, zz)
                    }
                }
                guard !(gradientMaximum > Float(0.05)) else { continue }
                let centre = points.reduce(SIMD3<Double>.zero, +) / Double(n * n)
                var scatter = (xx: 0.0, xy: 0.0, xz: 0.0, yy: 0.0, yz: 0.0, zz: 0.0)
                for p in points {
                    let q = p - centre
                    scatter.xx += q.x * q.x; scatter.xy += q.x * q.y; scatter.xz += q.x * q.z
                    scatter.yy += q.y * q.y; scatter.yz += q.y * q.z; scatter.zz += q.z * q.z
                }
                let normal = SymmetricEigen.smallestEigenvector(scatter)
                var residual = points.map { (($0 - centre) * normal).sum() }
                let mean = residual.reduce(0, +) / Double(n * n)
                residual = residual.map { $0 - mean }
                let variance = residual.reduce(0) { $0 + $1 * $1 } / Double(n * n)
                var correlation = Double.nan
                if variance > 0 {
                    var product = 0.0
                    for v in 0..<n {
                        for u in 0..<(n - 1) { product += residual[v * n + u] * residual[v * n + u + 1] }
                    }
                    correlation = product / Double(n * (n - 1)) / variance
                }
                planeBlocks.append((depthSum / Double(n * n), variance.squareRoot(), correlation))
            }
        }
    }
}

/// The eigenvector of a symmetric 3x3 matrix with the smallest eigenvalue (cyclic Jacobi rotations).
enum SymmetricEigen {
    static func smallestEigenvector(_ s: (xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double)) -> SIMD3<Double> {
        var a = [[s.xx, s.xy, s.xz], [s.xy, s.yy, s.yz], [s.xz, s.yz, s.zz]]
        var v: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        for _ in 0..<50 {
            let off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2]
            let diagonal = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2]
            if off <= 1e-30 * max(diagonal, 1e-300) { break }
            for (p, q) in [(0, 1), (0, 2), (1, 2)] where a[p][q] != 0 {
                let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                let cosine = 1 / (t * t + 1).squareRoot(), sine = t * cosine
                for r in 0..<3 {
                    let arp = a[r][p], arq = a[r][q]
                    a[r][p] = cosine * arp - sine * arq
                    a[r][q] = sine * arp + cosine * arq
                }
                for r in 0..<3 {
                    let apr = a[p][r], aqr = a[q][r]
                    a[p][r] = cosine * apr - sine * aqr
                    a[q][r] = sine * apr + cosine * aqr
                }
                for r in 0..<3 {
                    let vrp = v[r][p], vrq = v[r][q]
                    v[r][p] = cosine * vrp - sine * vrq
                    v[r][q] = sine * vrp + cosine * vrq
                }
            }
        }
        var smallest = 0
        for i in 1..<3 where a[i][i] < a[smallest][smallest] { smallest = i }
        return SIMD3(v[0][smallest], v[1][smallest], v[2][smallest])
    }
}
