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
    /// The statistics of the latest depth map (nil before the first, or after a reset).
    private(set) var latest: DepthStatistics?

    init(thresholds: Thresholds.Proximity) { self.thresholds = thresholds }

    mutating func reset() {
        shown = .inRange
        candidate = .inRange
        latest = nil
    }

    mutating func update(_ stats: DepthStatistics, time: Double) -> Transition? {
        latest = stats
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

    /// The trace of the showing warning as the latest depth map measures it, an instant reading (a
    /// warning shown again once a higher-priority one has cleared), or nil when none shows.
    func currentTrace() -> EventTrace? {
        guard shown != .inRange, let latest else { return nil }
        return trace(of: shown, comparison: ">=", latest, held: nil)
    }

    /// The trace of a too-close (near pixels) or too-far (pixels without return) condition: the measured
    /// share against its threshold over the `held` seconds since the candidate condition began (nil: an
    /// instant reading, no window).
    private func trace(of condition: Condition, comparison: String, _ stats: DepthStatistics, held: Double?) -> EventTrace {
        let windowSeconds = held, windowStart = held.map { _ in candidateSince }
        return condition == .tooClose
            ? EventTrace(quantity: "pixels nearer than \(NumberFormatting.compact(thresholds.nearMeters)) m",
                         measured: stats.nearFraction * 100, comparison: comparison,
                         threshold: thresholds.nearFraction * 100, unit: "% of valid",
                         windowSeconds: windowSeconds, windowStart: windowStart)
            : EventTrace(quantity: "pixels without return", measured: stats.noReturnFraction * 100,
                         comparison: comparison, threshold: thresholds.noReturnFraction * 100, unit: "%",
                         windowSeconds: windowSeconds, windowStart: windowStart)
    }
}
