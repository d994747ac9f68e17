/// One `events` entry of `arkitData.json` (the one event shape; the trace is not kept here).
public struct ArkitEvent: Equatable, Sendable {
    /// Seconds on the session clock.
    public var time: Double
    /// The SDK's code.
    public var code: Int
    /// The message text the host app received.
    public var message: String
    /// "info", "warning" or "error".
    public var severity: String

    public init(time: Double, code: Int, message: String, severity: String) {
        self.time = time; self.code = code; self.message = message; self.severity = severity
    }
}
