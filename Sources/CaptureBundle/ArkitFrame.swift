import CaptureEngine

/// One `frames` entry of `arkitData.json`.
public struct ArkitFrame: Equatable, Sendable {
    /// Position among all logged inputs (frames and non-frame inputs together), from 0.
    public var seq: Int
    /// Seconds on the session clock.
    public var time: Double
    /// Camera-to-world, 16 numbers column-major (ARKit world, metres); NaN where the session was given a
    /// non-finite number (written as null).
    public var matrix: Matrix4x4
    /// Wide-camera intrinsics, pixels.
    public var intrinsics: CameraIntrinsics
    /// Tracking state reported with the frame.
    public var tracking: TrackingState
    /// Whether the session recorded the frame.
    public var recorded: Bool
    /// Index of the frame's depth map in `allDepthFrames.bin`.
    public var depthIndex: Int?
    /// Depths of the tracked feature points, metres along the viewing axis (devices without LiDAR; nil
    /// when the frame carried none). NaN where a non-finite depth was written as null.
    public var featureDepths: [Float]?
    /// Index of the frame's image in `video.mp4` (frames recorded with a camera image; nil otherwise).
    public var videoIndex: Int?

    public init(seq: Int, time: Double, matrix: Matrix4x4, intrinsics: CameraIntrinsics, tracking: TrackingState,
                recorded: Bool, depthIndex: Int?, featureDepths: [Float]? = nil, videoIndex: Int? = nil) {
        self.videoIndex = videoIndex
        self.seq = seq; self.time = time; self.matrix = matrix; self.intrinsics = intrinsics
        self.tracking = tracking; self.recorded = recorded; self.depthIndex = depthIndex
        self.featureDepths = featureDepths
    }

    /// The rigid camera-to-world pose (non-finite when the matrix is).
    public var transform: RigidTransform { RigidTransform(matrix) }
}
