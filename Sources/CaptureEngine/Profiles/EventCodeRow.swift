/// One row of an SDK profile's code table: everything one CubiCapture version says about one
/// ``EventMeaning``. ``SDKProfile/row(for:)`` gives it; every other question to a profile (its code,
/// message, severity, error sound, warning priority) reads the row.
public struct EventCodeRow: Sendable {
    /// The number the host app receives.
    public let code: Int
    /// The SDK's own name for the code (3.x's `CubiCaptureEventType` case, e.g. "startedCapture"); nil
    /// where the SDK names none (2.10).
    public let name: String?
    /// The message text the host app receives with the code.
    public let message: EventMessage
    /// The SDK documentation's description of the code, verbatim.
    public let documentation: String
    /// What the code means for the scan (an ``EventSeverity/error`` aborts it and removes its files).
    public let severity: EventSeverity
    /// Whether the SDK plays its error sound (``EventMeaning/errorSound``, emitted right after) with
    /// the code.
    public let playsErrorSound: Bool
    /// The priority group of the warning the code shows on screen (1 is the highest); nil for a code
    /// that shows no warning.
    public let warningPriority: Int?
    /// Where the row comes from: the public text of its number, name and description, and of its
    /// priority or error sound where it has one (or "guess: why").
    public let source: String

    public init(code: Int, name: String?, message: EventMessage, documentation: String, severity: EventSeverity,
                playsErrorSound: Bool, warningPriority: Int?, source: String) {
        self.code = code
        self.name = name
        self.message = message
        self.documentation = documentation
        self.severity = severity
        self.playsErrorSound = playsErrorSound
        self.warningPriority = warningPriority
        self.source = source
    }
}

/// The message text of a code: fixed, or filled in from the values the event carries (zip path, chosen
/// label, processor counts, minutes of storage, battery charge).
public enum EventMessage: Sendable, ExpressibleByStringLiteral {
    /// The same text every time.
    case text(String)
    /// Text built from the event's parameters (a closure that captures nothing: no allocation).
    case filled(@Sendable (EventParameters) -> String)

    public init(stringLiteral text: String) { self = .text(text) }

    /// The text for an event with `parameters`.
    public func text(_ parameters: EventParameters) -> String {
        switch self {
        case .text(let text): text
        case .filled(let fill): fill(parameters)
        }
    }
}
