/// A piece of furniture the generator placed: RoomPlan category, box size, where it stands and how it
/// turns, and the clutter on it.
struct PlacedObject: Sendable {
    var category: String
    /// Width, height, depth, metres.
    var size: SIMD3<Double>
    /// Box centre on the plan (x, z), metres.
    var position: SIMD2<Double>
    /// Height of the box centre above the floor when it does not stand on the floor.
    var centreHeight: Double?
    var yawDegrees: Double
    /// Clutter count and seed (nil: none).
    var clutter: (count: Int, kinds: [String]?, seed: UInt64)?

    /// The footprint on the plan (yaw is a multiple of 90 degrees).
    var footprint: PlanRect {
        let turned = Int((yawDegrees / 90).rounded()) % 2 != 0
        let halfX = (turned ? size.z : size.x) / 2, halfZ = (turned ? size.x : size.z) / 2
        return PlanRect(x0: position.x - halfX, z0: position.y - halfZ, x1: position.x + halfX, z1: position.y + halfZ)
    }
}
