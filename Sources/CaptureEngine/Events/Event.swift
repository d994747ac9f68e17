import JSONSupport
/// What an event code means for the scan.
public enum EventSeverity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Status information.
    case info
    /// A warning shown to the person scanning; the scan goes on.
    case warning
    /// An unrecoverable error: the scan is aborted and its files are removed.
    case error

    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: EventSeverity, b: EventSeverity) -> Bool { a.rank < b.rank }
}

/// The values some codes carry in their message.
public struct EventParameters: Equatable, Sendable {
    /// Path of the zip (code 7).
    public var zipPath: String?
    /// The chosen room label (code 42).
    public var label: String?
    /// Active and total processor counts (code 76).
    public var activeProcessors: Int?, processorCount: Int?
    /// Whole minutes of storage left (code 78).
    public var minutesLeft: Int?
    /// Battery charge left, percent (3.x code 79).
    public var batteryPercent: Int?

    public init(zipPath: String? = nil, label: String? = nil, activeProcessors: Int? = nil,
                processorCount: Int? = nil, minutesLeft: Int? = nil, batteryPercent: Int? = nil) {
        self.zipPath = zipPath
        self.label = label
        self.activeProcessors = activeProcessors
        self.processorCount = processorCount
        self.minutesLeft = minutesLeft
        self.batteryPercent = batteryPercent
    }
}

/// Why an event fired: the measured value, the threshold it crossed and the time window it was
/// measured over. Replay's `--trace` prints it.
public struct EventTrace: Equatable, Sendable {
    /// What was measured, e.g. "yaw rate".
    public var quantity: String
    /// The measured value, in `unit`.
    public var measured: Double
    /// The threshold it was compared with, in `unit`.
    public var threshold: Double
    /// Unit of `measured` and `threshold`, e.g. "deg/s".
    public var unit: String
    /// The comparison that held, e.g. ">" or ">=".
    public var comparison: String
    /// Length of the time window the value was measured over, seconds (nil for an instant reading).
    public var windowSeconds: Double?
    /// Start of the window, seconds on the session clock.
    public var windowStart: Double?

    public init(quantity: String, measured: Double, comparison: String, threshold: Double, unit: String,
                windowSeconds: Double? = nil, windowStart: Double? = nil) {
        self.quantity = quantity
        self.measured = measured
        self.comparison = comparison
        self.threshold = threshold
        self.unit = unit
        self.windowSeconds = windowSeconds
        self.windowStart = windowStart
    }

    /// One line, e.g. "yaw rate 112 deg/s over 0.5 s > 90 deg/s".
    public var summary: String {
        var s = "\(quantity) \(NumberFormatting.compact(measured)) \(unit)"
        if let w = windowSeconds { s += " over \(NumberFormatting.compact(w)) s" }
        s += " \(comparison) \(NumberFormatting.compact(threshold)) \(unit)"
        if let start = windowStart { s += " (window from \(NumberFormatting.fixed(start, decimals: 3)) s)" }
        return s
    }
}

/// One event the session emits: what happened at a time on the session clock, and the SDK profile that
/// gives it its code, message and severity.
public struct Event: Equatable, Sendable {
    /// Seconds on the session clock.
    public var time: Double
    /// What happened.
    public var meaning: EventMeaning
    /// The SDK version whose code, text and severity the event carries.
    public var sdk: SDKProfile
    /// Values carried in the message.
    public var parameters: EventParameters
    /// Why it fired, for detector events.
    public var trace: EventTrace?
    /// What the event means for the scan: the code's severity under the profile
    /// (``SDKProfile/severity(of:)``) unless the session gave this event another (78 is information
    /// when it reports the minutes left and a warning under ``Thresholds/Storage/warningMinutes``; drift
    /// is an error when it aborts and a warning when it relocates).
    public var severity: EventSeverity

    /// An event of `meaning` under `sdk`, which must have a code for it (the session emits only those);
    /// `severity` nil takes the code's (``SDKProfile/severity(of:)``).
    public init(time: Double, meaning: EventMeaning, sdk: SDKProfile = .standard,
                parameters: EventParameters = EventParameters(), trace: EventTrace? = nil,
                severity: EventSeverity? = nil) {
        precondition(sdk.code(for: meaning) != nil, "SDK \(sdk.name) has no code for \(meaning)")
        self.time = time
        self.meaning = meaning
        self.sdk = sdk
        self.parameters = parameters
        self.trace = trace
        self.severity = severity ?? sdk.severity(of: meaning)
    }

    /// The code the host app receives.
    public var code: Int { sdk.code(for: meaning) ?? -1 }
    /// The message text the host app receives.
    public var message: String { sdk.message(for: meaning, parameters) }
}
