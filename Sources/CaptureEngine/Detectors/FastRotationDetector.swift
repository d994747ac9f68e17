/// Turning too fast (code 87): the turning speed of the view's heading about world up
/// (``Detectors/headingChange(from:to:)``: rolling the phone is no turn), averaged over
/// ``Thresholds/FastRotation/windowSeconds``, above ``Thresholds/FastRotation/degreesPerSecond``.
/// Fires when the condition begins; the warning then shows at least
/// ``Thresholds/FastRotation/minimumDisplaySeconds`` and ends once the turning is slow again, so each
/// fast turn after that warns again and one long spin warns once.
struct FastRotationDetector: Sendable {
    var thresholds: Thresholds.FastRotation
    var pending: Transition?
    /// When the showing warning started, seconds.
    private(set) var shownSince = 0.0
    /// Whether the warning is showing (the feedback item is open).
    private(set) var showing = false
    private var cursor = PoseHistory.Cursor()
    /// The absolute yaw rate measured at the latest update, degrees per second (NaN when the window was
    /// not yet half filled).
    private(set) var measuredDegreesPerSecond = Double.nan

    enum Transition: Equatable {
        case fired(DetectorReading)
        /// The turning slowed below the threshold after a warning.
        case ended
    }

    init(thresholds: Thresholds.FastRotation) { self.thresholds = thresholds }

    mutating func reset() {
        showing = false
        cursor = PoseHistory.Cursor()
    }

    @inline(__always)
    mutating func update(history: PoseHistory, time: Double) -> Transition? {
        guard let now = history.last,
              let old = history.oldestSample(notBefore: time - thresholds.windowSeconds, cursor: &cursor),
              now.time - old.time >= thresholds.windowSeconds / 2 else {
            measuredDegreesPerSecond = .nan
            return nil
        }
        let rate = Angle.degrees(fromRadians: (now.yaw - old.yaw) / (now.time - old.time))
        measuredDegreesPerSecond = abs(rate)
        let fast = abs(rate) > thresholds.degreesPerSecond
        if showing {
            guard !fast, time - shownSince >= thresholds.minimumDisplaySeconds - Tolerance.seconds else { return nil }
            showing = false
            return .ended
        }
        guard fast else { return nil }
        showing = true
        shownSince = time
        return .fired(DetectorReading(measured: abs(rate), windowStart: old.time, windowSeconds: now.time - old.time))
    }

    /// The trace of a warning, built only when the event is emitted.
    func trace(_ reading: DetectorReading) -> EventTrace {
        EventTrace(quantity: "yaw rate", measured: reading.measured, comparison: ">",
                   threshold: thresholds.degreesPerSecond, unit: "deg/s",
                   windowSeconds: reading.windowSeconds, windowStart: reading.windowStart)
    }
}

extension FastRotationDetector: WarningDetector {
    var slot: FeedbackSlot { .rotation }
    static var readsDepth: Bool { false }

    @inline(__always)
    mutating func measure(_ frame: DetectorFrame, history: PoseHistory, camera: CameraFrame,
                          signals: inout DetectorSignals?) -> Transition? {
        let found = update(history: history, time: frame.time)
        signals?[.yawRate] = measuredDegreesPerSecond
        return found
    }

    func change(for transition: Transition, at t: Double) -> WarningChange {
        switch transition {
        case .fired(let reading): .show(.fastRotation, trace: trace(reading))
        case .ended: .hide(cleared: nil)
        }
    }

    /// Shown at least the minimum display time, then until the turning is slow again.
    func currentTrace(at t: Double, pose: RigidTransform) -> EventTrace? {
        EventTrace.shown("yaw rate", measuredDegreesPerSecond, thresholds.degreesPerSecond, "deg/s", since: shownSince, at: t)
    }
}
