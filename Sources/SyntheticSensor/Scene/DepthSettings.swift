/// How often the LiDAR delivers depth.
public struct DepthSettings: Sendable, Equatable {
    /// Camera frame rate, frames per second (default 60, as ARKit).
    public var frameRateHz: Double
    /// Depth on every n-th camera frame (default 1: every frame).
    public var everyNthFrame: Int

    public init(frameRateHz: Double = 60, everyNthFrame: Int = 1) {
        self.frameRateHz = frameRateHz
        self.everyNthFrame = everyNthFrame
    }
}
