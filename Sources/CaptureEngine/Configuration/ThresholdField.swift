/// One settable threshold: its key (`group.field`, as `capture-sim thresholds`, `--set` and threshold files
/// name it) and where it lives in ``Thresholds``. ``Thresholds/fields`` lists every one; overrides, `--set`,
/// ranges and reports go through that table, so setting a value needs no encoding round trip.
public struct ThresholdField {
    /// The value's type and place.
    public enum Place {
        /// A number (JSON number).
        case number(WritableKeyPath<Thresholds, Double>)
        /// A whole number (JSON number without a fraction).
        case wholeNumber(WritableKeyPath<Thresholds, Int>)
        /// A switch (JSON `true` / `false`).
        case flag(WritableKeyPath<Thresholds, Bool>)
    }

    /// `group.field`, e.g. `fastRotation.degreesPerSecond`.
    public let key: String
    /// Where the value lives.
    public let place: Place

    init(_ key: String, _ path: WritableKeyPath<Thresholds, Double>) { self.key = key; place = .number(path) }
    init(_ key: String, _ path: WritableKeyPath<Thresholds, Int>) { self.key = key; place = .wholeNumber(path) }
    init(_ key: String, _ path: WritableKeyPath<Thresholds, Bool>) { self.key = key; place = .flag(path) }

    /// The value in `thresholds` as a number (a switch as 0 or 1).
    public func value(in thresholds: Thresholds) -> Double {
        switch place {
        case .number(let path): thresholds[keyPath: path]
        case .wholeNumber(let path): Double(thresholds[keyPath: path])
        case .flag(let path): thresholds[keyPath: path] ? 1 : 0
        }
    }
}

extension Thresholds {
    /// Every settable threshold, group by group in declaration order. A test holds this table against the
    /// keys `Thresholds` encodes, so a new field cannot be left out.
    public static var fields: [ThresholdField] {
        [
            ThresholdField("orientation.enterDegrees", \.orientation.enterDegrees),
            ThresholdField("orientation.minimumInPlaneFraction", \.orientation.minimumInPlaneFraction),
            ThresholdField("orientation.wrongOrientationAbortSeconds", \.orientation.wrongOrientationAbortSeconds),
            ThresholdField("recording.minimumSeconds", \.recording.minimumSeconds),
            ThresholdField("recording.minimumNormalTrackingSeconds", \.recording.minimumNormalTrackingSeconds),
            ThresholdField("drift.meters", \.drift.meters),
            ThresholdField("drift.intervalSeconds", \.drift.intervalSeconds),
            ThresholdField("drift.degreesPerSecond", \.drift.degreesPerSecond),
            ThresholdField("floor.pitchDegrees", \.floor.pitchDegrees),
            ThresholdField("floor.holdSeconds", \.floor.holdSeconds),
            ThresholdField("floor.hysteresisDegrees", \.floor.hysteresisDegrees),
            ThresholdField("ceiling.pitchDegrees", \.ceiling.pitchDegrees),
            ThresholdField("ceiling.holdSeconds", \.ceiling.holdSeconds),
            ThresholdField("ceiling.hysteresisDegrees", \.ceiling.hysteresisDegrees),
            ThresholdField("ceiling.enabledOnLiDAR", \.ceiling.enabledOnLiDAR),
            ThresholdField("horizontal.levelDegrees", \.horizontal.levelDegrees),
            ThresholdField("horizontal.holdSeconds", \.horizontal.holdSeconds),
            ThresholdField("horizontal.hysteresisDegrees", \.horizontal.hysteresisDegrees),
            ThresholdField("sideways.minimumSpeedMetersPerSecond", \.sideways.minimumSpeedMetersPerSecond),
            ThresholdField("sideways.lateralFraction", \.sideways.lateralFraction),
            ThresholdField("sideways.holdSeconds", \.sideways.holdSeconds),
            ThresholdField("sideways.velocityWindowSeconds", \.sideways.velocityWindowSeconds),
            ThresholdField("sideways.exitSpeedMetersPerSecond", \.sideways.exitSpeedMetersPerSecond),
            ThresholdField("sideways.minimumDisplaySeconds", \.sideways.minimumDisplaySeconds),
            ThresholdField("fastRotation.degreesPerSecond", \.fastRotation.degreesPerSecond),
            ThresholdField("fastRotation.windowSeconds", \.fastRotation.windowSeconds),
            ThresholdField("fastRotation.minimumDisplaySeconds", \.fastRotation.minimumDisplaySeconds),
            ThresholdField("proximity.nearMeters", \.proximity.nearMeters),
            ThresholdField("proximity.nearFraction", \.proximity.nearFraction),
            ThresholdField("proximity.noReturnFraction", \.proximity.noReturnFraction),
            ThresholdField("proximity.holdSeconds", \.proximity.holdSeconds),
            ThresholdField("proximity.clearSeconds", \.proximity.clearSeconds),
            ThresholdField("proximity.featureRangeMeters", \.proximity.featureRangeMeters),
            ThresholdField("relocation.timeoutSeconds", \.relocation.timeoutSeconds),
            ThresholdField("relocation.keyframeDistanceMeters", \.relocation.keyframeDistanceMeters),
            ThresholdField("relocation.keyframeAngleDegrees", \.relocation.keyframeAngleDegrees),
            ThresholdField("relocation.keyframeSpacingMeters", \.relocation.keyframeSpacingMeters),
            ThresholdField("relocation.keyframeSpacingDegrees", \.relocation.keyframeSpacingDegrees),
            ThresholdField("relocation.firstKeyframeAfterSeconds", \.relocation.firstKeyframeAfterSeconds),
            ThresholdField("relocation.maximumKeyframes", \.relocation.maximumKeyframes),
            ThresholdField("poseValidity.frozenSeconds", \.poseValidity.frozenSeconds),
            ThresholdField("storage.warningMinutes", \.storage.warningMinutes),
            ThresholdField("storage.minimumRateWindowSeconds", \.storage.minimumRateWindowSeconds),
            ThresholdField("storage.estimateBytesPerSecond", \.storage.estimateBytesPerSecond),
            ThresholdField("storage.reportIntervalSeconds", \.storage.reportIntervalSeconds),
            ThresholdField("storage.zipBytesPerSecond", \.storage.zipBytesPerSecond),
            ThresholdField("storage.outOfSpaceBytes", \.storage.outOfSpaceBytes),
            ThresholdField("speech.maximumLabelLength", \.speech.maximumLabelLength),
            ThresholdField("battery.lowPercent", \.battery.lowPercent),
            ThresholdField("frames.notReceivingSeconds", \.frames.notReceivingSeconds),
            ThresholdField("frames.expectedRateHz", \.frames.expectedRateHz),
            ThresholdField("frames.skippedFraction", \.frames.skippedFraction),
            ThresholdField("frames.skippedWindowSeconds", \.frames.skippedWindowSeconds),
        ]
    }
}
