import CaptureEngine

/// The bundle's write rate, which the sensor uses to consume free storage while recording: the engine's
/// ``CaptureEngine/ScanBytes`` (the same bytes the session's modelled zipping reads), plus, on frames
/// with a camera image (when images are rendered: `run --out` without `--no-images`), its share of
/// `video.mp4`.
public enum StorageModel {
    /// Bytes of `arkitData.json` per recorded frame (``CaptureEngine/ScanBytes/jsonBytesPerFrame``).
    public static let jsonBytesPerFrame: Int64 = ScanBytes.jsonBytesPerFrame
    /// Bytes per depth pixel: a Float16 depth and a UInt8 confidence.
    public static let bytesPerDepthPixel: Int64 = ScanBytes.bytesPerDepthPixel
    /// Bytes of each depth record's header (its time as a Float64).
    public static let depthRecordHeaderBytes: Int64 = ScanBytes.depthRecordHeaderBytes

    /// Bytes of `video.mp4` per 640x480 image: 3,163, measured on the apartment scene's bundle (8,335,530
    /// bytes of H.264 for 2,635 images at the default quality).
    public static let videoBytesPerImage: Int64 = 3_163

    /// Bytes written for one recorded frame; `imagePixels` is the camera image's pixel count on frames
    /// with an image (its share of `video.mp4`, scaled from 640x480 by pixel count), 0 without.
    public static func bytes(forFrameWithDepth hasDepth: Bool, width: Int = 256, height: Int = 192, imagePixels: Int = 0) -> Int64 {
        (hasDepth ? ScanBytes.frame(depthWidth: width, height: height) : ScanBytes.frame(depthWidth: 0, height: 0))
            + videoBytesPerImage * Int64(imagePixels) / (640 * 480)
    }
}
