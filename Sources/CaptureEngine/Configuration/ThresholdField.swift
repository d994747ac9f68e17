import JSONSupport

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
    /// The group of the key, e.g. `fastRotation`.
    public var group: String { String(key.prefix { $0 != "." }) }
    /// The field's name within its group, e.g. `degreesPerSecond`.
    public var name: String { String(key.drop { $0 != "." }.dropFirst()) }
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
    /// The valid ranges as the Markdown table docs/engine.md carries ("Valid ranges"; a test holds the
    /// two equal): one row per numeric key, sorted, as `thresholds --ranges` prints them.
    public static var rangesMarkdownTable: String {
        (["| key | range |", "|---|---|"] + keyPaths.compactMap { key in
            fieldsByKey[key]?.range.map { "| `\(key)` | \($0) |" }
        }).joined(separator: "\n")
    }

    /// Keys that were thresholds once, with why they went: a bundle that still lists one reads (its
    /// value is ignored); a thresholds file or `--set` that names one is told why.
    public static let retiredKeys: [String: String] = [
        "storage.estimateBytesPerSecond": "the minutes of storage at start assume the bytes a second of recording writes at the session's settings (frame rate, depth cadence, video), issue 48",
    ]

    /// The fields by key.
    public static let fieldsByKey: [String: ThresholdField] = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })

    /// "; did you mean 'drift.meters'?" for a mistyped key such as `drift.metres`, or "".
    public static func suggestion(for key: String) -> String {
        Suggestion.hint(for: key, among: fields.map(\.key))
    }
}

extension Thresholds {
    /// An hour, seconds (an upper limit of ranges).
    static let hourSeconds = 3600.0
    /// The longest a hold or pause may last, seconds: the longest scene.
    static let longestSeconds = 4 * hourSeconds
}

extension ThresholdRange {
    /// `(lower, upper]`.
    static func above(_ lower: Double, to upper: Double) -> ThresholdRange { ThresholdRange(lower: lower, upper: upper, lowerIsExclusive: true) }
    /// `[lower, upper]`.
    static func within(_ lower: Double, _ upper: Double) -> ThresholdRange { ThresholdRange(lower: lower, upper: upper, lowerIsExclusive: false) }
}
