import JSONSupport

/// A quantity the session's detectors measure and compare with a threshold: one value of
/// ``DetectorSignals``, one lane of a report's timeline, the measure `check` explains a warning that
/// never fired with.
///
/// One table: ``row`` is an exhaustive `switch` giving each signal's title, unit and the comparisons its
/// detector makes (threshold, the warnings a crossing gives, window and hold time). Reports and `check`
/// read the rows; the SDK profile gives each warning its code, so a lane is labelled with the codes of
/// the profile it is drawn for.
public enum DetectorSignal: Int, CaseIterable, Sendable {
    /// Yaw rate about world up over ``Thresholds/FastRotation/windowSeconds``, degrees per second,
    /// absolute (fast rotation).
    case yawRate
    /// Horizontal speed over ``Thresholds/Sideways/velocityWindowSeconds``, metres per second (sideways
    /// walking).
    case horizontalSpeed
    /// Share of that speed along the camera's left/right axis, 0...1 (sideways walking); measured only
    /// when the speed reaches the minimum in force (the exit speed while the warning shows), as the
    /// detector looks no further below it.
    case lateralFraction
    /// Pitch of the viewing direction above the horizon, degrees (floor, ceiling, horizontal scanning).
    case pitch
    /// Share of valid depth pixels nearer than ``Thresholds/Proximity/nearMeters``, 0...1 (too close).
    case nearFraction
    /// Share of depth pixels without a return, 0...1 (too far).
    case noReturnFraction
    /// Displacement from the oldest position within ``Thresholds/Drift/intervalSeconds``, metres (drift).
    case drift
    /// Time spent relocating so far, seconds (relocation timed out).
    case relocation
    /// Minutes of storage left at this scan's write rate (storage), from the latest system sample that
    /// reported free storage (NaN when that sample came while not recording or before the rate could be
    /// measured); frames keep it.
    case storage

    /// The signal's row: what it is called, how it is drawn and what its detector compares it with.
    public var row: SignalRow {
        switch self {
        case .yawRate:
            SignalRow(title: "yaw rate", unit: "deg/s") { t in
                [SignalComparison([.fastRotation], .above, t.fastRotation.degreesPerSecond, quantity: "yaw rate",
                                  windowSeconds: t.fastRotation.windowSeconds)]
            }
        case .horizontalSpeed:
            SignalRow(title: "horizontal speed", unit: "m/s") { t in
                [SignalComparison([.walkingSidewaysLeft, .walkingSidewaysRight], .atOrAbove, t.sideways.minimumSpeedMetersPerSecond,
                                  quantity: "horizontal speed", windowSeconds: t.sideways.velocityWindowSeconds,
                                  holdSeconds: t.sideways.holdSeconds)]
            }
        case .lateralFraction:
            SignalRow(title: "sideways share", unit: "%", drawingScale: 100, fixedRange: (0, 100)) { t in
                [SignalComparison([.walkingSidewaysLeft, .walkingSidewaysRight], .atOrAbove, t.sideways.lateralFraction * 100,
                                  quantity: "sideways share", explainsMissing: false)]
            }
        case .pitch:
            SignalRow(title: "pitch", unit: "deg", fixedRange: (-90, 90)) { t in
                [SignalComparison([.scanningCeiling], .above, t.ceiling.pitchDegrees, quantity: "pitch",
                                  holdSeconds: t.ceiling.holdSeconds),
                 SignalComparison([.horizontalScanning], .within, t.horizontal.levelDegrees, quantity: "|pitch|",
                                  holdSeconds: t.horizontal.holdSeconds),
                 SignalComparison([.scanningFloor], .below, t.floor.pitchDegrees, quantity: "pitch",
                                  holdSeconds: t.floor.holdSeconds)]
            }
        case .nearFraction:
            SignalRow(title: "near pixels", unit: "%", drawingScale: 100, fixedRange: (0, 100)) { t in
                [SignalComparison([.tooClose], .atOrAbove, t.proximity.nearFraction * 100,
                                  quantity: "share of valid pixels nearer than \(NumberFormatting.compact(t.proximity.nearMeters)) m",
                                  holdSeconds: t.proximity.holdSeconds)]
            }
        case .noReturnFraction:
            SignalRow(title: "no-return pixels", unit: "%", drawingScale: 100, fixedRange: (0, 100)) { t in
                [SignalComparison([.tooFar], .atOrAbove, t.proximity.noReturnFraction * 100, quantity: "share of pixels without return",
                                  holdSeconds: t.proximity.holdSeconds)]
            }
        case .drift:
            SignalRow(title: "drift", unit: "m") { t in
                [SignalComparison([.drifted, .positionDrift], .above, t.drift.meters, quantity: "displacement",
                                  windowSeconds: t.drift.intervalSeconds)]
            }
        case .relocation:
            SignalRow(title: "relocating", unit: "s") { t in
                [SignalComparison([.relocationTimedOut], .reaching, t.relocation.timeoutSeconds, quantity: "time relocating")]
            }
        case .storage:
            SignalRow(title: "storage left", unit: "min") { t in
                [SignalComparison([.storageLow], .below, t.storage.warningMinutes, quantity: "minutes of storage left",
                                  explainsMissing: false)]
            }
        }
    }
}

