/// A condition that must hold for a minimum time before its warning fires, then stays fired until a
/// (usually hysteresis-widened) clearing condition holds. Floor, ceiling and horizontal scanning use it.
struct HoldDetector: Sendable {
    /// How long the condition must hold, seconds.
    var holdSeconds: Double
    /// When the condition started to hold (nil when it does not hold).
    private(set) var since: Double?
    /// Whether the warning is showing.
    private(set) var isFiring = false

    init(holdSeconds: Double) { self.holdSeconds = holdSeconds }

    /// What changed at an update.
    enum Transition: Equatable {
        /// The condition has held since this time for the hold duration.
        case fired(since: Double)
        /// The clearing condition holds after the warning fired.
        case cleared
    }

    /// Updates with this frame's measurement: `active` is the firing condition, `cleared` the clearing one.
    @inline(__always)
    mutating func update(active: Bool, cleared: Bool, time: Double) -> Transition? {
        if isFiring {
            guard cleared else { return nil }
            isFiring = false
            since = nil
            return .cleared
        }
        guard active else {
            since = nil
            return nil
        }
        let start = since ?? time
        since = start
        if time - start >= holdSeconds - Tolerance.seconds {
            isFiring = true
            return .fired(since: start)
        }
        return nil
    }

    /// Forgets everything (after relocation or at record start).
    mutating func reset() {
        since = nil
        isFiring = false
    }
}

/// Numerical tolerances for comparing times that accumulate from frame intervals.
enum Tolerance {
    /// Two times closer than this are equal, seconds.
    static let seconds = 1e-9
}
