/// The per-frame maps the statistics share (docs/lidar.md, "Shared definitions", after the reference
/// definitions of `fid_compare.py`): depth edges, each pixel's Euclidean distance to the nearest one,
/// the relative depth gradient and the discontinuity zone with its flying pixels. Depth arithmetic is in
/// single precision, as the reference computes it.
struct DepthFrameAnalysis {
    let width: Int, height: Int
    let frame: LiDARFrame
    /// 1 for a depth-edge pixel: a pixel with a value and a 4-neighbour whose depth differs by more than
    /// 5 % of the smaller of the two, or that has no value.
    let edge: [UInt8]
    let edgeCount: Int
    /// Squared Euclidean distance to the nearest depth-edge pixel, pixels^2 (0 on one);
    /// ``noEdgeDistance`` when the frame has none.
    let squaredEdgeDistance: [Int32]
    /// The discontinuity zone and, in it, the flying pixels (``flyingPixels(_:width:height:)``).
    let zone: [Bool], flying: [Bool]

    static let noEdgeDistance = Int32.max

    /// The maps of `frame`; the discontinuity zone and flying pixels only with `flying` (else empty).
    init(_ frame: LiDARFrame, flying computesFlying: Bool = true) {
        self.frame = frame
        width = frame.width
        height = frame.height
        let w = width, h = height, d = frame.depth
        var edge = [UInt8](repeating: 0, count: w * h)
        @inline(__always) func big(_ a: Float, _ b: Float) -> Bool {
            let va = a > 0, vb = b > 0
            return (va && vb && abs(a - b) > Float(0.05) * min(a, b)) || va != vb
        }
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                if x + 1 < w, big(d[i], d[i + 1]) { edge[i] = 1; edge[i + 1] = 1 }
                if y + 1 < h, big(d[i], d[i + w]) { edge[i] = 1; edge[i + w] = 1 }
            }
        }
        var count = 0
        for i in 0..<(w * h) {
            if d[i] <= 0 { edge[i] = 0 }
            count += Int(edge[i])
        }
        self.edge = edge
        edgeCount = count
        squaredEdgeDistance = count == 0 ? [Int32](repeating: Self.noEdgeDistance, count: w * h)
            : Self.squaredDistanceTransform(edge, width: w, height: h)
        (zone, flying) = computesFlying ? Self.flyingPixels(d, width: w, height: h) : ([], [])
    }

    /// Whether pixel `i` lies at least `pixels` from every depth-edge pixel (Euclidean).
    @inline(__always) func isClear(_ i: Int, by pixels: Int32) -> Bool {
        squaredEdgeDistance[i] >= pixels * pixels
    }

    /// Exact squared Euclidean distance of every pixel to the nearest pixel with `mask` 1 (Felzenszwalb
    /// and Huttenlocher's lower envelope of parabolas, along columns and then rows).
    static func squaredDistanceTransform(_ mask: [UInt8], width w: Int, height h: Int) -> [Int32] {
        let infinity = 1e20
        var grid = [Double](repeating: infinity, count: w * h)
        for i in 0..<(w * h) where mask[i] != 0 { grid[i] = 0 }
        let longest = max(w, h)
        // One scratch buffer for the four working arrays: the pass runs 448 times a frame, and arrays
        // captured by a nested function pay a uniqueness check on every write.
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: (4 * longest + 1) * 8, alignment: 8)
        defer { scratch.deallocate() }
        let f = scratch.baseAddress!.bindMemory(to: Double.self, capacity: longest)
        let out = f + longest, z = out + longest
        let v = UnsafeMutableRawPointer(z + longest + 1).bindMemory(to: Int.self, capacity: longest)
        func pass(_ n: Int) {
            var k = 0
            v[0] = 0
            z[0] = -.infinity
            z[1] = .infinity
            if n > 1 {
                for q in 1..<n {
                    var s = 0.0
                    while true {
                        let p = v[k]
                        s = ((f[q] + Double(q * q)) - (f[p] + Double(p * p))) / Double(2 * q - 2 * p)
                        if s <= z[k], k > 0 { k -= 1 } else { break }
                    }
                    if s <= z[k] {
                        // k == 0: the new parabola is lower everywhere.
                        v[0] = q
                        z[0] = -.infinity
                        z[1] = .infinity
                        continue
                    }
                    k += 1
                    v[k] = q
                    z[k] = s
                    z[k + 1] = .infinity
                }
            }
            k = 0
            for q in 0..<n {
                while z[k + 1] < Double(q) { k += 1 }
                let p = v[k]
                out[q] = Double((q - p) * (q - p)) + f[p]
            }
        }
        grid.withUnsafeMutableBufferPointer { grid in
            for x in 0..<w {
                for y in 0..<h { f[y] = grid[y * w + x] }
                pass(h)
                for y in 0..<h { grid[y * w + x] = out[y] }
            }
            for y in 0..<h {
                for x in 0..<w { f[x] = grid[y * w + x] }
                pass(w)
                for x in 0..<w { grid[y * w + x] = out[x] }
            }
        }
        return grid.map { $0 >= 1e19 ? noEdgeDistance : Int32($0) }
    }

    /// The discontinuity zone: pixels with a value whose 5x5 square (clamped at the map's sides) has
    /// values everywhere and a depth range above 15 % of its nearest depth and above 10 cm; flying: a zone
    /// pixel more than a fifth of that range from both the nearest and the farthest depth.
    static func flyingPixels(_ d: [Float], width w: Int, height h: Int) -> (zone: [Bool], flying: [Bool]) {
        // Row pass then column pass of the clamped 5-wide minimum, maximum and all-valid.
        var rowMin = [Float](repeating: 0, count: w * h), rowMax = rowMin
        var rowValid = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var lo = Float(1e6), hi = Float(0), valid = true
                for dx in -2...2 {
                    let v = d[y * w + min(w - 1, max(0, x + dx))]
                    if v > 0 { lo = min(lo, v); hi = max(hi, v) } else { valid = false }
                }
                rowMin[y * w + x] = lo
                rowMax[y * w + x] = hi
                rowValid[y * w + x] = valid
            }
        }
        var zone = [Bool](repeating: false, count: w * h), flying = zone
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x, z = d[i]
                guard z > 0 else { continue }
                var lo = Float(1e6), hi = Float(0), valid = true
                for dy in -2...2 {
                    let j = min(h - 1, max(0, y + dy)) * w + x
                    lo = min(lo, rowMin[j])
                    hi = max(hi, rowMax[j])
                    valid = valid && rowValid[j]
                }
                let gap = hi - lo
                guard valid, gap > Float(0.15) * lo, gap > Float(0.10) else { continue }
                zone[i] = true
                flying[i] = z - lo > Float(0.2) * gap && hi - z > Float(0.2) * gap
            }
        }
        return (zone, flying)
    }

    /// The relative depth gradient: the larger of the central differences along x and y (halved, each
    /// where the pixel and both neighbours have values) over the depth; NaN where neither is defined.
    func relativeGradient() -> [Float] {
        let w = width, h = height, d = frame.depth
        var g = [Float](repeating: .nan, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                var gx = Float.nan, gy = Float.nan
                if x > 0, x + 1 < w, d[i - 1] > 0, d[i + 1] > 0, d[i] > 0 { gx = abs(d[i + 1] - d[i - 1]) / 2 }
                if y > 0, y + 1 < h, d[i - w] > 0, d[i + w] > 0, d[i] > 0 { gy = abs(d[i + w] - d[i - w]) / 2 }
                let m: Float = gx.isNaN ? gy : (gy.isNaN ? gx : max(gx, gy))
                g[i] = d[i] > 0 ? m / d[i] : .nan
            }
        }
        return g
    }
}
