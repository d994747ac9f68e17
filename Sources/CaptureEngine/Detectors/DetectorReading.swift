/// The numbers behind one detector transition: the measured value, the window it was measured over and,
/// for sideways walking, the share of the speed along the camera's left/right axis. A plain value (no
/// strings), so the per-frame findings copy as bytes; the detector turns it into an ``EventTrace`` only
/// when the session emits an event.
struct DetectorReading: Equatable, Sendable {
    /// The measured value, in the detector's unit (metres, metres per second, degrees per second).
    var measured: Double
    /// Start of the window the value was measured over, seconds on the session clock.
    var windowStart: Double
    /// Length of that window, seconds.
    var windowSeconds: Double
    /// Sideways walking: the lateral share of the speed, 0...1 (0 for the other detectors).
    var fraction = 0.0
}
