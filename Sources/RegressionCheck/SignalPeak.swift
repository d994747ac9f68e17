import CaptureEngine
import JSONSupport

/// Why an expected warning never fired: the detector's own measured quantity (``DetectorSignals``) at its
/// extreme over the run against the threshold it must cross, and for warnings that must hold a while,
/// the longest time it stayed beyond. `check` appends it to "never occurred", e.g. "peak yaw rate 92.4
/// deg/s over 0.5 s <= 99 deg/s at 22.983 s".
public struct SignalPeak: Sendable {
    /// What a code's detector compares: the signal's comparison (``DetectorSignal/row``).
    struct Measure: Sendable {
        /// The signal compared.
        var signal: DetectorSignal
        var comparison: SignalComparison
        /// The signal's unit and drawing scale (``SignalRow``).
        var unit: String
        var drawingScale: Double
        var quantity: String { comparison.quantity }
        var above: Bool { comparison.relation.isAbove }
        var inclusive: Bool { comparison.relation.isInclusive }
        var threshold: Double { comparison.threshold }
        var windowSeconds: Double? { comparison.windowSeconds }
        var holdSeconds: Double? { comparison.holdSeconds }

        /// The value compared at one input (in the signal's drawn unit), NaN when unmeasured.
        func value(_ signals: DetectorSignals) -> Double {
            comparison.compared(signals[signal] * drawingScale)
        }
    }

    let measure: Measure
    private var peak = Double.nan
    private var peakTime = 0.0
    private var beyondSince: Double?
    private var longestBeyond = 0.0
    private var longestStart = 0.0

    /// The measure of the warning `meaning`, or nil when no detector signal stands for it.
    public init?(meaning: EventMeaning, thresholds t: Thresholds) {
        guard let (signal, comparison) = DetectorSignal.explaining(meaning, thresholds: t) else { return nil }
        let row = signal.row
        measure = Measure(signal: signal, comparison: comparison, unit: row.unit, drawingScale: row.drawingScale)
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
