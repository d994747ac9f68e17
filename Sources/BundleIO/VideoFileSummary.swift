/// What `video.mp4` holds, read back by decoding every picture (``VideoFrameDecoder``): the check of
/// `inspect`.
public struct VideoFileSummary: Sendable {
    /// The decoder's codec name (e.g. "h264").
    public var codecName: String
    /// Frame size, pixels.
    public var width: Int, height: Int
    /// Presentation times of the decoded frames, seconds from the video's start, in decoding order.
    public var frameTimes: [Double]
    /// The video stream's duration, seconds (the MP4 track's).
    public var durationSeconds: Double
    /// Frames decoded.
    public var frameCount: Int { frameTimes.count }

    /// Decodes every picture an opened decoder has left (from a file or a zip entry).
    public init(decoding decoder: VideoFrameDecoder) throws(LibraryCallError) {
        var times: [Double] = []
        while let picture = try decoder.next(copy: false) { times.append(picture.time) }
        self.init(codecName: decoder.codecName, width: decoder.width, height: decoder.height,
                  frameTimes: times, durationSeconds: decoder.durationSeconds)
    }

    public init(codecName: String, width: Int, height: Int, frameTimes: [Double], durationSeconds: Double) {
        self.codecName = codecName
        self.width = width
        self.height = height
        self.frameTimes = frameTimes
        self.durationSeconds = durationSeconds
    }
}
