/// What the detectors measured at the latest input: the quantity each compares with its threshold.
///
/// The session fills it only when ``CaptureSession/tapsSignals`` is on (off by default, so the step
/// function does no extra work); a report reads it after each step to draw each detector's quantity
/// against its threshold. A value is NaN when its detector measured nothing at that input (not
/// recording, a window not yet filled, a frame without depth, ...). The values are the detectors' own,
/// not recomputed: the yaw rate is the one fast rotation compared, the speed the one the sideways
/// detector compared, and so on.
public struct DetectorSignals: Equatable, Sendable {
    /// Yaw rate about world up over ``Thresholds/FastRotation/windowSeconds``, degrees per second,
    /// absolute (code 87).
    public var yawRateDegreesPerSecond: Double
    /// Horizontal speed over ``Thresholds/Sideways/velocityWindowSeconds``, metres per second (codes 29/30).
    public var horizontalSpeedMetersPerSecond: Double
    /// Share of that speed along the camera's left/right axis, 0...1 (codes 29/30); measured only when
    /// the speed reaches the minimum in force (the exit speed while the warning shows), as the detector
    /// looks no further below it.
    public var lateralFraction: Double
    /// Pitch of the viewing direction above the horizon, degrees (codes 21, 22, 31).
    public var pitchDegrees: Double
    /// Share of valid depth pixels nearer than ``Thresholds/Proximity/nearMeters``, 0...1 (code 85).
    public var nearFraction: Double
    /// Share of depth pixels without a return, 0...1 (code 86).
    public var noReturnFraction: Double
    /// Displacement from the oldest position within ``Thresholds/Drift/intervalSeconds``, metres (code 13).
    public var driftMeters: Double
    /// Time spent relocating so far, seconds (code 80).
    public var relocationSeconds: Double
    /// Minutes of storage left at this scan's write rate (code 78), from the latest system sample that
    /// reported free storage (NaN when that sample came while not recording or before the rate could be
    /// measured); frames keep it.
    public var storageMinutesLeft: Double

    /// Every value unmeasured (NaN).
    public init() {
        yawRateDegreesPerSecond = .nan
        horizontalSpeedMetersPerSecond = .nan
        lateralFraction = .nan
        pitchDegrees = .nan
        nearFraction = .nan
        noReturnFraction = .nan
        driftMeters = .nan
        relocationSeconds = .nan
        storageMinutesLeft = .nan
    }

    /// Equal when every value is equal or both are unmeasured.
    public static func == (a: DetectorSignals, b: DetectorSignals) -> Bool {
        func same(_ x: Double, _ y: Double) -> Bool { x == y || (x.isNaN && y.isNaN) }
        return same(a.yawRateDegreesPerSecond, b.yawRateDegreesPerSecond)
            && same(a.horizontalSpeedMetersPerSecond, b.horizontalSpeedMetersPerSecond)
            && same(a.lateralFraction, b.lateralFraction) && same(a.pitchDegrees, b.pitchDegrees)
            && same(a.nearFraction, b.nearFraction) && same(a.noReturnFraction, b.noReturnFraction)
            && same(a.driftMeters, b.driftMeters) && same(a.relocationSeconds, b.relocationSeconds)
            && same(a.storageMinutesLeft, b.storageMinutesLeft)
    }
}
