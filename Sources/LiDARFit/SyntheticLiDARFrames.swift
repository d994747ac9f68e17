import CaptureEngine
import LiDARStatistics
import SyntheticSensor
import JSONSupport

/// Depth frames of a scene's scripted walk rendered in memory with a given LiDAR model: the forward model
/// `lidar fit` compares with a real capture. The frames are those of the script's recording (the whole
/// script when it never records), rendered from the true pose with the frame indices and seeds a
/// `capture-sim run` of the scene uses, so their statistics are those of the scene's raw package written
/// with the same model.
public struct SyntheticLiDARFrames: LiDARFrameSource {
    public let path: String
    public var format: LiDARCaptureFormat { .synthetic }
    public var intrinsics: CameraIntrinsics { capture.depthRenderer.intrinsics }
    public let frameCount: Int
    private let capture: SyntheticCapture
    private let quantisation: DepthQuantisation
    /// The scene's frame index of frame 0.
    private let firstIndex: Int

    /// The frames of `scene` with its LiDAR model replaced by the correlated model `settings`.
    public init(scene: Scene, settings: CorrelatedErrorSettings, quantisation: DepthQuantisation) {
        var modelled = scene
        modelled.lidar.errorModel = .correlated
        modelled.lidar.correlated = settings
        capture = SyntheticCapture(scene: modelled)
        path = scene.source + " (the forward model)"
        let rate = scene.depth.frameRateHz
        let seconds = capture.recordingSeconds ?? 0..<capture.duration
        firstIndex = Int((seconds.lowerBound * rate).rounded(.up))
        frameCount = max(0, Int((seconds.upperBound * rate).rounded(.up)) - firstIndex)
        self.quantisation = quantisation
    }

    public func frame(_ offset: Int) throws(InputError) -> LiDARFrame {
        let index = firstIndex + offset
        let pose = capture.truePose(at: Double(index) / capture.scene.depth.frameRateHz)
        let seed = SeededRandom.hash(capture.seed ^ SeededRandom.hash(UInt64(index)))
        var map = capture.depthRenderer.render(cameraToWorld: pose, noiseSeed: seed, frameIndex: index,
                                               sequenceSeed: capture.seed, path: capture.options.renderPath,
                                               bands: capture.options.renderBands)
        quantisation.apply(&map.depth)
        return LiDARFrame(width: map.width, height: map.height, depth: map.depth, confidence: map.confidence,
                          cameraToWorld: pose * CoordinateConventions.openCVToARKitCamera)
    }
}
