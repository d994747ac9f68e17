/// One `relocations` entry of `arkitData.json`.
public struct ArkitRelocation: Equatable, Sendable {
    /// "trackingLost" or "background".
    public var cause: String
    /// Seconds on the session clock.
    public var start: Double
    public var end: Double?
    public var recovered: Bool

    public init(cause: String, start: Double, end: Double?, recovered: Bool) {
        self.cause = cause; self.start = start; self.end = end; self.recovered = recovered
    }
}
