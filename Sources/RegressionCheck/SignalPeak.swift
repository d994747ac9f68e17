import CaptureEngine
import JSONSupport

/// Why an expected warning never fired: the detector's own measured quantity (``DetectorSignals``) at its
/// extreme over the run against the threshold it must cross, and for warnings that must hold a while,
/// the longest time it stayed beyond. `check` appends it to "never occurred", e.g. "peak yaw rate 92.4
/// deg/s over 0.5 s <= 99 deg/s at 22.983 s".
public struct SignalPeak: Sendable {
    /// What a code's detector compares.
    struct Measure: Sendable {
        /// The quantity's name, e.g. "yaw rate".
        var quantity: String
        /// The measured value at one input, NaN when the detector measured nothing.
        var value: @Sendable (DetectorSignals) -> Double
        /// Whether the warning needs the value above (else below) the threshold.
        var above: Bool
        /// Whether the threshold itself counts (>= or <=) or must be passed strictly.
        var inclusive: Bool
        var threshold: Double
        var unit: String
        /// The window the value is measured over, seconds (nil for an instant reading).
        var windowSeconds: Double?
        /// How long the value must stay beyond the threshold, seconds (nil: fires at once).
        var holdSeconds: Double?
    }

    let measure: Measure
    private var peak = Double.nan
    private var peakTime = 0.0
    private var beyondSince: Double?
    private var longestBeyond = 0.0
    private var longestStart = 0.0

    /// The measure of the warning `meaning`, or nil when no detector signal stands for it.
    public init?(meaning: EventMeaning, thresholds t: Thresholds) {
        let measure: Measure
        switch meaning {
        case .fastRotation:
            measure = Measure(quantity: "yaw rate", value: { $0.yawRateDegreesPerSecond }, above: true, inclusive: false,
                              threshold: t.fastRotation.degreesPerSecond, unit: "deg/s", windowSeconds: t.fastRotation.windowSeconds)
        case .walkingSidewaysLeft, .walkingSidewaysRight:
            measure = Measure(quantity: "horizontal speed", value: { $0.horizontalSpeedMetersPerSecond }, above: true, inclusive: true,
                              threshold: t.sideways.minimumSpeedMetersPerSecond, unit: "m/s",
                              windowSeconds: t.sideways.velocityWindowSeconds, holdSeconds: t.sideways.holdSeconds)
        case .scanningFloor:
            measure = Measure(quantity: "pitch", value: { $0.pitchDegrees }, above: false, inclusive: false,
                              threshold: t.floor.pitchDegrees, unit: "deg", holdSeconds: t.floor.holdSeconds)
        case .scanningCeiling:
            measure = Measure(quantity: "pitch", value: { $0.pitchDegrees }, above: true, inclusive: false,
                              threshold: t.ceiling.pitchDegrees, unit: "deg", holdSeconds: t.ceiling.holdSeconds)
        case .horizontalScanning:
            measure = Measure(quantity: "|pitch|", value: { abs($0.pitchDegrees) }, above: false, inclusive: false,
                              threshold: t.horizontal.levelDegrees, unit: "deg", holdSeconds: t.horizontal.holdSeconds)
        case .tooClose:
            measure = Measure(quantity: "share of valid pixels nearer than \(NumberFormatting.compact(t.proximity.nearMeters)) m",
                              value: { $0.nearFraction * 100 }, above: true, inclusive: true,
                              threshold: t.proximity.nearFraction * 100, unit: "%", holdSeconds: t.proximity.holdSeconds)
        case .tooFar:
            measure = Measure(quantity: "share of pixels without return", value: { $0.noReturnFraction * 100 }, above: true,
                              inclusive: true, threshold: t.proximity.noReturnFraction * 100, unit: "%",
                              holdSeconds: t.proximity.holdSeconds)
        case .drifted, .positionDrift:
            measure = Measure(quantity: "displacement", value: { $0.driftMeters }, above: true, inclusive: false,
                              threshold: t.drift.meters, unit: "m", windowSeconds: t.drift.intervalSeconds)
        case .relocationTimedOut:
            measure = Measure(quantity: "time relocating", value: { $0.relocationSeconds }, above: true, inclusive: true,
                              threshold: t.relocation.timeoutSeconds, unit: "s")
        default:
            return nil
        }
        self.measure = measure
    }

    /// Takes the signals after one input at `time`.
    public mutating func add(_ signals: DetectorSignals, at time: Double) {
        let v = measure.value(signals)
        guard !v.isNaN else {
            beyondSince = nil
            return
        }
        if peak.isNaN || (measure.above ? v > peak : v < peak) {
            peak = v
            peakTime = time
        }
        let beyond = measure.above ? (measure.inclusive ? v >= measure.threshold : v > measure.threshold)
            : (measure.inclusive ? v <= measure.threshold : v < measure.threshold)
        guard beyond else {
            beyondSince = nil
            return
        }
        let since = beyondSince ?? time
        beyondSince = since
        if time - since >= longestBeyond {
            longestBeyond = time - since
            longestStart = since
        }
    }

    /// The explanation: the extreme against the threshold; when the extreme crossed it, the longest time
    /// it stayed beyond against the hold time. Nil when the detector never measured anything.
    public var explanation: String? {
        guard !peak.isNaN else { return nil }
        let m = measure
        func number(_ x: Double) -> String { NumberFormatting.compact((x * 1000).rounded() / 1000) }
        let crossed = m.above ? (m.inclusive ? peak >= m.threshold : peak > m.threshold)
            : (m.inclusive ? peak <= m.threshold : peak < m.threshold)
        let condition = m.above ? (m.inclusive ? ">=" : ">") : (m.inclusive ? "<=" : "<")
        let negated = m.above ? (m.inclusive ? "<" : "<=") : (m.inclusive ? ">" : ">=")
        let window = m.windowSeconds.map { " over \(number($0)) s" } ?? ""
        let extreme = m.above ? "peak" : "lowest"
        let at = " at \(NumberFormatting.fixed(peakTime, decimals: 3)) s"
        guard crossed else {
            return "\(extreme) \(m.quantity) \(number(peak)) \(m.unit)\(window) \(negated) \(number(m.threshold)) \(m.unit)\(at)"
        }
        if let hold = m.holdSeconds {
            return "\(m.quantity) \(condition) \(number(m.threshold)) \(m.unit) for at most \(number(longestBeyond)) s (from \(NumberFormatting.fixed(longestStart, decimals: 3)) s) < the \(number(hold)) s it must hold; \(extreme) \(number(peak)) \(m.unit)\(at)"
        }
        return "\(extreme) \(m.quantity) \(number(peak)) \(m.unit)\(window) \(condition) \(number(m.threshold)) \(m.unit)\(at), yet no warning (another condition or a higher-priority warning kept it back)"
    }
}
