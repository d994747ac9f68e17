import JSONSupport
/// The valid range of every numeric threshold and the relations between thresholds, so that a value
/// that would switch a detector off or make it meaningless (a zero window, a negative timeout, a
/// fraction above 1) is refused where it enters: a scene's `thresholds`, `--thresholds FILE`, `--set`.
///
/// The bounds are the physical or logical limits of each quantity (angles within a half turn, fractions
/// within 0...1, windows above zero), with generous upper limits that keep every computation finite;
/// they are not claims about the SDK. docs/engine.md lists them.
public enum ThresholdRanges {
    /// One key's valid values: `lower...upper`, excluding `lower` when `lowerIsExclusive`.
    public struct Range: Sendable, CustomStringConvertible {
        public var lower: Double
        public var upper: Double
        public var lowerIsExclusive: Bool

        public func contains(_ value: Double) -> Bool {
            value.isFinite && (lowerIsExclusive ? value > lower : value >= lower) && value <= upper
        }

        /// "(0, 60]" or "[0, 1]".
        public var description: String {
            "\(lowerIsExclusive ? "(" : "[")\(NumberFormatting.compact(lower)), \(NumberFormatting.compact(upper))]"
        }
    }

    private static func above(_ lower: Double, to upper: Double) -> Range { Range(lower: lower, upper: upper, lowerIsExclusive: true) }
    private static func within(_ lower: Double, _ upper: Double) -> Range { Range(lower: lower, upper: upper, lowerIsExclusive: false) }

    private static let hour = 3600.0
    /// Seconds a hold or pause may last at most: the longest scene (4 h).
    private static let longest = 4 * 3600.0

    /// Every numeric key's range (booleans have none).
    public static let ranges: [String: Range] = [
        "orientation.enterDegrees": above(0, to: 45),
        "orientation.minimumInPlaneFraction": within(0, 1),
        "orientation.wrongOrientationAbortSeconds": within(0, longest),
        "recording.minimumSeconds": within(0, longest),
        "recording.minimumNormalTrackingSeconds": within(0, longest),
        "drift.meters": above(0, to: 1e6),
        "drift.intervalSeconds": above(0, to: hour),
        "drift.degreesPerSecond": above(0, to: 1e6),
        "floor.pitchDegrees": within(-90, 90),
        "floor.holdSeconds": within(0, longest),
        "floor.hysteresisDegrees": within(0, 180),
        "ceiling.pitchDegrees": within(-90, 90),
        "ceiling.holdSeconds": within(0, longest),
        "ceiling.hysteresisDegrees": within(0, 180),
        "horizontal.levelDegrees": within(0, 90),
        "horizontal.holdSeconds": within(0, longest),
        "horizontal.hysteresisDegrees": within(0, 90),
        "sideways.minimumSpeedMetersPerSecond": above(0, to: 100),
        "sideways.lateralFraction": within(0, 1),
        "sideways.holdSeconds": within(0, longest),
        "sideways.velocityWindowSeconds": above(0, to: 60),
        "sideways.exitSpeedMetersPerSecond": within(0, 100),
        "sideways.minimumDisplaySeconds": within(0, longest),
        "fastRotation.degreesPerSecond": above(0, to: 100_000),
        "fastRotation.windowSeconds": above(0, to: 60),
        "fastRotation.minimumDisplaySeconds": within(0, longest),
        "proximity.nearMeters": above(0, to: 100),
        "proximity.nearFraction": within(0, 1),
        "proximity.noReturnFraction": within(0, 1),
        "proximity.holdSeconds": within(0, longest),
        "proximity.clearSeconds": within(0, longest),
        "proximity.featureRangeMeters": above(0, to: 1000),
        "relocation.timeoutSeconds": above(0, to: longest),
        "relocation.keyframeDistanceMeters": above(0, to: 1e6),
        "relocation.keyframeAngleDegrees": above(0, to: 180),
        "relocation.keyframeSpacingMeters": within(0, 1e6),
        "relocation.keyframeSpacingDegrees": within(0, 180),
        "relocation.firstKeyframeAfterSeconds": within(0, longest),
        "relocation.maximumKeyframes": within(1, 1_000_000),
        "poseValidity.frozenSeconds": above(0, to: hour),
        "storage.warningMinutes": within(0, 1e6),
        "storage.minimumRateWindowSeconds": above(0, to: hour),
        "storage.outOfSpaceBytes": within(0, 1e15),
        "storage.estimateBytesPerSecond": above(0, to: 1e12),
        "storage.reportIntervalSeconds": above(0, to: longest),
        "storage.zipBytesPerSecond": above(0, to: 1e12),
        "speech.maximumLabelLength": within(1, 10_000),
        "battery.lowPercent": within(0, 100),
        "frames.notReceivingSeconds": above(0, to: hour),
        "frames.expectedRateHz": above(0, to: 1000),
        "frames.skippedFraction": above(0, to: 1),
        "frames.skippedWindowSeconds": above(0, to: 60),
    ]

    /// Why `thresholds` are not valid (each naming the key, its value and its range or the relation it
    /// breaks), empty when they are.
    public static func problems(_ thresholds: Thresholds) -> [String] {
        var problems: [String] = []
        let values = thresholds.valuesByKeyPath()
        for key in values.keys.sorted() {
            guard let range = ranges[key], let value = values[key] else { continue }
            if !range.contains(value) {
                problems.append("\(key) must be in \(range), found \(NumberFormatting.compact(value))")
            }
        }
        let s = thresholds.sideways
        if s.exitSpeedMetersPerSecond > s.minimumSpeedMetersPerSecond {
            problems.append("sideways.exitSpeedMetersPerSecond (\(NumberFormatting.compact(s.exitSpeedMetersPerSecond))) must not be above sideways.minimumSpeedMetersPerSecond (\(NumberFormatting.compact(s.minimumSpeedMetersPerSecond))): the warning that started at a speed must not end at it")
        }
        return problems
    }
}

extension Thresholds {
    /// Self when every value is in its range (``ThresholdRanges``); otherwise an error naming the first
    /// problem, prefixed by `source`.
    public func validated(source: String) throws(ThresholdOverrideError) -> Thresholds {
        if let first = ThresholdRanges.problems(self).first { throw ThresholdOverrideError("\(source): \(first)") }
        return self
    }
}
