/// The `recording` object of `arkitData.json`.
public struct ArkitRecording: Equatable, Sendable {
    /// Seconds on the session clock (nil if recording never started / ended).
    public var start: Double?
    /// Seconds on the session clock.
    public var end: Double?
    /// Frames the session recorded.
    public var frames: Int
    /// Seconds recorded, and of those with normal tracking.
    public var seconds: Double
    /// Seconds of the recording with normal tracking.
    public var normalTrackingSeconds: Double

    public init(start: Double?, end: Double?, frames: Int, seconds: Double, normalTrackingSeconds: Double) {
        self.start = start; self.end = end; self.frames = frames; self.seconds = seconds
        self.normalTrackingSeconds = normalTrackingSeconds
    }
}
