import JSONSupport

/// One threshold's valid values: `lower...upper`, excluding `lower` when `lowerIsExclusive`
/// (``ThresholdField/range``).
public struct ThresholdRange: Sendable, CustomStringConvertible {
    public var lower: Double
    public var upper: Double
    public var lowerIsExclusive: Bool

    public func contains(_ value: Double) -> Bool {
        value.isFinite && (lowerIsExclusive ? value > lower : value >= lower) && value <= upper
    }

    /// "(0, 60]" or "[0, 1]".
    public var description: String {
        "\(lowerIsExclusive ? "(" : "[")\(NumberFormatting.compact(lower)), \(NumberFormatting.compact(upper))]"
    }
}

extension ThresholdField {
    /// Why this field's value in `thresholds` is not valid (its key, value and range), nil when it is
    /// in its range or the field is a switch.
    public func problem(in thresholds: Thresholds) -> String? {
        problem(with: value(in: thresholds))
    }

    /// Why `value` is not a valid value of this field (its key, the value and the range), nil when it is
    /// in the range or the field is a switch.
    func problem(with value: Double) -> String? {
        guard let range, !range.contains(value) else { return nil }
        return "\(key) must be in \(range), found \(NumberFormatting.compact(value))"
    }
}

extension Thresholds {
    /// Why these thresholds are not valid (each naming the key, its value and its range or the relation
    /// it breaks), empty when they are.
    public var problems: [String] {
        var problems = Self.fields.sorted(by: { $0.key < $1.key }).compactMap { $0.problem(in: self) }
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
