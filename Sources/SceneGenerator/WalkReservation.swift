/// The floor the scripted walk needs: segments with a clearance radius that no furniture may enter
/// (the scan points, the ways to and through doors, a sideways walk's line).
struct WalkReservation: Sendable {
    private(set) var segments: [(SIMD2<Double>, SIMD2<Double>, Double)] = []

    /// Clearance around the place where a room is scanned, metres.
    static let scanClearance = 0.65
    /// Clearance on each side of a walked line, metres.
    static let pathClearance = 0.45

    mutating func reserve(_ a: SIMD2<Double>, _ b: SIMD2<Double>, radius: Double) { segments.append((a, b, radius)) }

    /// Whether a footprint keeps clear of every reserved segment.
    func isClear(_ rect: PlanRect) -> Bool {
        for (a, b, radius) in segments {
            let grown = rect.grown(by: radius)
            let length = (b - a).planLength
            let steps = max(1, Int(length / 0.05))
            for i in 0...steps where grown.contains(a + (b - a) * (Double(i) / Double(steps))) { return false }
        }
        return true
    }
}
