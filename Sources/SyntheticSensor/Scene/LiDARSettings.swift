/// The LiDAR model's parameters (scene key `lidar`): range, error model, noise and confidence rules.
///
/// With `errorModel` `.correlated` (the default), range, depth error, confidence and edges follow
/// ``CorrelatedErrorSettings`` (`correlated`), and only `edgeRelativeJump` of the fields below applies.
/// With `.white`, the fields below apply:
///
/// Noise: each depth gets a zero-mean, approximately Gaussian error with standard deviation
/// `noiseBaseMeters + noisePerSquareMeter * z^2` (z in metres), seeded per frame and pixel.
/// Confidence starts at 2 (high) for z <= `highConfidenceMaxMeters`, 1 (medium) up to
/// `mediumConfidenceMaxMeters`, 0 (low) beyond; it drops one level where the angle between the ray
/// and the surface normal exceeds `grazingMediumDegrees` and two where it exceeds
/// `grazingLowDegrees`; it is 0 at depth edges (a 4-neighbour differs by more than
/// `edgeRelativeJump` of the depth, or has no return). No return (beyond `rangeMeters`) is depth 0,
/// confidence 0.
public struct LiDARSettings: Sendable, Equatable {
    /// Farthest return of the white model, metres (default 5).
    public var rangeMeters: Float
    /// Which error and confidence model (default `.correlated`).
    public var errorModel: LiDARErrorModelKind = .correlated
    /// The correlated model's parameters.
    public var correlated = CorrelatedErrorSettings()
    /// Noise standard deviation at zero distance, metres (default 0.001).
    public var noiseBaseMeters: Float
    /// Noise growth with squared distance, metres per square metre (default 0.0008: 2 cm at 5 m).
    public var noisePerSquareMeter: Float
    /// High confidence up to this z-depth, metres (default 2.5).
    public var highConfidenceMaxMeters: Float
    /// Medium confidence up to this z-depth, metres (default 4).
    public var mediumConfidenceMaxMeters: Float
    /// Incidence angle beyond which confidence drops one level, degrees (default 60).
    public var grazingMediumDegrees: Float
    /// Incidence angle beyond which confidence drops two levels, degrees (default 78).
    public var grazingLowDegrees: Float
    /// Relative depth difference to a 4-neighbour that makes a depth edge, 0...1 (default 0.05).
    public var edgeRelativeJump: Float

    /// How often the depth map's content is renewed, per second (default nil: every depth frame). A phone
    /// renews `sceneDepth` at about 15 Hz under 60 Hz frames (Tondo 2023, Sensors); frames between renewals
    /// carry the last map unchanged. Applies to both models.
    public var refreshHz: Double?
    /// Imitates ARKit's `smoothedSceneDepth` (default false): each renewed map is blended into a running
    /// per-pixel average, `s += smoothingWeight * (d - s)`, restarting at `d` where the pixel had no value
    /// or `d` differs from `s` by more than `edgeRelativeJump` of `s` (motion, edges). Confidence is the new
    /// map's.
    public var smoothed = false
    /// Weight of the new map in the running average, 0 < w <= 1 (default 0.25, a guess: ARKit does not
    /// publish its filter).
    public var smoothingWeight: Float = 0.25

    /// The farthest return of the selected model, metres.
    public var effectiveRangeMeters: Float { errorModel == .correlated ? correlated.rangeMeters : rangeMeters }

    public init(rangeMeters: Float = 5, noiseBaseMeters: Float = 0.001, noisePerSquareMeter: Float = 0.0008,
                highConfidenceMaxMeters: Float = 2.5, mediumConfidenceMaxMeters: Float = 4,
                grazingMediumDegrees: Float = 60, grazingLowDegrees: Float = 78, edgeRelativeJump: Float = 0.05) {
        self.rangeMeters = rangeMeters
        self.noiseBaseMeters = noiseBaseMeters
        self.noisePerSquareMeter = noisePerSquareMeter
        self.highConfidenceMaxMeters = highConfidenceMaxMeters
        self.mediumConfidenceMaxMeters = mediumConfidenceMaxMeters
        self.grazingMediumDegrees = grazingMediumDegrees
        self.grazingLowDegrees = grazingLowDegrees
        self.edgeRelativeJump = edgeRelativeJump
    }
}
