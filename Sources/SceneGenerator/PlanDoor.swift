/// A door between two generated rooms: its centre on the shared wall and the unit normal pointing into
/// the child room.
struct PlanDoor: Sendable {
    var centre: SIMD2<Double>
    var intoChild: SIMD2<Double>
    var width: Double
}
