import JSONSupport

/// One threshold's valid values: `lower...upper`, excluding `lower` when `lowerIsExclusive`
/// (``ThresholdField/range``).
public struct ThresholdRange: Sendable, CustomStringConvertible {
    public var lower: Double
    public var upper: Double
    public var lowerIsExclusive: Bool

    public init(lower: Double, upper: Double, lowerIsExclusive: Bool) {
        self.lower = lower
        self.upper = upper
        self.lowerIsExclusive = lowerIsExclusive
    }

    public func contains(_ value: Double) -> Bool {
        value.isFinite && (lowerIsExclusive ? value > lower : value >= lower) && value <= upper
    }

    /// "(0, 60]" or "[0, 1]".
    public var description: String {
        "\(lowerIsExclusive ? "(" : "[")\(NumberFormatting.compact(lower)), \(NumberFormatting.compact(upper))]"
    }
}

extension Thresholds {
    /// Why these thresholds are not valid (each naming the key, its value and its range or the relation
    /// it breaks), empty when they are.
    public var problems: [String] {
        var problems: [String] = []
        for field in Self.fields.sorted(by: { $0.key < $1.key }) {
            guard let range = field.range else { continue }
            let value = field.value(in: self)
            if !range.contains(value) {
                problems.append("\(field.key) must be in \(range), found \(NumberFormatting.compact(value))")
            }
        }
        if sideways.exitSpeedMetersPerSecond > sideways.minimumSpeedMetersPerSecond {
            problems.append("sideways.exitSpeedMetersPerSecond (\(NumberFormatting.compact(sideways.exitSpeedMetersPerSecond))) must not be above sideways.minimumSpeedMetersPerSecond (\(NumberFormatting.compact(sideways.minimumSpeedMetersPerSecond))): the warning that started at a speed must not end at it")
        }
        return problems
    }

    /// Self when every value is in its range (``ThresholdField/range``); otherwise an error naming the
    /// first problem, prefixed by `source`.
    public func validated(source: String) throws(ThresholdOverrideError) -> Thresholds {
        if let first = problems.first { throw ThresholdOverrideError("\(source): \(first)") }
        return self
    }
}
