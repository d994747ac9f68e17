/// Ear-clipping triangulation of a simple polygon in 2D.
enum PolygonTriangulation {
    /// Triangles (as index triples into `points`) covering a simple polygon, each counter-clockwise
    /// (positive area in (x, y)). Points may come in either winding.
    static func triangulate(_ points: [SIMD2<Double>]) -> [(Int, Int, Int)] {
        var indices = Array(points.indices)
        if signedArea(points) < 0 { indices.reverse() }
        var triangles: [(Int, Int, Int)] = []
        var guardCount = 0
        while indices.count > 3, guardCount < 10_000 {
            guardCount += 1
            var clipped = false
            for i in 0..<indices.count {
                let ia = indices[(i + indices.count - 1) % indices.count], ib = indices[i],
                    ic = indices[(i + 1) % indices.count]
                let a = points[ia], b = points[ib], c = points[ic]
                guard cross(a, b, c) > 1e-12 else { continue }
                let containsOther = indices.contains { j in
                    j != ia && j != ib && j != ic && inside(points[j], a, b, c)
                }
                if containsOther { continue }
                triangles.append((ia, ib, ic))
                indices.remove(at: i)
                clipped = true
                break
            }
            if !clipped {
                // Degenerate (collinear) remainder: drop the middle point of a straight run.
                indices.remove(at: 0)
            }
        }
        if indices.count == 3, cross(points[indices[0]], points[indices[1]], points[indices[2]]) > 1e-12 {
            triangles.append((indices[0], indices[1], indices[2]))
        }
        return triangles
    }

    /// The signed area, positive when counter-clockwise.
    static func signedArea(_ p: [SIMD2<Double>]) -> Double {
        var a = 0.0
        for i in p.indices {
            let q = p[(i + 1) % p.count]
            a += p[i].x * q.y - q.x * p[i].y
        }
        return a / 2
    }

    private static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    private static func inside(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Bool {
        cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0
    }
}
