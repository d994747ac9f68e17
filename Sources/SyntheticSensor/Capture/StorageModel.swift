/// The bundle's write rate, which the sensor uses to consume free storage while recording.
///
/// Per recorded frame the bundle writes its per-frame JSON in `arkitData.json` (about
/// `jsonBytesPerFrame`) and, on frames with depth, one `allDepthFrames.bin` record: an 8-byte time plus
/// the depth map as 16-bit floats and one confidence byte per pixel, `8 + 256 * 192 * (2 + 1) = 147,464`
/// bytes. At 60 Hz with depth on every frame that is about 8.9 MB/s. Frames with a camera image (when
/// images are rendered: `run --out` without `--no-images`) also add their share of `video.mp4`.
public enum StorageModel {
    /// Bytes of `arkitData.json` per recorded frame (frame entry and input log): 406, measured on the
    /// apartment scene's bundle (2,140,579 bytes for 5,270 frames).
    public static let jsonBytesPerFrame: Int64 = 406
    /// Bytes per depth pixel: a Float16 depth and a UInt8 confidence.
    public static let bytesPerDepthPixel: Int64 = 3
    /// Bytes of each depth record's header (its time as a Float64).
    public static let depthRecordHeaderBytes: Int64 = 8

    /// Bytes of `video.mp4` per 640x480 image: 3,163, measured on the apartment scene's bundle (8,335,530
    /// bytes of H.264 for 2,635 images at the default quality).
    public static let videoBytesPerImage: Int64 = 3_163

    /// Bytes written for one recorded frame; `imagePixels` is the camera image's pixel count on frames
    /// with an image (its share of `video.mp4`, scaled from 640x480 by pixel count), 0 without.
    public static func bytes(forFrameWithDepth hasDepth: Bool, width: Int = 256, height: Int = 192, imagePixels: Int = 0) -> Int64 {
        jsonBytesPerFrame + (hasDepth ? depthRecordHeaderBytes + Int64(width * height) * bytesPerDepthPixel : 0)
            + videoBytesPerImage * Int64(imagePixels) / (640 * 480)
    }
}
