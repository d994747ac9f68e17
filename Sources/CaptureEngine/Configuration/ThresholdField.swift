/// One settable threshold: its key (`group.field`, as `capture-sim thresholds`, `--set` and threshold files
/// name it), where it lives in ``Thresholds`` and its valid values. ``Thresholds/fields`` lists every one;
/// overrides, `--set`, validation and reports go through that table, so setting a value needs no
/// encoding round trip.
///
/// The ranges are the physical or logical limits of each quantity (angles within a half turn, fractions
/// within 0...1, windows above zero), with generous upper limits that keep every computation finite, so
/// that a value that would switch a detector off or make it meaningless is refused where it enters (a
/// scene's `thresholds`, `--thresholds FILE`, `--set`); they are not claims about the SDK.
/// docs/engine.md lists them.
public struct ThresholdField: @unchecked Sendable {  // key paths to stored properties: immutable values
    /// The value's type and place.
    public enum Place {
        /// A number (JSON number).
        case number(WritableKeyPath<Thresholds, Double>)
        /// A whole number (JSON number without a fraction).
        case wholeNumber(WritableKeyPath<Thresholds, Int>)
        /// A switch (JSON `true` / `false`).
        case flag(WritableKeyPath<Thresholds, Bool>)
        /// One of a few names (JSON string): what drift does.
        case driftAction(WritableKeyPath<Thresholds, Thresholds.DriftAction>)
    }

    /// `group.field`, e.g. `fastRotation.degreesPerSecond`.
    public let key: String
    /// Where the value lives.
    public let place: Place
    /// The valid values of a number (nil for a switch).
    public let range: ThresholdRange?

    init(_ key: String, _ path: WritableKeyPath<Thresholds, Double>, _ range: ThresholdRange) {
        self.key = key
        place = .number(path)
        self.range = range
    }

    init(_ key: String, _ path: WritableKeyPath<Thresholds, Int>, _ range: ThresholdRange) {
        self.key = key
        place = .wholeNumber(path)
        self.range = range
    }

    init(_ key: String, _ path: WritableKeyPath<Thresholds, Bool>) {
        self.key = key
        place = .flag(path)
        range = nil
    }

    init(_ key: String, _ path: WritableKeyPath<Thresholds, Thresholds.DriftAction>) {
        self.key = key
        place = .driftAction(path)
        range = nil
    }

    /// The names a choice takes (nil for a number or a switch).
    public var choices: [String]? {
        switch place {
        case .driftAction: Thresholds.DriftAction.allCases.map(\.rawValue)
        case .number, .wholeNumber, .flag: nil
        }
    }

    /// The value in `thresholds` as a number (a switch as 0 or 1, a choice as its index among
    /// ``choices``).
    public func value(in thresholds: Thresholds) -> Double {
        switch place {
        case .number(let path): thresholds[keyPath: path]
        case .wholeNumber(let path): Double(thresholds[keyPath: path])
        case .flag(let path): thresholds[keyPath: path] ? 1 : 0
        case .driftAction(let path): Double(Thresholds.DriftAction.allCases.firstIndex(of: thresholds[keyPath: path]) ?? 0)
        }
    }
}

