/// The correlated error and uncertainty-confidence model's parameters (scene key `lidar.correlated`),
/// defaults calibrated to phone captures (docs/lidar.md, "The LiDAR models against phone captures"). Lengths in metres, cells in
/// pixels, changes in frames. Every default is a fitted guess: no public source gives these numbers.
///
/// A pixel's error grows with depth through smooth value-noise fields (coarse, drifting over frames; fine,
/// new every frame) and white noise, scaled by its uncertainty U (grazing incidence, gloss, dark and mirror
/// materials, nearness to a depth edge or the image border, a blobby reliability field, distance), which
/// also sets its confidence (2 below 1, 1 below 2, else 0, with a medium halo beside low pixels). Depth
/// edges become ramps of flying pixels whose width a smooth field chooses stretch by stretch. The formulas,
/// each parameter's part in them and its default: docs/scene-format.md, "`lidar`"; the ramp profile:
/// ``CorrelatedErrorModel/rampProfile``.
public struct CorrelatedErrorSettings: Sendable, Equatable {
    /// Farthest return, metres (a phone's LiDAR returns to about 6.7 m); depth is clamped to it.
    public var rangeMeters: Float = 7
    /// What a pixel that sees no surface within range (out of a window, through an open door) reports
    /// (``NoReturnFill``): by default a depth interpolated from the returns around it, always at
    /// confidence 0, as a phone's `sceneDepth` has a value at every pixel (the real captures of
    /// docs/lidar.md are 100 % valid in every frame). A guess how: no public source says what ARKit
    /// reports through a window.
    public var noReturnFill: NoReturnFill = .interpolated
    /// Coarse (view-tied, drifting) error field's node standard deviation per z^1.5, metres per metre^1.5.
    public var coarsePerMeterToOneAndAHalf: Float = 0.0011
    /// Coarse field's cell, pixels.
    public var coarseCellPixels: Int = 32
    /// Frames over which the coarse field turns into a new independent one.
    public var coarseChangeFrames: Int = 2
    /// Warp (view-tied, slowly changing, low-frequency) error field's node standard deviation per metre
    /// of z-depth up to ``warpGrowthEndMeters``: the smooth error of centimetres at 3-4 m that does not
    /// average away over views (a guess fitted to what a reconstruction pipeline sees, docs/lidar.md:
    /// growing with z^2, it made walls 4-5 m away three times as thick as a phone's when fused).
    public var warpPerMeter: Float = 0.014
    /// Depth (metres) beyond which the warp's standard deviation stops growing.
    public var warpGrowthEndMeters: Float = 3
    /// How the warp grows up to ``warpGrowthEndMeters``: 0 linearly with z, 1 with z^2 (the same value at
    /// the end, a quarter of it at half the end), a mix between: `m ((1 - q) + q m / end)` metres of growth,
    /// m = min(z, end). A guess: the growth curve of a phone's depth error is not published.
    public var warpQuadraticShare: Float = 0.5
    /// Warp field's cell, pixels.
    public var warpCellPixels: Int = 32
    /// Frames over which the warp field turns into a new independent one.
    public var warpChangeFrames: Int = 120
    /// Standard deviation of the frame's global scale error (a share of the depth) ...
    public var frameScale: Float = 0.002
    /// ... and of its global offset, metres; both change over `frameChangeFrames` frames.
    public var frameOffsetMeters: Float = 0.002
    public var frameChangeFrames: Int = 8
    /// Heavy tails where confidence is low (densification failures): where a tail field (value noise of
    /// node standard deviation 1, cells `tailCellPixels`, changing over `tailChangeFrames`) has a value f
    /// above `tailThreshold`, the depth is multiplied by `exp(-a (tailMinimum + tailLogSpread |g|))` (nearer),
    /// a = min(1, (f - tailThreshold) / tailRamp), g a second field with cells `tailSizeCellPixels`, and the
    /// confidence drops to 1, to 0 where a > `tailLowAmount`: smooth patches wrong by decimetres to metres
    /// that rise from the surface around them without a depth edge, marked low as a phone marks them
    /// (guesses fitted to what a reconstruction pipeline sees on phone captures, docs/lidar.md). Both
    /// `tailMinimum` and `tailLogSpread` 0: no tails.
    public var tailThreshold: Float = 0.65
    public var tailRamp: Float = 1.15
    public var tailLowAmount: Float = 0.7
    public var tailCellPixels: Int = 96
    public var tailChangeFrames: Int = 30
    public var tailSizeCellPixels: Int = 128
    public var tailMinimum: Float = 0.2
    public var tailLogSpread: Float = 0.85
    /// Fine (new every frame) error field's node standard deviation per z^2, metres per square metre.
    public var finePerSquareMeter: Float = 0.0003
    /// Fine field's cell, pixels.
    public var fineCellPixels: Int = 4
    /// Per-pixel white noise standard deviation per z^2, metres per square metre.
    public var whitePerSquareMeter: Float = 0.00005
    /// Error growth per unit of uncertainty above 1.
    public var noiseGainPerUncertainty: Float = 4
    /// Smallest error factor (for the most certain pixels).
    public var minimumNoiseFactor: Float = 1
    /// Largest error factor (for the least certain pixels).
    public var maximumNoiseFactor: Float = 8
    /// Uncertainty from distance starts here, metres.
    public var distanceStartMeters: Float = 1.5
    /// ... grows this much per metre ...
    public var distancePerMeter: Float = 1.9
    /// ... over this many metres.
    public var distanceSpanMeters: Float = 1
    /// Uncertainty grows again beyond this depth, metres ...
    public var farStartMeters: Float = 4
    /// ... this much per metre.
    public var farPerMeter: Float = 8
    /// Uncertainty per unit of (1 / cos(incidence) - 1).
    public var grazing: Float = 0.25
    /// Uncertainty on a depth-edge pixel.
    public var edgeOn: Float = 4
    /// ... one pixel from one.
    public var edgeOneAway: Float = 2.7
    /// ... two pixels from one.
    public var edgeTwoAway: Float = 1.9
    /// Uncertainty on the image's outermost pixels, fading to 0 at `borderPixels`.
    public var border: Float = 6.5
    /// Width of the uncertain border, pixels.
    public var borderPixels: Int = 6
    /// Mean of the reliability field (negative: more certain).
    public var reliabilityMean: Float = -2.9
    /// Node standard deviation of the reliability field.
    public var reliabilitySpread: Float = 3.7
    /// Reliability field's cell, pixels.
    public var reliabilityCellPixels: Int = 40
    /// Frames over which the reliability field turns into a new independent one.
    public var reliabilityChangeFrames: Int = 30
    /// Share of a depth edge's length that has a ramp of flying pixels (the rest are clean steps).
    public var rampShare: Float = 1
    /// Of the ramps narrower than 4 pixels: the chance to be wider than 1 pixel, and (squared) wider than 2.
    public var rampWidening: Float = 0.25
    /// Share of the ramps that are four pixels wide (a phone's ramps have a long tail).
    public var rampWideShare: Float = 0.3
    /// Share of one-pixel ramps that lie on the near side of the edge (the rest on the far side).
    public var rampNearSideShare: Float = 0.25
    /// Share of one-pixel ramps whose pixel is a mixed return halfway between the two surfaces (a flying
    /// pixel); the rest lie close to their own side (the two-pixel ramp's places, within a fifth of the
    /// step: a return dominated by one surface), chosen per pixel. A guess fitted to the phone's flying
    /// share of the discontinuity zone (docs/lidar.md): the apartment's geometry alone (grazing surfaces,
    /// thin objects) already makes a fifth of its zone flying, so the default leaves none halfway.
    public var rampOneMixedShare: Float = 0
    /// Steps smaller than this share of the near depth are smoothed over the four pixels on and next to
    /// them instead (a fifth of the step each, so no pixel-to-pixel jump is left; a guess: the phone's depth
    /// is densified from a coarse grid of laser dots and does not keep small steps sharp).
    public var smoothedStepBelow: Float = 0.15
    /// Cell of the smooth field that sets the ramp widths, pixels (a stretch of edge mostly shares its width;
    /// the shares above hold for the default cell and drift a little with it).
    public var rampCellPixels: Int = 8
    /// Probability that a high-confidence pixel next to a low one keeps its level (no medium halo there).
    public var haloGap: Float = 0.01
    /// Uncertainty on a `dark` surface, scaled by how little light it reflects: times
    /// `max(0, 1 - luminance / 0.25)` of its albedo (a guess: dark surfaces return fewer photons).
    public var darkUncertainty: Float = 2.5
    /// Extra incidence factor per unit of gloss on `glossy` and `mirror` surfaces: the material adds
    /// `glossyGrazing * gloss * (1 / cos(incidence) - 1)` (a guess: the pulse reflects away from the
    /// sensor, more the more oblique the view).
    public var glossyGrazing: Float = 1.5
    /// Uncertainty on a `mirror` (a guess: most of the pulse leaves along the mirror direction).
    public var mirrorUncertainty: Float = 3.2

    public init() {}
}
