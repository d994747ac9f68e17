import CaptureEngine

/// One lane of the report's timeline: a detector's measured quantity (``DetectorSignal``) and the
/// thresholds it is compared with, in the unit drawn, labelled with the codes of the report's SDK
/// profile. The signal's row (``DetectorSignal/row``) says what is drawn; the profile says which of its
/// comparisons give a code, so a profile without any code for a signal's warnings has no lane for it
/// (3.1: no too-far lane) and a threshold line without a code is not drawn (3.1: no horizontal lines).
public struct SignalLane: Sendable, Equatable {
    /// The quantity drawn.
    public let signal: DetectorSignal
    /// The profile whose codes label the lane.
    public let sdk: SDKProfile

    /// The lanes of a report under `sdk`, in the signals' order.
    public static func lanes(for sdk: SDKProfile) -> [SignalLane] {
        DetectorSignal.allCases.map { SignalLane(signal: $0, sdk: sdk) }.filter { !$0.comparisons(Thresholds()).isEmpty }
    }

    /// The lane's title.
    public var title: String { signal.row.title }

    /// The unit of the drawn values.
    public var unit: String { signal.row.unit }

    /// The signal's comparisons whose warnings have a code under the profile.
    func comparisons(_ t: Thresholds) -> [SignalComparison] {
        signal.row.comparisons(t).filter { !$0.codes(under: sdk).isEmpty }
    }

    /// The codes the lane's detector emits under the profile, ascending, e.g. "21/22/31".
    public var codes: String {
        Array(Set(comparisons(Thresholds()).flatMap { $0.codes(under: sdk) })).sorted().map(String.init).joined(separator: "/")
    }

    /// The value drawn for a signal sample (fractions as percentages), NaN when unmeasured.
    public func value(_ s: DetectorSignals) -> Double { signal.row.drawn(s[signal]) }

    /// A threshold line: its value in the lane's unit and what crossing it means.
    public struct Threshold: Sendable {
        public var value: Double
        public var label: String
    }

    /// The thresholds drawn on the lane: each comparison's threshold (a ``SignalComparison/Relation/within``
    /// one at plus and minus it), labelled with its codes and relation, e.g. "87 above".
    public func thresholds(_ t: Thresholds) -> [Threshold] {
        comparisons(t).flatMap { c -> [Threshold] in
            let label = c.codes(under: sdk).map(String.init).joined(separator: "/") + " " + c.relation.label
            return c.relation == .within
                ? [Threshold(value: c.threshold, label: label), Threshold(value: -c.threshold, label: label)]
                : [Threshold(value: c.threshold, label: label)]
        }
    }

    /// Whether the lane's axis is fixed (percentages 0...100, pitch -90...90) rather than fitted to
    /// the values and thresholds.
    var fixedRange: (Double, Double)? { signal.row.fixedRange.map { ($0.lower, $0.upper) } }
}
