import CaptureEngine

/// One lane of the report's timeline: a detector's measured quantity and the thresholds it is compared
/// with, in the unit drawn.
public enum SignalLane: Int, CaseIterable, Sendable {
    case yawRate, horizontalSpeed, lateralFraction, pitch, nearFraction, noReturnFraction, drift, relocation, storage

    /// The lane's title.
    public var title: String {
        switch self {
        case .yawRate: "yaw rate"
        case .horizontalSpeed: "horizontal speed"
        case .lateralFraction: "sideways share"
        case .pitch: "pitch"
        case .nearFraction: "near pixels"
        case .noReturnFraction: "no-return pixels"
        case .drift: "drift"
        case .relocation: "relocating"
        case .storage: "storage left"
        }
    }

    /// The unit of the drawn values.
    public var unit: String {
        switch self {
        case .yawRate: "deg/s"
        case .horizontalSpeed: "m/s"
        case .lateralFraction, .nearFraction, .noReturnFraction: "%"
        case .pitch: "deg"
        case .drift: "m"
        case .relocation: "s"
        case .storage: "min"
        }
    }

    /// The codes the lane's detector emits.
    public var codes: String {
        switch self {
        case .yawRate: "87"
        case .horizontalSpeed, .lateralFraction: "29/30"
        case .pitch: "21/22/31"
        case .nearFraction: "85"
        case .noReturnFraction: "86"
        case .drift: "13"
        case .relocation: "80"
        case .storage: "78"
        }
    }

    /// The value drawn for a signal sample (fractions as percentages), NaN when unmeasured.
    public func value(_ s: DetectorSignals) -> Double {
        switch self {
        case .yawRate: s.yawRateDegreesPerSecond
        case .horizontalSpeed: s.horizontalSpeedMetersPerSecond
        case .lateralFraction: s.lateralFraction * 100
        case .pitch: s.pitchDegrees
        case .nearFraction: s.nearFraction * 100
        case .noReturnFraction: s.noReturnFraction * 100
        case .drift: s.driftMeters
        case .relocation: s.relocationSeconds
        case .storage: s.storageMinutesLeft
        }
    }

    /// A threshold line: its value in the lane's unit and what crossing it means.
    public struct Threshold: Sendable {
        public var value: Double
        public var label: String
    }

    /// The thresholds drawn on the lane.
    public func thresholds(_ t: Thresholds) -> [Threshold] {
        switch self {
        case .yawRate: [Threshold(value: t.fastRotation.degreesPerSecond, label: "87 above")]
        case .horizontalSpeed: [Threshold(value: t.sideways.minimumSpeedMetersPerSecond, label: "29/30 at or above")]
        case .lateralFraction: [Threshold(value: t.sideways.lateralFraction * 100, label: "29/30 at or above")]
        case .pitch:
            [Threshold(value: t.ceiling.pitchDegrees, label: "22 above"),
             Threshold(value: t.horizontal.levelDegrees, label: "31 within"),
             Threshold(value: -t.horizontal.levelDegrees, label: "31 within"),
             Threshold(value: t.floor.pitchDegrees, label: "21 below")]
        case .nearFraction: [Threshold(value: t.proximity.nearFraction * 100, label: "85 at or above")]
        case .noReturnFraction: [Threshold(value: t.proximity.noReturnFraction * 100, label: "86 at or above")]
        case .drift: [Threshold(value: t.drift.meters, label: "13 above")]
        case .relocation: [Threshold(value: t.relocation.timeoutSeconds, label: "80 at")]
        case .storage: [Threshold(value: t.storage.warningMinutes, label: "78 below")]
        }
    }

    /// Whether the lane's axis is fixed (percentages 0...100, pitch -90...90) rather than fitted to
    /// the values and thresholds.
    var fixedRange: (Double, Double)? {
        switch self {
        case .lateralFraction, .nearFraction, .noReturnFraction: (0, 100)
        case .pitch: (-90, 90)
        default: nil
        }
    }
}
