/// What the detectors measured at the latest input: the value of each ``DetectorSignal``.
///
/// The session fills it only when ``CaptureSession/tapsSignals`` is on (off by default, so the step
/// function does no extra work); a report reads it after each step to draw each detector's quantity
/// against its threshold. A value is NaN when its detector measured nothing at that input (not
/// recording, a window not yet filled, a frame without depth, ...). The values are the detectors' own,
/// not recomputed: the yaw rate is the one fast rotation compared, the speed the one the sideways
/// detector compared, and so on. Fixed storage (no allocation), room for ``capacity`` signals.
public struct DetectorSignals: Equatable, Sendable {
    /// How many signals the storage holds (at least ``DetectorSignal/allCases``' count; a test holds it).
    public static let capacity = 12
    private var values: [12 of Double]

    /// Every value unmeasured (NaN).
    public init() { values = .init(repeating: .nan) }

    /// The value of `signal` (NaN when unmeasured).
    public subscript(signal: DetectorSignal) -> Double {
        get { values[signal.rawValue] }
        set { values[signal.rawValue] = newValue }
    }

    /// Equal when every value is equal or both are unmeasured.
    public static func == (a: DetectorSignals, b: DetectorSignals) -> Bool {
        DetectorSignal.allCases.allSatisfy { a[$0] == b[$0] || (a[$0].isNaN && b[$0].isNaN) }
    }
}
