/// Where one engine rule comes from: the public text it follows, or "guess" with why and the threshold
/// that exposes its number. `capture-sim codes --sources` prints a profile's list; docs/engine.md
/// carries the same table.
public struct RuleSource: Sendable, Equatable {
    /// The codes the rule concerns, e.g. "29, 30, 27".
    public var codes: String
    /// The rule as the engine implements it.
    public var rule: String
    /// The source: a section of seed 000 (the 2.10 documentation), of the iOS example project's
    /// README, of the Android example project's README (CubiCasa/cubicasa-android-sdk-example-project
    /// at 4496c7d, README.md), or "guess: why" with the threshold keys that hold its numbers.
    public var source: String

    public init(codes: String, rule: String, source: String) {
        self.codes = codes
        self.rule = rule
        self.source = source
    }
}

extension RuleSource {
    /// A threshold's value as the rules print it: whole numbers without a decimal point ("90", "-55"),
    /// others as Swift's shortest form ("1.5", "0.25"). The rules take their numbers from ``Thresholds``'
    /// defaults, so a changed default changes the text `codes --sources` prints.
    static func n(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Rules as the Markdown table `capture-sim codes --sources` prints and docs/engine.md carries (a test
    /// holds the two equal): a header row, then one row per rule.
    public static func markdownTable(_ sources: [RuleSource]) -> String {
        (["| codes | rule | source |", "|---|---|---|"] + sources.map { "| \($0.codes) | \($0.rule) | \($0.source) |" })
            .joined(separator: "\n")
    }
}
