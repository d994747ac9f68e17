import CaptureEngine

/// How a log is read: the choices a log cannot state itself, with documented defaults.
public struct ReplayOptions: Equatable, Sendable {
    /// The log's format; nil detects it from the file name and content.
    public var format: ReplayFormat?
    /// Frame rate of a raw package's `poses.csv` without its time column (`--fps`), frames per second.
    /// Default nil: such a log takes the rate from its package's `manifest.json` (its depth frames over
    /// its recording's seconds), or is refused. A log with the time column keeps its times.
    public var framesPerSecond: Double?
    /// The world's up axis for TUM (default ``WorldUpAxis/z``) and ARKitScenes `.traj`
    /// (default ``WorldUpAxis/y``) logs; nil uses the format's default. Other formats fix their world.
    public var worldUp: WorldUpAxis?
    /// Two consecutive frames further apart than this are reported as a gap, seconds. Default 0.5
    /// (30 frames at 60 Hz).
    public var gapThresholdSeconds: Double = 0.5
    /// A quaternion whose length differs from 1 by more than this is reported before it is normalised.
    /// Default 0.001 (logs print 6 to 9 digits).
    public var unitQuaternionTolerance: Double = 0.001
    /// The SDK profile to replay with (`--sdk`): a bundle records its own and replays with it unless this
    /// is given; other logs record none and replay with 2.10 unless this is given.
    public var sdk: SDKProfile?
    /// Keep only inputs at or after this time on the session clock, seconds (nil: from the start).
    public var from: Double?
    /// Keep only inputs at or before this time on the session clock, seconds (nil: to the end).
    public var to: Double?

    public init(format: ReplayFormat? = nil, framesPerSecond: Double? = nil, worldUp: WorldUpAxis? = nil,
                gapThresholdSeconds: Double = 0.5, from: Double? = nil, to: Double? = nil) {
        self.format = format
        self.framesPerSecond = framesPerSecond
        self.worldUp = worldUp
        self.gapThresholdSeconds = gapThresholdSeconds
        self.from = from
        self.to = to
    }

    /// Whether a time on the session clock is inside the `from`/`to` window.
    func contains(_ time: Double) -> Bool {
        if let from, time < from { return false }
        if let to, time > to { return false }
        return true
    }
}
