import CaptureEngine

/// The statistics of one capture, each defined in docs/lidar.md. A value is nil when the capture does not
/// allow it (no confidence maps, no poses, too few frames, no pixel in that depth range).
public struct LiDARStatistics: Sendable {
    /// The capture's path and format.
    public var path: String
    public var format: LiDARCaptureFormat
    /// Frames in the capture, and the anchor frames analysed.
    public var frameCount = 0, analysedFrames = 0
    /// Map size, pixels.
    public var width = 0, height = 0

    /// Share of pixels with depth > 0, 0...1.
    public var validShare: Double?
    /// Share of analysed frames with at least one pixel without depth.
    public var framesWithHolesShare: Double?
    /// Largest depth, metres.
    public var maximumDepthMeters: Double?
    /// 95th percentile of the depth of pixels with a value, metres.
    public var depthP95Meters: Double?
    /// Share of all pixels at confidence 0, 1, 2.
    public var confidenceShares: [Double]?
    /// Share of confidence-2 pixels among pixels with depth in 0-1, 1-2, 2-3, 3-4, > 4 m.
    public var highShareByDepth: [Double?]?
    /// Share of confidence-0 pixels among pixels with depth below 2 m.
    public var lowShareBelow2Meters: Double?
    /// Share of confidence-0 pixels on the outer 6-pixel border.
    public var borderLowShare: Double?
    /// Share of confidence-0 pixels on a depth-edge pixel, 1 px, 2 px and more than 10 px from one.
    public var lowShareByEdgeDistance: [Double?]?
    /// Among 4-neighbour pairs with different confidences, the share that are 0 and 2.
    public var directLowHighShare: Double?
    /// Share of all pixels that are depth-edge pixels.
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
    /// Median RMS residual to a plane of 16x16 high-confidence blocks at 0-1, 1-2, 2-3, 3-4 m, metres.
    public var planeResidualMeters: [Double?]?
    /// Correlation of that residual with the next pixel's (blocks at 2-3 m).
    public var residualNeighbourCorrelation: Double?
    /// Robust spread of 8x8-block means of frame-to-frame differences over that of the pixels'.
    public var blockDifferenceRatio: Double?
    /// Robust spread of 8x8-block mean errors between views 10 frames apart at 2-3 and 3-4 m, metres.
    public var viewErrorMeters: [Double?]?
    /// Robust spread of frame-to-frame differences at 2-3 m by confidence 0, 1, 2, metres.
    public var flickerMetersByConfidence: [Double?]?

    public init(path: String, format: LiDARCaptureFormat) {
        self.path = path
        self.format = format
    }
}
