/// An axis-aligned rectangle of a floor plan, metres on the X-Z plane.
struct PlanRect: Sendable, Equatable {
    var x0: Double, z0: Double, x1: Double, z1: Double

    var width: Double { x1 - x0 }
    var depth: Double { z1 - z0 }
    var centre: SIMD2<Double> { SIMD2((x0 + x1) / 2, (z0 + z1) / 2) }

    /// Whether the interiors overlap (touching edges do not).
    func overlaps(_ o: PlanRect, margin: Double = 1e-6) -> Bool {
        x0 < o.x1 - margin && o.x0 < x1 - margin && z0 < o.z1 - margin && o.z0 < z1 - margin
    }

    func contains(_ p: SIMD2<Double>, inset: Double = 0) -> Bool {
        p.x >= x0 + inset && p.x <= x1 - inset && p.y >= z0 + inset && p.y <= z1 - inset
    }

    func grown(by d: Double) -> PlanRect { PlanRect(x0: x0 - d, z0: z0 - d, x1: x1 + d, z1: z1 + d) }
}
