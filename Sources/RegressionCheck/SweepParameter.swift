import CaptureEngine
import JSONSupport

/// One swept threshold: `key=start:stop:step`, e.g. `fastRotation.degreesPerSecond=60:180:20`.
public struct SweepParameter: Equatable, Sendable {
    /// The threshold's key path, `group.field`.
    public var key: String { field.key }
    /// The swept threshold.
    public var field: ThresholdField
    /// The values, from start to stop (inclusive, when it lands on a step) by step.
    public var values: [Double]

    public init(field: ThresholdField, values: [Double]) {
        self.field = field
        self.values = values
    }

    /// Parses `key=start:stop:step` (or `key=v1,v2,v3`); at most 1,000 values.
    public init(parsing text: String) throws(ThresholdOverrideError) {
        guard let eq = text.firstIndex(of: "=") else {
            throw ThresholdOverrideError("--param \(text): expected KEY=START:STOP:STEP or KEY=V1,V2,...")
        }
        let key = String(text[..<eq])
        guard let field = Thresholds.fieldsByKey[key] else {
            throw ThresholdOverrideError("--param \(text): unknown threshold '\(key)'" + Thresholds.suggestion(for: key) + "; see `capture-sim thresholds --keys`")
        }
        self.field = field
        let spec = String(text[text.index(after: eq)...])
        if spec.contains(":") {
            let parts = spec.split(separator: ":").map { Double($0) }
            guard parts.count == 3, let start = parts[0], let stop = parts[1], let step = parts[2],
                  start.isFinite, stop.isFinite, step.isFinite, step > 0, stop >= start else {
                throw ThresholdOverrideError("--param \(text): expected START:STOP:STEP with STEP > 0 and STOP >= START")
            }
            let steps = ((stop - start) / step + 1e-9).rounded(.down)
            guard steps < 1000 else { throw ThresholdOverrideError("--param \(text): more than 1000 values") }
            let count = Int(steps) + 1
            // Each value from the start by whole steps, so no error accumulates.
            values = (0..<count).map { start + Double($0) * step }
        } else {
            let parts = spec.split(separator: ",").map { Double($0) }
            guard !parts.isEmpty, parts.allSatisfy({ $0?.isFinite == true }) else {
                throw ThresholdOverrideError("--param \(text): expected numbers separated by commas")
            }
            values = parts.compactMap { $0 }
        }
        try checkRange(text)
    }

    /// Checks the swept values against the key's range (``ThresholdField/range``).
    private func checkRange(_ text: String) throws(ThresholdOverrideError) {
        guard let range = field.range, let bad = values.first(where: { !range.contains($0) }) else { return }
        throw ThresholdOverrideError("--param \(text): \(key) must be in \(range), found \(Self.text(bad))")
    }

    /// A value as the sweep's tables print it.
    public static func text(_ value: Double) -> String { NumberFormatting.compact(value) }

    /// The assignment of one swept value (typed: the value itself, not its printed text).
    public static func == (a: SweepParameter, b: SweepParameter) -> Bool { a.key == b.key && a.values == b.values }

    public func assignment(_ value: Double) -> ThresholdAssignment {
        ThresholdAssignment(field, .number(value), source: "--param \(key)")
    }
}
