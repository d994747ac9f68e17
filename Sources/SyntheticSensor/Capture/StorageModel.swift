/// The bundle's write rate, which the sensor uses to consume free storage while recording.
///
/// Per recorded frame the bundle writes its per-frame JSON in `arkitData.json` (about
/// `jsonBytesPerFrame`) and, on frames with depth, one `allDepthFrames.bin` record: an 8-byte time plus
/// the depth map as 16-bit floats and one confidence byte per pixel, `8 + 256 * 192 * (2 + 1) = 147,464`
/// bytes. At 60 Hz with depth on every frame that is about 8.9 MB/s.
public enum StorageModel {
    /// Bytes of `arkitData.json` per recorded frame (frame entry and input log): 406, measured on the
    /// apartment scene's bundle (2,140,579 bytes for 5,270 frames).
    public static let jsonBytesPerFrame: Int64 = 406
    /// Bytes per depth pixel: a Float16 depth and a UInt8 confidence.
    public static let bytesPerDepthPixel: Int64 = 3
    /// Bytes of each depth record's header (its time as a Float64).
    public static let depthRecordHeaderBytes: Int64 = 8

    /// Bytes written for one recorded frame.
    public static func bytes(forFrameWithDepth hasDepth: Bool, width: Int = 256, height: Int = 192) -> Int64 {
        jsonBytesPerFrame + (hasDepth ? depthRecordHeaderBytes + Int64(width * height) * bytesPerDepthPixel : 0)
    }
}
