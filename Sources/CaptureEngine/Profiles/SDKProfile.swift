/// One CubiCapture SDK version as the engine imitates it: the number, message text and severity it gives
/// each ``EventMeaning``, when it plays its error sound, how it ranks warnings, and the behaviour switches
/// where versions differ. Carried by ``SessionConfiguration/sdk``; scenes select it with `"sdk": "2.10"`,
/// commands with `--sdk 2.10`, bundles record it in `arkitData.json` (`"sdk"`, absent for 2.10).
///
/// Every table is an exhaustive `switch` over the meanings, so a new meaning or a new profile cannot
/// compile until each table says what it does with it.
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

    /// The number the host app receives for `meaning`, or nil when this SDK has no such code (the engine
    /// then emits nothing for it).
    public func code(for meaning: EventMeaning) -> Int? {
        switch self {
        case .v2_10: Self.code2_10(meaning)
        case .v3_1: Self.code3_1(meaning)
        }
    }

    /// The meaning this SDK gives the number `code`, or nil when it has no such code.
    public func meaning(forCode code: Int) -> EventMeaning? {
        EventMeaning.allCases.first { self.code(for: $0) == code }
    }

    /// Every code of this SDK with its meaning, in ascending order of code.
    public var codeTable: [(code: Int, meaning: EventMeaning)] {
        EventMeaning.allCases.compactMap { m in code(for: m).map { (code: $0, meaning: m) } }.sorted { $0.code < $1.code }
    }

    /// The SDK's own name for the code of `meaning` (3.x's `CubiCaptureEventType` case, e.g.
    /// "startedCapture"); 2.10 has no names, so the meaning's name.
    public func eventTypeName(for meaning: EventMeaning) -> String {
        switch self {
        case .v2_10: String(describing: meaning)
        case .v3_1: Self.eventTypeName3_1(meaning) ?? String(describing: meaning)
        }
    }

    /// The message text the host app receives with `meaning`, filled in from `parameters`.
    public func message(for meaning: EventMeaning, _ parameters: EventParameters = EventParameters()) -> String {
        switch self {
        case .v2_10: Self.message2_10(meaning, parameters)
        case .v3_1: Self.message3_1(meaning, parameters)
        }
    }

    /// The SDK documentation's description of the code, verbatim.
    public func documentation(for meaning: EventMeaning) -> String {
        switch self {
        case .v2_10: Self.documentation2_10(meaning)
        case .v3_1: Self.documentation3_1(meaning)
        }
    }

    /// What the code means for the scan (an ``EventSeverity/error`` aborts it and removes its files).
    public func severity(of meaning: EventMeaning) -> EventSeverity {
        switch self {
        case .v2_10: Self.severity2_10(meaning)
        case .v3_1: Self.severity3_1(meaning)
        }
    }

    /// Whether the SDK plays its error sound (``EventMeaning/errorSound``, emitted right after) with
    /// `meaning`.
    public func playsErrorSound(after meaning: EventMeaning) -> Bool {
        switch self {
        case .v2_10: Self.errorSound2_10(meaning)
        case .v3_1: Self.errorSound3_1(meaning)
        }
    }

    /// The priority group of a warning shown on screen (1 is the highest), or nil for a meaning that
    /// shows no warning.
    public func warningPriority(of meaning: EventMeaning) -> Int? {
        switch self {
        case .v2_10: Self.warningPriority2_10(meaning)
        case .v3_1: Self.warningPriority3_1(meaning)
        }
    }

    /// The behaviour switches where SDK versions differ.
    public var behaviour: SDKBehaviour {
        switch self {
        case .v2_10: .v2_10
        case .v3_1: .v3_1
        }
    }
}
