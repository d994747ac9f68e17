import JSONSupport
/// Walking sideways (codes 29 left, 30 right, 27 cleared): horizontal speed at least
/// ``Thresholds/Sideways/minimumSpeedMetersPerSecond`` with at least ``Thresholds/Sideways/lateralFraction``
/// of it along the camera's left/right axis, held for ``Thresholds/Sideways/holdSeconds``. Once shown, the
/// warning stays while the walk goes on at ``Thresholds/Sideways/exitSpeedMetersPerSecond`` or more
/// (hysteresis), and at least ``Thresholds/Sideways/minimumDisplaySeconds`` in any case.
struct SidewaysWalkDetector: Sendable {
    enum Side: Equatable, Sendable { case left, right }

    /// What changed at an update.
    enum Transition: Equatable {
        case started(Side, DetectorReading)
        case stopped
        /// Stopped on one side and started on the other at the same update.
        case switched(Side, DetectorReading)
    }

    var thresholds: Thresholds.Sideways
    var pending: Transition?
    private var pendingSide: Side?
    private var pendingSince = 0.0
    private(set) var showing: Side?
    /// When the showing warning started, seconds.
    private(set) var shownSince = 0.0
    private var cursor = PoseHistory.Cursor()
    /// The horizontal speed measured at the latest update, metres per second (NaN when the window was
    /// not yet half filled).
    private(set) var measuredSpeed = Double.nan
    /// The share of that speed along the camera's left/right axis (NaN when the speed was under the
    /// minimum or the camera's right axis nearly vertical: the detector looks no further).
    private(set) var measuredFraction = Double.nan

    init(thresholds: Thresholds.Sideways) { self.thresholds = thresholds }

    mutating func reset() {
        pendingSide = nil
        showing = nil
        cursor = PoseHistory.Cursor()
    }

    /// Updates with the history (whose newest sample is now) and the current camera right axis.
    ///
    /// `@inline(always)` (SE-0496), not `@inline(__always)`: this function is too large for the latter, which
    /// the optimizer treats as a hint above a size, and called out of line its transition came back through
    /// memory and stalled the caller (see ``CaptureSession/handleFrame(_:at:)``).
    @inline(always)
    mutating func update(history: PoseHistory, cameraRight: SIMD3<Double>, time: Double) -> Transition? {
        let minimumSpeed = showing == nil ? thresholds.minimumSpeedMetersPerSecond : thresholds.exitSpeedMetersPerSecond
        let measured = measure(history: history, cameraRight: cameraRight, time: time, minimumSpeed: minimumSpeed)
        var stopped = false
        if let shown = showing, measured?.side != shown {
            guard time - shownSince >= thresholds.minimumDisplaySeconds - Tolerance.seconds else { return nil }
            showing = nil
            stopped = true
        }
        guard let measured, measured.speed >= thresholds.minimumSpeedMetersPerSecond || showing == measured.side else {
            pendingSide = nil
            return stopped ? .stopped : nil
        }
        if showing == measured.side { return nil }
        if pendingSide != measured.side {
            pendingSide = measured.side
            pendingSince = time
        }
        guard time - pendingSince >= thresholds.holdSeconds - Tolerance.seconds else { return stopped ? .stopped : nil }
        showing = measured.side
        shownSince = time
        pendingSide = nil
        let reading = DetectorReading(measured: measured.speed, windowStart: pendingSince,
                                      windowSeconds: time - pendingSince, fraction: measured.fraction)
        return stopped ? .switched(measured.side, reading) : .started(measured.side, reading)
    }

    /// The trace of a start towards `side`, built only when the event is emitted.
    func trace(_ side: Side, _ reading: DetectorReading) -> EventTrace {
        let percent = (reading.fraction * 100).rounded()
        return EventTrace(
            quantity: "horizontal speed (\(NumberFormatting.compact(percent)) % sideways \(side == .left ? "left" : "right"))",
            measured: reading.measured, comparison: ">=", threshold: thresholds.minimumSpeedMetersPerSecond,
            unit: "m/s", windowSeconds: reading.windowSeconds, windowStart: reading.windowStart)
    }

    /// The side walked towards when the speed is at least `minimumSpeed` and sideways enough.
    @inline(__always)
    private mutating func measure(history: PoseHistory, cameraRight: SIMD3<Double>, time: Double, minimumSpeed: Double)
        -> (side: Side, speed: Double, fraction: Double)? {
        guard let now = history.last,
              let old = history.oldestSample(notBefore: time - thresholds.velocityWindowSeconds, cursor: &cursor),
              now.time - old.time >= thresholds.velocityWindowSeconds / 2 else {
            measuredSpeed = .nan
            measuredFraction = .nan
            return nil
        }
        var v = (now.position - old.position) / (now.time - old.time)
        v.y = 0
        let speed = v.length
        measuredSpeed = speed
        measuredFraction = .nan
        guard speed >= minimumSpeed else { return nil }
        var right = cameraRight
        right.y = 0
        let rightLength = right.length
        guard rightLength > 0.5 else { return nil }
        right /= rightLength
        let lateral = v.dot(right)
        let fraction = abs(lateral) / speed
        measuredFraction = fraction
        guard fraction >= thresholds.lateralFraction else { return nil }
        return (lateral < 0 ? .left : .right, speed, fraction)
    }
}

extension SidewaysWalkDetector: WarningDetector {
    var slot: FeedbackSlot { .sideways }
    static var readsDepth: Bool { false }

    @inline(always)
    mutating func measure(_ frame: DetectorFrame, history: PoseHistory, camera: CameraFrame,
                          signals: inout DetectorSignals?) -> Transition? {
        let found = update(history: history, cameraRight: frame.axes.right, time: frame.time)
        signals?[.horizontalSpeed] = measuredSpeed
        signals?[.lateralFraction] = measuredFraction
        return found
    }

    func change(for transition: Transition, at t: Double) -> WarningChange {
        switch transition {
        case .started(let side, let reading): .show(side.warning, trace: trace(side, reading))
        case .stopped: .hide(cleared: .notWalkingSideways)
        case .switched(let side, let reading): .replace(cleared: .notWalkingSideways, with: side.warning, trace: trace(side, reading))
        }
    }

    /// Shown while the walk goes on at the exit speed or more.
    func currentTrace(at t: Double, pose: RigidTransform) -> EventTrace? {
        EventTrace.shown("horizontal speed", measuredSpeed, thresholds.exitSpeedMetersPerSecond, "m/s", since: shownSince, at: t)
    }
}

extension SidewaysWalkDetector.Side {
    /// The warning of a walk towards this side (29 left, 30 right).
    var warning: EventMeaning { self == .left ? .walkingSidewaysLeft : .walkingSidewaysRight }
}
