/// The per-frame maps the statistics share: depth edges and each pixel's distance to the nearest one.
///
/// A depth-edge pixel has a value and a 4-neighbour with a value whose depth differs from it by more than
/// ``LiDARStatisticsDefinitions/edgeRelativeJump`` (5 %) of the smaller of the two depths.
struct DepthFrameAnalysis {
    let width: Int, height: Int
    let frame: LiDARFrame
    /// 1 for a depth-edge pixel.
    let edge: [UInt8]
    /// Chessboard (8-neighbour) distance to the nearest depth-edge pixel in pixels, 0 on one, at most 255
    /// (also where the frame has no edge).
    let edgeDistance: [UInt8]
    let edgeCount: Int

    init(_ frame: LiDARFrame) {
        self.frame = frame
        width = frame.width
        height = frame.height
        let w = width, h = height, d = frame.depth
        let jump = Float(LiDARStatisticsDefinitions.edgeRelativeJump)
        var edge = [UInt8](repeating: 0, count: w * h)
        var count = 0
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x, z = d[i]
                guard z > 0 else { continue }
                var isEdge = false
                @inline(__always) func check(_ n: Float) {
                    if n > 0, abs(n - z) > jump * min(n, z) { isEdge = true }
                }
                if x > 0 { check(d[i - 1]) }
                if x + 1 < w { check(d[i + 1]) }
                if y > 0 { check(d[i - w]) }
                if y + 1 < h { check(d[i + w]) }
                if isEdge { edge[i] = 1; count += 1 }
            }
        }
        self.edge = edge
        edgeCount = count
        // Two-pass chessboard distance transform.
        var distance = [Int](repeating: 255, count: w * h)
        for i in 0..<(w * h) where edge[i] == 1 { distance[i] = 0 }
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                var m = distance[i]
                if x > 0 { m = min(m, distance[i - 1] + 1) }
                if y > 0 {
                    m = min(m, distance[i - w] + 1)
                    if x > 0 { m = min(m, distance[i - w - 1] + 1) }
                    if x + 1 < w { m = min(m, distance[i - w + 1] + 1) }
                }
                distance[i] = m
            }
        }
        for y in stride(from: h - 1, through: 0, by: -1) {
            for x in stride(from: w - 1, through: 0, by: -1) {
                let i = y * w + x
                var m = distance[i]
                if x + 1 < w { m = min(m, distance[i + 1] + 1) }
                if y + 1 < h {
                    m = min(m, distance[i + w] + 1)
                    if x > 0 { m = min(m, distance[i + w - 1] + 1) }
                    if x + 1 < w { m = min(m, distance[i + w + 1] + 1) }
                }
                distance[i] = m
            }
        }
        edgeDistance = distance.map { UInt8(min(255, $0)) }
    }
}
