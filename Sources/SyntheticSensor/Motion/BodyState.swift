/// The scripted part of the person's state, before hand motion is added: where they stand and how
/// they hold the phone.
struct BodyState: Sendable, Equatable {
    /// Position on the floor (x, z), metres.
    var position: SIMD2<Double>
    /// Heading about world up, radians (0 looks along -Z, positive turns left).
    var heading: Double
    /// Camera pitch, radians (negative looks down).
    var pitch: Double
    /// Roll about the viewing axis, radians (see ``PhoneOrientation/rollRadians``).
    var roll: Double
}
