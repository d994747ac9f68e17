import SyntheticSensor

/// One room of a generated floor plan: its rectangles (the main one first; an L-shape has two), its
/// floor polygon, doors and windows, and the point where the scan of the room stands.
struct PlanRoom: Sendable {
    var type: RoomType
    var name: String
    /// The main rectangle, then the wing of an L-shape.
    var rects: [PlanRect]
    /// Floor polygon corners (x, z); wall i runs from corner i to corner i+1.
    var polygon: [SIMD2<Double>]
    var openings: [WallOpening] = []
    /// Index of the room this one was attached to (nil for the first), and the door between them.
    var parent: Int?
    var doorFromParent: PlanDoor?

    /// Where the person stands to scan the room: the centre of the main rectangle.
    var scanPoint: SIMD2<Double> { rects[0].centre }

    func contains(_ p: SIMD2<Double>, inset: Double = 0) -> Bool {
        rects.contains { $0.contains(p, inset: inset) }
    }

    /// Both ends of wall i.
    func wall(_ i: Int) -> (SIMD2<Double>, SIMD2<Double>) { (polygon[i], polygon[(i + 1) % polygon.count]) }
}