extension Thresholds {
    /// Every settable threshold with its range, group by group in declaration order. A test holds this
    /// table against the keys `Thresholds` encodes, so a new field cannot be left out.
    public static let fields: [ThresholdField] = {
        let hour = 3600.0
        let longest = 4 * hour  // seconds a hold or pause may last at most: the longest scene
        func above(_ lower: Double, to upper: Double) -> ThresholdRange { ThresholdRange(lower: lower, upper: upper, lowerIsExclusive: true) }
        func within(_ lower: Double, _ upper: Double) -> ThresholdRange { ThresholdRange(lower: lower, upper: upper, lowerIsExclusive: false) }
        return [
            ThresholdField("orientation.enterDegrees", \.orientation.enterDegrees, above(0, to: 45)),
            ThresholdField("orientation.minimumInPlaneFraction", \.orientation.minimumInPlaneFraction, within(0, 1)),
            ThresholdField("orientation.wrongOrientationAbortSeconds", \.orientation.wrongOrientationAbortSeconds, within(0, longest)),
            ThresholdField("recording.minimumSeconds", \.recording.minimumSeconds, within(0, longest)),
            ThresholdField("recording.minimumNormalTrackingSeconds", \.recording.minimumNormalTrackingSeconds, within(0, longest)),
            ThresholdField("drift.meters", \.drift.meters, above(0, to: 1e6)),
            ThresholdField("drift.intervalSeconds", \.drift.intervalSeconds, above(0, to: hour)),
            ThresholdField("drift.degreesPerSecond", \.drift.degreesPerSecond, above(0, to: 1e6)),
            ThresholdField("drift.action", \.drift.action),
            ThresholdField("floor.pitchDegrees", \.floor.pitchDegrees, within(-90, 90)),
            ThresholdField("floor.holdSeconds", \.floor.holdSeconds, within(0, longest)),
            ThresholdField("floor.hysteresisDegrees", \.floor.hysteresisDegrees, within(0, 180)),
            ThresholdField("ceiling.pitchDegrees", \.ceiling.pitchDegrees, within(-90, 90)),
            ThresholdField("ceiling.holdSeconds", \.ceiling.holdSeconds, within(0, longest)),
            ThresholdField("ceiling.hysteresisDegrees", \.ceiling.hysteresisDegrees, within(0, 180)),
            ThresholdField("ceiling.enabledOnLiDAR", \.ceiling.enabledOnLiDAR),
            ThresholdField("horizontal.levelDegrees", \.horizontal.levelDegrees, within(0, 90)),
            ThresholdField("horizontal.holdSeconds", \.horizontal.holdSeconds, within(0, longest)),
            ThresholdField("horizontal.hysteresisDegrees", \.horizontal.hysteresisDegrees, within(0, 90)),
            ThresholdField("sideways.minimumSpeedMetersPerSecond", \.sideways.minimumSpeedMetersPerSecond, above(0, to: 100)),
            ThresholdField("sideways.lateralFraction", \.sideways.lateralFraction, within(0, 1)),
            ThresholdField("sideways.holdSeconds", \.sideways.holdSeconds, within(0, longest)),
            ThresholdField("sideways.velocityWindowSeconds", \.sideways.velocityWindowSeconds, above(0, to: 60)),
            ThresholdField("sideways.exitSpeedMetersPerSecond", \.sideways.exitSpeedMetersPerSecond, within(0, 100)),
            ThresholdField("sideways.minimumDisplaySeconds", \.sideways.minimumDisplaySeconds, within(0, longest)),
            ThresholdField("fastRotation.degreesPerSecond", \.fastRotation.degreesPerSecond, above(0, to: 100_000)),
            ThresholdField("fastRotation.windowSeconds", \.fastRotation.windowSeconds, above(0, to: 60)),
            ThresholdField("fastRotation.minimumDisplaySeconds", \.fastRotation.minimumDisplaySeconds, within(0, longest)),
            ThresholdField("proximity.nearMeters", \.proximity.nearMeters, above(0, to: 100)),
            ThresholdField("proximity.nearFraction", \.proximity.nearFraction, within(0, 1)),
            ThresholdField("proximity.noReturnFraction", \.proximity.noReturnFraction, within(0, 1)),
            ThresholdField("proximity.holdSeconds", \.proximity.holdSeconds, within(0, longest)),
            ThresholdField("proximity.clearSeconds", \.proximity.clearSeconds, within(0, longest)),
            ThresholdField("proximity.featureRangeMeters", \.proximity.featureRangeMeters, above(0, to: 1000)),
            ThresholdField("relocation.timeoutSeconds", \.relocation.timeoutSeconds, above(0, to: longest)),
            ThresholdField("relocation.keyframeDistanceMeters", \.relocation.keyframeDistanceMeters, above(0, to: 1e6)),
            ThresholdField("relocation.keyframeAngleDegrees", \.relocation.keyframeAngleDegrees, above(0, to: 180)),
            ThresholdField("relocation.keyframeSpacingMeters", \.relocation.keyframeSpacingMeters, within(0, 1e6)),
            ThresholdField("relocation.keyframeSpacingDegrees", \.relocation.keyframeSpacingDegrees, within(0, 180)),
            ThresholdField("relocation.firstKeyframeAfterSeconds", \.relocation.firstKeyframeAfterSeconds, within(0, longest)),
            ThresholdField("relocation.maximumKeyframes", \.relocation.maximumKeyframes, within(1, 1_000_000)),
            ThresholdField("poseValidity.frozenSeconds", \.poseValidity.frozenSeconds, above(0, to: hour)),
            ThresholdField("storage.warningMinutes", \.storage.warningMinutes, within(0, 1e6)),
            ThresholdField("storage.minimumRateWindowSeconds", \.storage.minimumRateWindowSeconds, above(0, to: hour)),
            ThresholdField("storage.estimateBytesPerSecond", \.storage.estimateBytesPerSecond, above(0, to: 1e12)),
            ThresholdField("storage.reportIntervalSeconds", \.storage.reportIntervalSeconds, above(0, to: longest)),
            ThresholdField("storage.zipBytesPerSecond", \.storage.zipBytesPerSecond, above(0, to: 1e12)),
            ThresholdField("storage.outOfSpaceBytes", \.storage.outOfSpaceBytes, within(0, 1e15)),
            ThresholdField("speech.maximumLabelLength", \.speech.maximumLabelLength, within(1, 10_000)),
            ThresholdField("battery.lowPercent", \.battery.lowPercent, within(0, 100)),
            ThresholdField("frames.notReceivingSeconds", \.frames.notReceivingSeconds, above(0, to: hour)),
            ThresholdField("frames.expectedRateHz", \.frames.expectedRateHz, above(0, to: 1000)),
            ThresholdField("frames.skippedFraction", \.frames.skippedFraction, above(0, to: 1)),
            ThresholdField("frames.skippedWindowSeconds", \.frames.skippedWindowSeconds, above(0, to: 60)),
        ]
    }()

    /// The valid ranges as the Markdown table docs/engine.md carries ("Valid ranges"; a test holds the
    /// two equal): one row per numeric key, sorted, as `thresholds --ranges` prints them.
    public static var rangesMarkdownTable: String {
        (["| key | range |", "|---|---|"] + keyPaths.compactMap { key in
            fieldsByKey[key]?.range.map { "| `\(key)` | \($0) |" }
        }).joined(separator: "\n")
    }

    /// The fields by key.
    public static let fieldsByKey: [String: ThresholdField] = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })
}
