import Foundation
import CaptureEngine

/// The bundle's write rate, which the sensor uses to consume free storage while recording: the engine's
/// ``CaptureEngine/ScanBytes`` per frame (the same bytes the session's modelled zipping reads) and the
/// video's bytes per second of recording (``videoBytesPerSecond(camera:)``), which the phone writes
/// whether or not a run renders the images.
public enum StorageModel {
    /// Bytes of `arkitData.json` per recorded frame (``CaptureEngine/ScanBytes/jsonBytesPerFrame``).
    public static let jsonBytesPerFrame: Int64 = ScanBytes.jsonBytesPerFrame
    /// Bytes per depth pixel: a Float16 depth and a UInt8 confidence.
    public static let bytesPerDepthPixel: Int64 = ScanBytes.bytesPerDepthPixel
    /// Bytes of each depth record's header (its time as a Float64).
    public static let depthRecordHeaderBytes: Int64 = ScanBytes.depthRecordHeaderBytes

    /// Bytes of `video.mp4` per 640x480 image at the default quality (x264 CRF 23, preset ultrafast):
    /// 3,163, measured on the apartment scene's bundle (8,335,530 bytes of H.264 for 2,635 images).
    public static let videoBytesPerImage: Int64 = 3_163
    /// How the bytes per image grow with the pixel count: as its power 0.7 (measured on the
    /// fast-rotation scene's video at 640x480, 1280x960 and 1920x1440: 927, 2,358 and 4,439 bytes per
    /// image, exponents 0.67 and 0.71).
    public static let videoPixelExponent = 0.7
    /// CRF steps that halve the bytes: x264's rule of thumb (+6 CRF about halves the bitrate).
    public static let videoCRFHalvingSteps = 6.0

    /// Bytes written for one recorded frame without its video: its JSON and, with depth, its depth record.
    public static func bytes(forFrameWithDepth hasDepth: Bool, width: Int = 256, height: Int = 192) -> Int64 {
        hasDepth ? ScanBytes.frame(depthWidth: width, height: height) : ScanBytes.frame(depthWidth: 0, height: 0)
    }

    /// The bytes per second of recording the bundle's `video.mp4` takes with `camera`'s size, frame rate
    /// and quality: ``videoBytesPerImage`` scaled by the pixel count to the power ``videoPixelExponent``
    /// and halved every ``videoCRFHalvingSteps`` of CRF above 23, times the frame rate. The rate the
    /// encoder produces depends on what the images show (the apartment's furnished rooms take 3.4 times
    /// the bytes of the fast-rotation scene's bare room at 640x480); this is the furnished apartment's. The
    /// session is given the same rate (``CaptureEngine/SessionConfiguration/videoBytesPerSecond``), so
    /// the storage the sensor reports and the bytes zipping reads agree, in every run of a scene with or
    /// without images.
    public static func videoBytesPerSecond(camera: CameraSettings) -> Double {
        let pixels = Double(camera.width * camera.height) / (640 * 480)
        let quality = pow(2, (23 - Double(camera.videoCRF)) / videoCRFHalvingSteps)
        return Double(videoBytesPerImage) * pow(pixels, videoPixelExponent) * quality * camera.frameRateHz
    }
}
