/// An event a scene expects (for `check --report`): a code at a time (from a golden file) or within an
/// optional window (from `expect.sequence`).
public struct ExpectedEvent: Sendable, Equatable {
    public var code: Int
    /// The golden time, seconds, when known.
    public var time: Double?
    /// The window of a sequence entry, seconds.
    public var earliest: Double?
    public var latest: Double?
    /// Where it comes from: "golden" or "sequence".
    public var source: String

    public init(code: Int, time: Double? = nil, earliest: Double? = nil, latest: Double? = nil, source: String) {
        self.code = code
        self.time = time
        self.earliest = earliest
        self.latest = latest
        self.source = source
    }
}
