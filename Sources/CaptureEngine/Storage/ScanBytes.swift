/// The bytes a scan's bundle holds: what the sensor consumes from free storage while recording
/// (`StorageModel` in SyntheticSensor uses it) and what zipping reads (``CaptureSession``'s modelled zip
/// time), so the two agree.
///
/// Per recorded frame the bundle writes its per-frame JSON in `arkitData.json` (``jsonBytesPerFrame``)
/// and, on frames with depth, one `allDepthFrames.bin` record: an 8-byte time plus the depth map as
/// 16-bit floats and one confidence byte per pixel, `8 + 256 * 192 * (2 + 1) = 147,464` bytes. At 60 Hz
/// with depth on every frame that is about 8.9 MB/s. Per second of recording, `video.mp4` adds
/// ``SessionConfiguration/videoBytesPerSecond`` (``video(seconds:bytesPerSecond:)``): the rate of the
/// scan's video, which the engine is given (a scene's from its camera, a bundle's from its file).
public enum ScanBytes {
    /// The frame rate the nominal rates assume (ARKit's), frames per second.
    public static let nominalFrameRateHz = 60.0

    /// Bytes of `arkitData.json` per recorded frame (frame entry and input log): 414, measured on the
    /// apartment scene's bundle (2,657,256 bytes for 6,413 frames).
    public static let jsonBytesPerFrame: Int64 = 414
    /// Bytes a frame's `featureDepths` add to its JSON on a phone without LiDAR (48 depths of feature
    /// points): 846, measured on a 14 s non-LiDAR bundle of the fast-rotation room (the mean over its 858
    /// recorded frames).
    public static let featureDepthsBytesPerFrame: Int64 = 846
    /// The depth map's size on every LiDAR phone ARKit supports, pixels.
    public static let depthWidth = 256, depthHeight = 192
    /// Bytes per depth pixel: a Float16 depth and a UInt8 confidence.
    public static let bytesPerDepthPixel: Int64 = 3
    /// Bytes of each depth record's header (its time as a Float64).
    public static let depthRecordHeaderBytes: Int64 = 8

    /// Bytes written for one recorded frame with a `width` x `height` depth map, or none (0 x 0), and
    /// with or without feature-point depths in its JSON.
    public static func frame(depthWidth width: Int, height: Int, featureDepths: Bool = false) -> Int64 {
        let pixels = Int64(width) * Int64(height)
        return jsonBytesPerFrame + (featureDepths ? featureDepthsBytesPerFrame : 0)
            + (pixels > 0 ? depthRecordHeaderBytes + pixels * bytesPerDepthPixel : 0)
    }

    /// The bytes per second a recording writes at a session's settings: ``frame(depthWidth:height:)``
    /// for each of `frameRateHz` frames a second (a depth record on every `depthEveryNthFrame`-th with
    /// LiDAR, feature-point depths on every frame without) plus the video's `videoBytesPerSecond`. The minutes of storage at start assume it (78),
    /// and the sensor consumes free storage frame by frame at the same bytes, so the rate measured
    /// while recording matches it.
    public static func recordingBytesPerSecond(frameRateHz: Double, depthEveryNthFrame: Int, hasLiDAR: Bool,
                                               videoBytesPerSecond: Double) -> Double {
        let json = Double(jsonBytesPerFrame + (hasLiDAR ? 0 : featureDepthsBytesPerFrame)) * frameRateHz
        let depthRecord = Double(frame(depthWidth: depthWidth, height: depthHeight) - jsonBytesPerFrame)
        let depth = hasLiDAR ? depthRecord * frameRateHz / Double(max(1, depthEveryNthFrame)) : 0
        return json + depth + max(0, videoBytesPerSecond)
    }

    /// Whole bytes of video written through `seconds` of recording at `bytesPerSecond` (rounded down,
    /// so the bytes between two times are the difference of two calls and add up exactly).
    public static func video(seconds: Double, bytesPerSecond: Double) -> Int64 {
        guard seconds > 0, bytesPerSecond > 0 else { return 0 }
        return Int64(min(seconds * bytesPerSecond, 9e18).rounded(.down))
    }
}
