import CaptureEngine

/// One flat piece of a scene's surface, in world coordinates: a rectangle (with rectangular holes) or
/// a triangle, in a plane given by an origin and two unit axes.
///
/// A point of the plane is `origin + u * uAxis + v * vAxis`; the front normal is `uAxis x vAxis`.
/// Rectangles span `0...uMax` by `0...vMax`; holes are open rectangles in the same (u, v) coordinates.
/// Triangles are the three (u, v) corners, counter-clockwise seen from the front.
public struct SurfacePatch: Sendable, Equatable {
    /// What the patch belongs to.
    public enum Role: String, Sendable { case wall, floor, ceiling, object }

    /// The 2D shape in plane coordinates.
    public enum Shape: Sendable, Equatable {
        /// `0...uMax` x `0...vMax` minus the holes (each `(uMin, uMax, vMin, vMax)`).
        case rectangle(uMax: Double, vMax: Double, holes: [SIMD4<Double>])
        /// A triangle with corners in (u, v).
        case triangle(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
    }

    /// What the patch belongs to (wall, floor, ceiling, object).
    public var role: Role
    /// A point of the plane, metres (world).
    public var origin: SIMD3<Double>
    /// First in-plane unit axis (world).
    public var uAxis: SIMD3<Double>
    /// Second in-plane unit axis (world), perpendicular to `uAxis`.
    public var vAxis: SIMD3<Double>
    /// The outline in plane coordinates.
    public var shape: Shape
    /// What the surface looks like: its owner's material (the room's wall, floor or ceiling material,
    /// the object's or its part's, the clutter item's), set by ``SceneGeometry``.
    public var material: Material
    /// For object and clutter patches: which object or item, and which part of its shape; nil for walls,
    /// floors and ceilings.
    public var owner: PatchOwner?

    public init(role: Role, origin: SIMD3<Double>, uAxis: SIMD3<Double>, vAxis: SIMD3<Double>, shape: Shape,
                material: Material = .wall, owner: PatchOwner? = nil) {
        self.role = role
        self.material = material
        self.origin = origin
        self.uAxis = uAxis
        self.vAxis = vAxis
        self.shape = shape
        self.owner = owner
    }

    /// The front normal (`uAxis x vAxis`).
    public var normal: SIMD3<Double> { uAxis.cross(vAxis) }

    /// The world point of plane coordinates (u, v).
    public func point(u: Double, v: Double) -> SIMD3<Double> { origin + u * uAxis + v * vAxis }

    /// The outline's corners in world coordinates (rectangle: 4, triangle: 3).
    public var corners: [SIMD3<Double>] {
        switch shape {
        case .rectangle(let uMax, let vMax, _):
            return [point(u: 0, v: 0), point(u: uMax, v: 0), point(u: uMax, v: vMax), point(u: 0, v: vMax)]
        case .triangle(let a, let b, let c):
            return [point(u: a.x, v: a.y), point(u: b.x, v: b.y), point(u: c.x, v: c.y)]
        }
    }

    /// Whether plane coordinates (u, v) lie on the patch (edges included, holes excluded).
    public func contains(u: Double, v: Double) -> Bool {
        switch shape {
        case .rectangle(let uMax, let vMax, let holes):
            guard u >= -SurfacePatch.edgeTolerance, u <= uMax + SurfacePatch.edgeTolerance,
                  v >= -SurfacePatch.edgeTolerance, v <= vMax + SurfacePatch.edgeTolerance else { return false }
            for h in holes where u > h.x && u < h.y && v > h.z && v < h.w { return false }
            return true
        case .triangle(let a, let b, let c):
            func edge(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> Double {
                (q.x - p.x) * (v - p.y) - (q.y - p.y) * (u - p.x)
            }
            return edge(a, b) >= -SurfacePatch.edgeTolerance && edge(b, c) >= -SurfacePatch.edgeTolerance
                && edge(c, a) >= -SurfacePatch.edgeTolerance
        }
    }

    /// Slack on outline edges so that patches meeting at a corner leave no crack, metres.
    public static let edgeTolerance = 1e-4

    /// The patch as triangles (rectangles split around their holes), counter-clockwise from the front.
    public var mesh: TriangleMesh {
        var mesh = TriangleMesh()
        func addQuad(_ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double) {
            guard u1 - u0 > 1e-9, v1 - v0 > 1e-9 else { return }
            let base = UInt32(mesh.vertices.count)
            for (u, v) in [(u0, v0), (u1, v0), (u1, v1), (u0, v1)] {
                let p = point(u: u, v: v)
                mesh.vertices.append(SIMD3<Float>(Float(p.x), Float(p.y), Float(p.z)))
            }
            mesh.triangles.append(SIMD3(base, base + 1, base + 2))
            mesh.triangles.append(SIMD3(base, base + 2, base + 3))
        }
        switch shape {
        case .rectangle(let uMax, let vMax, let holes):
            let clipped = holes.map { SIMD4(max(0, $0.x), min(uMax, $0.y), max(0, $0.z), min(vMax, $0.w)) }
            var cuts = Set([0.0, uMax])
            for h in clipped { cuts.insert(h.x); cuts.insert(h.y) }
            let us = cuts.filter { $0 >= 0 && $0 <= uMax }.sorted()
            for i in 0..<(us.count - 1) {
                let u0 = us[i], u1 = us[i + 1], mid = (u0 + u1) / 2
                let blocked = clipped.filter { mid > $0.x && mid < $0.y }.map { SIMD2($0.z, $0.w) }.sorted { $0.x < $1.x }
                var v = 0.0
                for b in blocked {
                    if b.x > v { addQuad(u0, u1, v, b.x) }
                    v = max(v, b.y)
                }
                if v < vMax { addQuad(u0, u1, v, vMax) }
            }
        case .triangle(let a, let b, let c):
            for p in [a, b, c] {
                let w = point(u: p.x, v: p.y)
                mesh.vertices.append(SIMD3<Float>(Float(w.x), Float(w.y), Float(w.z)))
            }
            mesh.triangles.append(SIMD3(0, 1, 2))
        }
        return mesh
    }
}
