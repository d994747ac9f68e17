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

    /// Bytes of `arkitData.json` per recorded frame (frame entry and input log): 406, measured on the
    /// apartment scene's bundle (2,140,579 bytes for 5,270 frames).
    public static let jsonBytesPerFrame: Int64 = 406
    /// Bytes per depth pixel: a Float16 depth and a UInt8 confidence.
    public static let bytesPerDepthPixel: Int64 = 3
    /// Bytes of each depth record's header (its time as a Float64).
    public static let depthRecordHeaderBytes: Int64 = 8

    /// Bytes written for one recorded frame with a `width` x `height` depth map, or none (0 x 0).
    public static func frame(depthWidth width: Int, height: Int) -> Int64 {
        let pixels = Int64(width) * Int64(height)
        return jsonBytesPerFrame + (pixels > 0 ? depthRecordHeaderBytes + pixels * bytesPerDepthPixel : 0)
    }

    /// Whole bytes of video written through `seconds` of recording at `bytesPerSecond` (rounded down,
    /// so the bytes between two times are the difference of two calls and add up exactly).
    public static func video(seconds: Double, bytesPerSecond: Double) -> Int64 {
        guard seconds > 0, bytesPerSecond > 0 else { return 0 }
        return Int64(min(seconds * bytesPerSecond, 9e18).rounded(.down))
    }
}
