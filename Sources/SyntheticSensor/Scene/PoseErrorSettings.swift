/// The pose-error model's parameters (scene key `tracking`): how the pose the tracker reports (the
/// estimate recorded in bundles and seen by the engine) differs from the true pose the depth and colour
/// are rendered from (``PoseEstimateModel``; docs/scene-format.md, "`tracking`"). Lengths in metres,
/// angles in degrees. Every default is a guess fitted so that a reconstruction pipeline sees the pose
/// error it sees on phone captures (docs/lidar.md, "What a reconstruction pipeline sees"); ARKit does not
/// publish its tracker's error.
public struct PoseErrorSettings: Sendable, Equatable {
    /// Whether the reported pose carries the error (default true); false reports the true pose (plus the
    /// script's offset jumps and frozen or lost poses, as before).
    public var enabled = true
    /// Random walk of the position: RMS drift per horizontal axis after a path of p metres is
    /// `driftPerRootMeter * sqrt(p)`, metres per root metre (default 0.0025). The path counts metres
    /// moved plus `turnMetersPerRadian` per radian turned, so drift grows with distance and with turning.
    public var driftPerRootMeter: Double = 0.0025
    /// The vertical axis's share of that drift (gravity keeps it small; default 0.3).
    public var verticalDriftShare: Double = 0.3
    /// Random walk of the heading (yaw about the world's up axis): RMS after a path of p metres,
    /// `yawDriftDegreesPerRootMeter * sqrt(p)` degrees (default 0.1).
    public var yawDriftDegreesPerRootMeter: Double = 0.1
    /// Path length one radian of turning counts as, metres (default 0.5).
    public var turnMetersPerRadian: Double = 0.5
    /// Knots of the random walks, metres of path apart (default 0.25); the walk is linear between them,
    /// so the estimate moves smoothly.
    public var knotMeters: Double = 0.25
    /// A steady drift in a seeded direction (horizontal, up to +-0.2 of it vertical), metres per metre
    /// moved (default 0.002; this was `motion.driftPerMeter`).
    public var driftPerMeter: Double = 0.002
    /// Jitter of the position, metres (default 0.001), and of the orientation, degrees (default 0.03):
    /// smooth seeded noise of 1-6 Hz on each axis.
    public var jitterMeters: Double = 0.001
    public var jitterDegrees: Double = 0.03
    /// The tracker's frame-to-frame jitter: independent Gaussian noise on every frame, standard deviation
    /// per axis of the position, metres (default 0.00011), and of the orientation, degrees (default
    /// 0.022). A phone's recorded poses have it (issue 47: residuals from a cubic through 9 frames of
    /// 0.09-0.21 mm and 0.025-0.033 degrees on real captures, against 0.031 mm and 0.0012 degrees from the
    /// smooth jitter alone); the defaults are fitted to the middle of that range. A guess of its shape:
    /// the real captures give only those medians.
    public var frameJitterMeters: Double = 0.000_11
    public var frameJitterDegrees: Double = 0.022
    /// Loop closure: back within `loopClosureRadiusMeters` (default 0.6) of a place passed at least
    /// `loopClosureMinimumPathMeters` (default 4) of path earlier, facing within 45 degrees of the way it
    /// faced then, the estimate removes a share `loopClosureShare` (default 0.6) of the drift gathered
    /// since (measured against the earliest such place), blended in over `loopClosureSeconds` (default
    /// 0.3 s); at most once per metre of path.
    public var loopClosureShare: Double = 0.6
    public var loopClosureRadiusMeters: Double = 0.6
    public var loopClosureMinimumPathMeters: Double = 4
    public var loopClosureSeconds: Double = 0.3
    /// Relocalisation: when tracking returns to normal from lost or relocalising, the estimate jumps by
    /// a seeded step of this standard deviation per horizontal axis, metres (default 0.02), and of
    /// heading, degrees (default 0.3).
    public var relocalizationJumpMeters: Double = 0.02
    public var relocalizationJumpDegrees: Double = 0.3

    public init() {}

    /// No error: the reported pose is the true one.
    public static var off: PoseErrorSettings {
        var s = PoseErrorSettings()
        s.enabled = false
        return s
    }
}
