import LiDARStatistics

/// A statistic of docs/lidar.md that `lidar fit` matches (each is moved mostly by one parameter).
public enum LiDARFitStatistic: String, CaseIterable, Sendable {
    case borderLowShare, lowShareOnEdge, lowShareOnePixelFromEdge, lowShareTwoPixelsFromEdge,
         lowShareFarFromEdge, highShareDropOneToThreeMeters, highShareBeyondFourMeters, cleanStepShare,
         multiPixelRampShare, viewErrorTwoToThreeMeters, flickerHighTwoToThreeMeters, flickerLowTwoToThreeMeters,
         residualNeighbourCorrelation, directLowHighShare

    /// The statistic's value in `s`, or nil when the capture does not give it.
    public func value(in s: LiDARStatistics) -> Double? {
        switch self {
        case .borderLowShare: s.borderLowShare
        case .lowShareOnEdge: s.lowShareByEdgeDistance?[0]
        case .lowShareOnePixelFromEdge: s.lowShareByEdgeDistance?[1]
        case .lowShareTwoPixelsFromEdge: s.lowShareByEdgeDistance?[2]
        case .lowShareFarFromEdge: s.lowShareByEdgeDistance?[3]
        case .highShareDropOneToThreeMeters:
            // How much the high share falls from 1-2 m to 2-3 m: the distance term's slope, which a
            // shift of the reliability (that moves both bins) leaves nearly alone.
            s.highShareByDepth.flatMap { h in h[1].flatMap { near in h[2].map { near - $0 } } }
        case .highShareBeyondFourMeters: s.highShareByDepth?[4]
        case .cleanStepShare: s.transitionWidthShares?[0]
        case .multiPixelRampShare:
            // Among the 1-3 px transitions, the share of 2-3 px ones.
            s.transitionWidthShares.flatMap { w in w[1] + w[2] + w[3] > 0 ? (w[2] + w[3]) / (w[1] + w[2] + w[3]) : nil }
        case .viewErrorTwoToThreeMeters: s.viewErrorMeters?[0]
        case .flickerHighTwoToThreeMeters: s.flickerMetersByConfidence?[2]
        case .flickerLowTwoToThreeMeters: s.flickerMetersByConfidence?[0]
        case .residualNeighbourCorrelation: s.residualNeighbourCorrelation
        case .directLowHighShare: s.directLowHighShare
        }
    }

    /// The size of a difference that counts as one unit of misfit: the larger of a share of the target
    /// value and an absolute floor (a share point, a tenth of a millimetre).
    func scale(target: Double) -> Double {
        switch self {
        case .borderLowShare, .lowShareOnEdge, .lowShareOnePixelFromEdge, .lowShareTwoPixelsFromEdge,
             .lowShareFarFromEdge, .highShareDropOneToThreeMeters, .highShareBeyondFourMeters, .cleanStepShare,
             .multiPixelRampShare, .directLowHighShare:
            max(0.1 * abs(target), 0.01)
        case .viewErrorTwoToThreeMeters, .flickerHighTwoToThreeMeters, .flickerLowTwoToThreeMeters:
            max(0.1 * abs(target), 0.0001)
        case .residualNeighbourCorrelation: 0.05
        }
    }

    /// Whether the value is a length in metres (shown in millimetres).
    var isLength: Bool {
        switch self {
        case .viewErrorTwoToThreeMeters, .flickerHighTwoToThreeMeters, .flickerLowTwoToThreeMeters: true
        case .borderLowShare, .lowShareOnEdge, .lowShareOnePixelFromEdge, .lowShareTwoPixelsFromEdge,
             .lowShareFarFromEdge, .highShareDropOneToThreeMeters, .highShareBeyondFourMeters, .cleanStepShare,
             .multiPixelRampShare, .residualNeighbourCorrelation, .directLowHighShare: false
        }
    }
}
