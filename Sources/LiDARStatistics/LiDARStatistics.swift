import CaptureEngine

/// The statistics of one capture, each defined in docs/lidar.md with the reference definitions of
/// `fid_compare.py`. A value is nil when the capture does not allow it (no confidence maps, no poses, too
/// few frames, too few pixels in that depth range).
public struct LiDARStatistics: Sendable {
    /// The capture's path and format.
    public var path: String
    public var format: LiDARCaptureFormat
    /// Frames in the capture, and the frames analysed on their own.
    public var frameCount = 0, analysedFrames = 0
    /// Map size, pixels.
    public var width = 0, height = 0

    /// For a Stray Scanner export: the camera convention its poses were read with and why (the median
    /// warp residual between frames 10 apart of each candidate); nil for other captures.
    public var poseConvention: String?
    /// Mean over the frames of the share of pixels with depth > 0, 0...1.
    public var validShare: Double?
    /// Share of analysed frames with at least one pixel without depth.
    public var framesWithHolesShare: Double?
    /// Largest depth among the depth samples (every k-th valid pixel of a frame, k = count / 4000), metres.
    public var maximumDepthMeters: Double?
    /// 95th percentile of the depth samples, metres.
    public var depthP95Meters: Double?
    /// Share of the pixels with depth at confidence 0, 1, 2.
    public var confidenceShares: [Double]?
    /// Share of confidence-2 pixels among pixels with depth in 0-1, 1-2, 2-3, 3-4, > 4 m.
    public var highShareByDepth: [Double?]?
    /// Share of confidence-0 pixels among pixels with depth below 2 m.
    public var lowShareBelow2Meters: Double?
    /// Share of confidence-0 pixels among the pixels with depth on the outer 6-pixel border.
    public var borderLowShare: Double?
    /// Share of confidence-0 pixels on a depth-edge pixel, at Euclidean distance exactly 1 px, exactly 2 px
    /// and 11 px or more from one.
    public var lowShareByEdgeDistance: [Double?]?
    /// Among 4-neighbour pairs (all pixels) with different confidences, the share that are 0 and 2.
    public var directLowHighShare: Double?
    /// Share of all 4-neighbour pairs whose confidences differ.
    public var confidenceChangeShare: Double?
    /// Mean over the frames of the share of the pixels with depth that are depth-edge pixels.
    public var edgePixelShare: Double?
    /// Flying pixels per analysed frame.
    public var flyingPixelsPerFrame: Double?
    /// Flying pixels as a share of the discontinuity zone.
    public var flyingShareOfZone: Double?
    /// Share of flying pixels with confidence 2.
    public var flyingHighShare: Double?
    /// Share of edge transitions 0, 1, 2, 3, 4+ pixels wide.
    public var transitionWidthShares: [Double]?
    /// Mean transition width, pixels.
    public var transitionWidthMean: Double?
    /// Median residual standard deviation of planes fitted to 16x16 high-confidence blocks at 0-1, 1-2,
    /// 2-3, 3-4 m, metres.
    public var planeResidualMeters: [Double?]?
    /// Correlation of that residual with the next pixel's (blocks at 2-3 m).
    public var residualNeighbourCorrelation: Double?
    /// Robust spread of 8x8-block means of frame-to-frame differences at 2-3 m over that of the pixels'.
    public var blockDifferenceRatio: Double?
    /// Robust spread of 8x8-block mean differences between views 10 frames apart at 2-3 and 3-4 m after
    /// removing what a small pose error explains, metres ...
    public var viewErrorMeters: [Double?]?
    /// ... and without removing it.
    public var viewErrorRawMeters: [Double?]?
    /// Robust spread of frame-to-frame differences at 2-3 m by confidence 0, 1, 2, metres.
    public var flickerMetersByConfidence: [Double?]?

    public init(path: String, format: LiDARCaptureFormat) {
        self.path = path
        self.format = format
    }
}
