/// One CubiCapture SDK version as the engine imitates it: the number, message text and severity it gives
/// each ``EventMeaning``, when it plays its error sound, how it ranks warnings, and the behaviour switches
/// where versions differ. Carried by ``SessionConfiguration/sdk``; scenes select it with `"sdk": "2.10"`,
/// commands with `--sdk 2.10`, bundles record it in `arkitData.json` (`"sdk"`, absent for 2.10).
///
/// A profile is one table: an exhaustive `switch` over the meanings returning each one's
/// ``EventCodeRow`` (`SDKProfile+2_10.swift`, `SDKProfile+3_1.swift`, each with its rule sources and
/// behaviour), so a new meaning or a new profile cannot compile until the table says what it does with
/// it. Everything else here reads the rows.
public enum SDKProfile: String, CaseIterable, Sendable, Codable {
    /// CubiCapture for iOS 2.10 (seed 000, the documentation the engine was built from). The default.
    case v2_10 = "2.10"
    /// CubiCapture for iOS 3.1.3 (the iOS example project's README at 3.1.3 and the 3.1.3 public
    /// interface): portrait only, severities, drift as relocation, the 3.x code table.
    case v3_1 = "3.1"

    /// The profile a session uses when nothing selects one.
    public static let standard: SDKProfile = .v2_10

    /// The profile named by `text` ("2.10", "3.1"), or nil.
    public init?(name text: String) {
        self.init(rawValue: text)
    }

    /// The version as scenes, logs and `--sdk` name it, e.g. "2.10".
    public var name: String { rawValue }

    /// The names every profile answers to, for error messages: "2.10, 3.1".
    public static var knownNames: String { allCases.map(\.name).joined(separator: ", ") }

    /// The profile's row for `meaning` (code, name, message, documentation, severity, error sound,
    /// warning priority, source), or nil when this SDK has no such code (the engine then emits nothing
    /// for it). Each profile's table is one exhaustive `switch` over the meanings, in its own file.
    public func row(for meaning: EventMeaning) -> EventCodeRow? {
        switch self {
        case .v2_10: Self.row2_10(meaning)
        case .v3_1: Self.row3_1(meaning)
        }
    }

    /// Every rule of this profile with its source (`capture-sim codes --sources`, docs/engine.md).
    public var ruleSources: [RuleSource] {
        switch self {
        case .v2_10: RuleSource.v2_10
        case .v3_1: RuleSource.v3_1
        }
    }

    /// The behaviour switches where SDK versions differ.
    public var behaviour: SDKBehaviour {
        switch self {
        case .v2_10: .v2_10
        case .v3_1: .v3_1
        }
    }

    // MARK: Reading the rows

    /// The number the host app receives for `meaning`, or nil when this SDK has no such code.
    public func code(for meaning: EventMeaning) -> Int? { row(for: meaning)?.code }

    /// The meaning this SDK gives the number `code`, or nil when it has no such code.
    public func meaning(forCode code: Int) -> EventMeaning? {
        EventMeaning.allCases.first { self.code(for: $0) == code }
    }

    /// Every code of this SDK with its meaning, in ascending order of code.
    public var codeTable: [(code: Int, meaning: EventMeaning)] {
        EventMeaning.allCases.compactMap { m in code(for: m).map { (code: $0, meaning: m) } }.sorted { $0.code < $1.code }
    }

    /// The SDK's own name for the code of `meaning` (3.x's `CubiCaptureEventType` case, e.g.
    /// "startedCapture"); where the SDK names none (2.10), the meaning's name.
    public func eventTypeName(for meaning: EventMeaning) -> String {
        row(for: meaning)?.name ?? String(describing: meaning)
    }

    /// The message text the host app receives with `meaning`, filled in from `parameters` ("" without a
    /// code).
    public func message(for meaning: EventMeaning, _ parameters: EventParameters = EventParameters()) -> String {
        row(for: meaning)?.message.text(parameters) ?? ""
    }

    /// The SDK documentation's description of the code, verbatim ("" without a code).
    public func documentation(for meaning: EventMeaning) -> String {
        row(for: meaning)?.documentation ?? ""
    }

    /// What the code means for the scan (an ``EventSeverity/error`` aborts it and removes its files);
    /// ``EventSeverity/info`` for a meaning without a code (never emitted).
    public func severity(of meaning: EventMeaning) -> EventSeverity {
        row(for: meaning)?.severity ?? .info
    }

    /// Whether the SDK plays its error sound (``EventMeaning/errorSound``, emitted right after) with
    /// `meaning`.
    public func playsErrorSound(after meaning: EventMeaning) -> Bool {
        row(for: meaning)?.playsErrorSound ?? false
    }

    /// The priority group of a warning shown on screen (1 is the highest), or nil for a meaning that
    /// shows no warning.
    public func warningPriority(of meaning: EventMeaning) -> Int? {
        row(for: meaning)?.warningPriority
    }

    /// Where the row of `meaning` comes from (``EventCodeRow/source``), nil without a code.
    public func source(of meaning: EventMeaning) -> String? {
        row(for: meaning)?.source
    }
}
