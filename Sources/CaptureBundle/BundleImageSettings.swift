import CaptureEngine

/// How the bundle writers encode the camera images that frames carry (``CaptureEngine/CameraFrame/color``):
/// `video.mp4` in the CubiCapture layout, `rgb/*.jpg` in the raw package. Frames without an image write
/// neither. Defaults match the scene format's `camera` block.
public struct BundleImageSettings: Sendable, Equatable {
    /// The video's nominal frame rate, frames per second (default 30): each frame is shown 1/rate s.
    public var frameRateHz: Double
    /// x264's constant rate factor, 0...51 (default 23).
    public var videoCRF: Int
    /// JPEG quality, 1...100 (default 90).
    public var jpegQuality: Int
    /// The lens's distortion (OpenCV's Brown-Conrady coefficients), written as `k1`, `k2`, `p1`, `p2`, `k3`
    /// to `raw/rgb_intrinsics.json` and to `arkitData.json`'s `video` (default nil: a pinhole camera, no
    /// keys written).
    public var distortion: LensDistortion?

    public init(frameRateHz: Double = 30, videoCRF: Int = 23, jpegQuality: Int = 90, distortion: LensDistortion? = nil) {
        self.frameRateHz = frameRateHz
        self.videoCRF = videoCRF
        self.jpegQuality = jpegQuality
        self.distortion = distortion
    }
}
