import JSONSupport
/// Too close / too far (codes 85, 86, 88) from the statistics of each depth map.
///
/// Too close: at least ``Thresholds/Proximity/nearFraction`` of valid pixels nearer than
/// ``Thresholds/Proximity/nearMeters``; too far: at least ``Thresholds/Proximity/noReturnFraction`` of
/// pixels without a return. Each must hold ``Thresholds/Proximity/holdSeconds`` before its warning; the
/// distance must be back in range for ``Thresholds/Proximity/clearSeconds`` before 88.
struct ProximityDetector: Sendable {
    enum Condition: Equatable, Sendable { case inRange, tooClose, tooFar }

    enum Transition: Equatable {
        case warned(Condition, EventTrace)
        case backInRange(EventTrace)
    }

    var thresholds: Thresholds.Proximity
    private(set) var shown: Condition = .inRange
    private var candidate: Condition = .inRange
    private var candidateSince = 0.0

    init(thresholds: Thresholds.Proximity) { self.thresholds = thresholds }

    mutating func reset() {
        shown = .inRange
        candidate = .inRange
    }

    mutating func update(_ stats: DepthStatistics, time: Double) -> Transition? {
        let condition: Condition
        if stats.valid > 0 && stats.nearFraction >= thresholds.nearFraction { condition = .tooClose }
        else if stats.noReturnFraction >= thresholds.noReturnFraction { condition = .tooFar }
        else { condition = .inRange }
        if condition != candidate {
            candidate = condition
            candidateSince = time
        }
        guard condition != shown else { return nil }
        let held = time - candidateSince
        switch condition {
        case .tooClose, .tooFar:
            guard held >= thresholds.holdSeconds - Tolerance.seconds else { return nil }
            shown = condition
            return .warned(condition, trace(of: condition, comparison: ">=", stats, held: held))
        case .inRange:
            guard held >= thresholds.clearSeconds - Tolerance.seconds else { return nil }
            let cleared = shown
            shown = .inRange
            return .backInRange(trace(of: cleared, comparison: "<", stats, held: held))
        }
    }

    /// The trace of a too-close (near pixels) or too-far (pixels without return) condition: the measured
    /// share against its threshold over the `held` seconds since the candidate condition began.
    private func trace(of condition: Condition, comparison: String, _ stats: DepthStatistics, held: Double) -> EventTrace {
        condition == .tooClose
            ? EventTrace(quantity: "pixels nearer than \(NumberFormatting.compact(thresholds.nearMeters)) m",
                         measured: stats.nearFraction * 100, comparison: comparison,
                         threshold: thresholds.nearFraction * 100, unit: "% of valid",
                         windowSeconds: held, windowStart: candidateSince)
            : EventTrace(quantity: "pixels without return", measured: stats.noReturnFraction * 100,
                         comparison: comparison, threshold: thresholds.noReturnFraction * 100, unit: "%",
                         windowSeconds: held, windowStart: candidateSince)
    }
}
