/// The `video` object of `arkitData.json`: what `video.mp4` holds (present when the bundle has a video).
public struct ArkitVideo: Equatable, Sendable {
    /// The file, `video.mp4`.
    public var file: String
    /// Frames in the video: the recorded frames with a `videoIndex`.
    public var frames: Int
    /// Nominal frame rate, frames per second; each frame lasts 1/rate s, so the video lasts the last
    /// frame's time minus the first's plus 1/rate.
    public var frameRateHz: Double
    /// Image size, pixels.
    public var width: Int, height: Int

    public init(file: String = "video.mp4", frames: Int, frameRateHz: Double, width: Int, height: Int) {
        self.file = file
        self.frames = frames
        self.frameRateHz = frameRateHz
        self.width = width
        self.height = height
    }
}
