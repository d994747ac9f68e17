import JSONSupport
/// Too close / too far (codes 85, 86, 88) from the statistics of each depth map (LiDAR), or of the
/// tracked feature points' depths without LiDAR.
///
/// Too close: at least ``Thresholds/Proximity/nearFraction`` of valid pixels nearer than
/// ``Thresholds/Proximity/nearMeters``; too far: at least ``Thresholds/Proximity/noReturnFraction`` of
/// pixels without a return. Each must hold ``Thresholds/Proximity/holdSeconds`` before its warning; the
/// distance must be back in range for ``Thresholds/Proximity/clearSeconds`` before 88.
struct ProximityDetector: Sendable {
    enum Condition: Equatable, Sendable { case inRange, tooClose, tooFar }

    /// What changed: plain numbers (the trace is built when it is reported).
    enum Transition: Equatable, Sendable {
        /// `condition` has held for `held` seconds since `since`, measured as `stats`.
        case warned(Condition, DepthStatistics, held: Double, since: Double)
        /// Back in range after `cleared` for `held` seconds since `since`.
        case backInRange(cleared: Condition, DepthStatistics, held: Double, since: Double)
    }

    var thresholds: Thresholds.Proximity
    var pending: Transition?
    /// Whether depth comes from LiDAR (else from feature points).
    let hasLiDAR: Bool
    private(set) var shown: Condition = .inRange
    private var candidate: Condition = .inRange
    private var candidateSince = 0.0
    /// The statistics of the latest depth map (nil before the first, or after a reset).
    private(set) var latest: DepthStatistics?

    init(thresholds: Thresholds.Proximity, hasLiDAR: Bool) {
        self.thresholds = thresholds
        self.hasLiDAR = hasLiDAR
    }

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
            return .warned(condition, stats, held: held, since: candidateSince)
        case .inRange:
            guard held >= thresholds.clearSeconds - Tolerance.seconds else { return nil }
            let cleared = shown
            shown = .inRange
            return .backInRange(cleared: cleared, stats, held: held, since: candidateSince)
        }
    }

    /// The trace of a too-close (near pixels) or too-far (pixels without return) condition: the measured
    /// share against its threshold over the `held` seconds since `since` (nil: an instant reading, no
    /// window).
    private func trace(of condition: Condition, comparison: String, _ stats: DepthStatistics, held: Double?,
                       since: Double?) -> EventTrace {
        condition == .tooClose
            ? EventTrace(quantity: "pixels nearer than \(NumberFormatting.compact(thresholds.nearMeters)) m",
                         measured: stats.nearFraction * 100, comparison: comparison,
                         threshold: thresholds.nearFraction * 100, unit: "% of valid",
                         windowSeconds: held, windowStart: since)
            : EventTrace(quantity: "pixels without return", measured: stats.noReturnFraction * 100,
                         comparison: comparison, threshold: thresholds.noReturnFraction * 100, unit: "%",
                         windowSeconds: held, windowStart: since)
    }
}

extension ProximityDetector: WarningDetector {
    var slot: FeedbackSlot { .proximity }
    static var readsDepth: Bool { true }

    /// The frame's depth map with LiDAR, else its feature depths; nothing without either.
    @inline(__always)
    mutating func measure(_ frame: DetectorFrame, history: PoseHistory, camera: CameraFrame,
                          signals: inout DetectorSignals?) -> Transition? {
        let th = thresholds
        let stats: DepthStatistics
        if hasLiDAR, let depth = camera.depth {
            stats = DepthStatistics(depths: depth.depth, confidence: depth.confidence, nearMeters: Float(th.nearMeters),
                                    farLowConfidenceMeters: Float(th.featureRangeMeters))
        } else if !hasLiDAR, let features = camera.featureDepths, !features.isEmpty {
            stats = DepthStatistics(depths: features, nearMeters: Float(th.nearMeters), farMeters: Float(th.featureRangeMeters))
        } else {
            return nil
        }
        signals?[.nearFraction] = stats.valid > 0 ? stats.nearFraction : .nan
        signals?[.noReturnFraction] = stats.noReturnFraction
        return update(stats, time: frame.time)
    }

    func change(for transition: Transition, at t: Double) -> WarningChange {
        switch transition {
        case .warned(let condition, let stats, let held, let since):
            .show(condition == .tooClose ? .tooClose : .tooFar,
                  trace: trace(of: condition, comparison: ">=", stats, held: held, since: since))
        case .backInRange(let cleared, let stats, let held, let since):
            .hide(cleared: .distanceInRange, trace: trace(of: cleared, comparison: "<", stats, held: held, since: since))
        }
    }

    /// The showing warning as the latest depth map measures it, an instant reading; nil when none shows.
    func currentTrace(at t: Double, pose: RigidTransform) -> EventTrace? {
        guard shown != .inRange, let latest else { return nil }
        return trace(of: shown, comparison: ">=", latest, held: nil, since: nil)
    }
}
