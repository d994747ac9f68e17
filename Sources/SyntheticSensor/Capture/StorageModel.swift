/// The bundle's write rate, which the sensor uses to consume free storage while recording.
///
/// Per recorded frame the bundle writes its per-frame JSON (about `jsonBytesPerFrame`) and, on frames
/// with depth, the depth map as 16-bit floats plus one confidence byte per pixel:
/// `256 * 192 * (2 + 1) = 147,456` bytes. At 60 Hz with depth on every frame that is about 8.9 MB/s.
public enum StorageModel {
    /// Bytes of per-frame JSON in `arkitData.json` (timestamp, transform, intrinsics, tracking), ~350.
    public static let jsonBytesPerFrame: Int64 = 350
    /// Bytes per depth pixel: a Float16 depth and a UInt8 confidence.
    public static let bytesPerDepthPixel: Int64 = 3

    /// Bytes written for one recorded frame.
    public static func bytes(forFrameWithDepth hasDepth: Bool, width: Int = 256, height: Int = 192) -> Int64 {
        jsonBytesPerFrame + (hasDepth ? Int64(width * height) * bytesPerDepthPixel : 0)
    }
}