/// How a ``DetectorSignal`` is drawn and compared (``DetectorSignal/row``).
public struct SignalRow: Sendable {
    /// The signal's name, e.g. "yaw rate".
    public let title: String
    /// The unit of the drawn values and of the comparisons' thresholds, e.g. "deg/s", "%".
    public let unit: String
    /// Drawn value = measured value times this (100 for a share measured in 0...1 and drawn in %).
    public let drawingScale: Double
    /// The drawn axis when it is fixed (shares 0...100 %, pitch -90...90 deg); nil when it is fitted to
    /// the values and thresholds.
    public let fixedRange: (lower: Double, upper: Double)?
    /// The comparisons the detector makes with thresholds `t`, in the drawn unit: each threshold, the
    /// warnings crossing it gives, the window and hold time.
    public let comparisons: @Sendable (_ t: Thresholds) -> [SignalComparison]

    init(title: String, unit: String, drawingScale: Double = 1, fixedRange: (lower: Double, upper: Double)? = nil,
         comparisons: @escaping @Sendable (Thresholds) -> [SignalComparison]) {
        self.title = title
        self.unit = unit
        self.drawingScale = drawingScale
        self.fixedRange = fixedRange
        self.comparisons = comparisons
    }

    /// A measured value in the drawn unit (NaN stays NaN).
    public func drawn(_ measured: Double) -> Double { measured * drawingScale }
}

/// One threshold a detector compares its signal with, and the warnings crossing it gives.
public struct SignalComparison: Sendable {
    /// How the drawn value must stand to the threshold for the warning.
    public enum Relation: Sendable {
        /// Strictly above (">").
        case above
        /// At or above (">=").
        case atOrAbove
        /// At or above, a time that runs out (">=", "at").
        case reaching
        /// Strictly below ("<").
        case below
        /// The absolute value strictly below ("|x| <"): drawn at plus and minus the threshold.
        case within

        /// The words a lane's threshold line is labelled with, e.g. "at or above".
        public var label: String {
            switch self {
            case .above: "above"
            case .atOrAbove: "at or above"
            case .reaching: "at"
            case .below: "below"
            case .within: "within"
            }
        }

        /// Whether the warning needs the value above the threshold (else below it).
        public var isAbove: Bool {
            switch self {
            case .above, .atOrAbove, .reaching: true
            case .below, .within: false
            }
        }

        /// Whether the threshold itself counts.
        public var isInclusive: Bool {
            switch self {
            case .atOrAbove, .reaching: true
            case .above, .below, .within: false
            }
        }
    }

    /// The warnings a crossing gives (each profile has a code for some of them).
    public let meanings: [EventMeaning]
    public let relation: Relation
    /// The threshold, in the signal's drawn unit.
    public let threshold: Double
    /// What is compared, as `check` names it, e.g. "yaw rate", "|pitch|".
    public let quantity: String
    /// The window the value is measured over, seconds (nil for an instant reading).
    public let windowSeconds: Double?
    /// How long the value must stay beyond the threshold before the warning, seconds (nil: at once).
    public let holdSeconds: Double?
    /// Whether `check` explains a missing warning with this comparison (the sideways share and the
    /// storage minutes are not: the speed and the storage report speak for them).
    public let explainsMissing: Bool

    init(_ meanings: [EventMeaning], _ relation: Relation, _ threshold: Double, quantity: String,
         windowSeconds: Double? = nil, holdSeconds: Double? = nil, explainsMissing: Bool = true) {
        self.meanings = meanings
        self.relation = relation
        self.threshold = threshold
        self.quantity = quantity
        self.windowSeconds = windowSeconds
        self.holdSeconds = holdSeconds
        self.explainsMissing = explainsMissing
    }

    /// The value compared for a drawn value (its absolute value for ``Relation/within``).
    public func compared(_ drawn: Double) -> Double { relation == .within ? abs(drawn) : drawn }

    /// The codes of ``meanings`` under `sdk`, ascending, each once (empty when it has none).
    public func codes(under sdk: SDKProfile) -> [Int] {
        Array(Set(meanings.compactMap { sdk.code(for: $0) })).sorted()
    }
}

extension DetectorSignal {
    /// The comparison of the warning `meaning` that explains it when it never fired, with its signal.
    public static func explaining(_ meaning: EventMeaning, thresholds: Thresholds) -> (DetectorSignal, SignalComparison)? {
        for signal in allCases {
            if let c = signal.row.comparisons(thresholds).first(where: { $0.explainsMissing && $0.meanings.contains(meaning) }) {
                return (signal, c)
            }
        }
        return nil
    }
}
