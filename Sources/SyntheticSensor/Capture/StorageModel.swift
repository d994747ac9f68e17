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

    /// Bytes of `video.mp4` per 640x480 image at the default quality (x264 CRF 23, preset ultrafast, 30
    /// images a second): 14,919, the mean of six scenes' videos measured again on 2026-12-08 after the
    /// textures' doubled contrast and trilinear reads (apartment 15,894, background-relocalizing 16,525,
    /// fast-rotation 14,841, glass-mirror 14,903, too-close 13,823, ceiling 13,529 bytes an image; each
    /// within 11 % of the mean; before them the mean was 10,528, and 9,450 before the ground outside).
    public static let videoBytesPerImage: Int64 = 14_919
    /// How the bytes per image grow with the pixel count: as its power 0.67 (measured at 640x480, 1280x960
    /// and 1920x1440 before the ground outside: fast-rotation 9,357, 24,538 and 41,547 bytes an image,
    /// exponents 0.70 and 0.68; the apartment 10,790, 26,119 and 44,228, exponents 0.64 and 0.64; after it,
    /// fast-rotation 10,355 and 26,533 at 1280x960, exponent 0.68; after the doubled contrast 14,841 and
    /// 39,346, exponent 0.70).
    public static let videoPixelExponent = 0.67
    /// CRF steps that halve the bytes: x264's rule of thumb (+6 CRF about halves the bitrate).
    public static let videoCRFHalvingSteps = 6.0

    /// Bytes written for one recorded frame without its video: its JSON (with feature-point depths on a
    /// phone without LiDAR) and, with depth, its depth record.
    public static func bytes(forFrameWithDepth hasDepth: Bool, featureDepths: Bool = false, width: Int = 256, height: Int = 192) -> Int64 {
        ScanBytes.frame(depthWidth: hasDepth ? width : 0, height: hasDepth ? height : 0, featureDepths: featureDepths)
    }

    /// The bytes per second of recording the bundle's `video.mp4` takes with `camera`'s size, frame rate
    /// and quality: ``videoBytesPerImage`` scaled by the pixel count to the power ``videoPixelExponent``
    /// and halved every ``videoCRFHalvingSteps`` of CRF above 23, times the frame rate. The rate the
    /// encoder produces depends on what the images show (the six scenes measured span 13,529 to 16,525
    /// bytes an image at 640x480); this is their mean. The
    /// session is given the same rate (``CaptureEngine/SessionConfiguration/videoBytesPerSecond``), so
    /// the storage the sensor reports and the bytes zipping reads agree, in every run of a scene with or
    /// without images.
    public static func videoBytesPerSecond(camera: CameraSettings) -> Double {
        let pixels = Double(camera.width * camera.height) / (640 * 480)
        let quality = pow(2, (23 - Double(camera.videoCRF)) / videoCRFHalvingSteps)
        return Double(videoBytesPerImage) * pow(pixels, videoPixelExponent) * quality * camera.frameRateHz
    }
}
