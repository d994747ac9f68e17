/// One `relocations` entry of `arkitData.json`.
public struct ArkitRelocation: Equatable, Sendable {
    /// "trackingLost" or "background".
    public var cause: String
    /// Seconds on the session clock.
    public var start: Double
    /// Seconds on the session clock; nil if it never ended.
    public var end: Double?
    /// Whether tracking was recovered (else it timed out).
    public var recovered: Bool

    public init(cause: String, start: Double, end: Double?, recovered: Bool) {
        self.cause = cause; self.start = start; self.end = end; self.recovered = recovered
    }
}
