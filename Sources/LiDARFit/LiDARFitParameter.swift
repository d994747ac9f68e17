import Foundation
import SyntheticSensor

/// A parameter of the correlated LiDAR model (``CorrelatedErrorSettings``, scene key `lidar.correlated`)
/// that `lidar fit` estimates, with the statistic it is matched with. The name is the scene key.
public enum LiDARFitParameter: String, CaseIterable, Sendable {
    case border, edgeOn, edgeOneAway, edgeTwoAway, reliabilityMean, distancePerMeter, farPerMeter,
         rampShare, rampWidening, coarsePerMeterToOneAndAHalf, finePerSquareMeter,
         noiseGainPerUncertainty, whitePerSquareMeter, haloGap

    /// How the parameter is searched: in logarithm (positive scales) or linearly, within bounds.
    enum Scale: Equatable {
        case logarithmic(minimum: Float, maximum: Float)
        case linear(minimum: Float, maximum: Float)
    }

    /// The statistic that moves most with this parameter.
    public var statistic: LiDARFitStatistic {
        switch self {
        case .border: .borderLowShare
        case .edgeOn: .lowShareOnEdge
        case .edgeOneAway: .lowShareOnePixelFromEdge
        case .edgeTwoAway: .lowShareTwoPixelsFromEdge
        case .reliabilityMean: .lowShareFarFromEdge
        case .distancePerMeter: .highShareDropOneToThreeMeters
        case .farPerMeter: .highShareBeyondFourMeters
        case .rampShare: .cleanStepShare
        case .rampWidening: .multiPixelRampShare
        case .coarsePerMeterToOneAndAHalf: .viewErrorTwoToThreeMeters
        case .finePerSquareMeter: .flickerHighTwoToThreeMeters
        case .noiseGainPerUncertainty: .flickerLowTwoToThreeMeters
        case .whitePerSquareMeter: .residualNeighbourCorrelation
        case .haloGap: .directLowHighShare
        }
    }

    /// Where the parameter lives in the settings.
    public var keyPath: WritableKeyPath<CorrelatedErrorSettings, Float> {
        switch self {
        case .border: \.border
        case .edgeOn: \.edgeOn
        case .edgeOneAway: \.edgeOneAway
        case .edgeTwoAway: \.edgeTwoAway
        case .reliabilityMean: \.reliabilityMean
        case .distancePerMeter: \.distancePerMeter
        case .farPerMeter: \.farPerMeter
        case .rampShare: \.rampShare
        case .rampWidening: \.rampWidening
        case .coarsePerMeterToOneAndAHalf: \.coarsePerMeterToOneAndAHalf
        case .finePerSquareMeter: \.finePerSquareMeter
        case .noiseGainPerUncertainty: \.noiseGainPerUncertainty
        case .whitePerSquareMeter: \.whitePerSquareMeter
        case .haloGap: \.haloGap
        }
    }

    /// The search space: wide bounds around the calibrated defaults (probabilities stay in 0...1).
    var scale: Scale {
        switch self {
        case .border: .logarithmic(minimum: 0.05, maximum: 50)
        case .edgeOn, .edgeOneAway, .edgeTwoAway: .logarithmic(minimum: 0.01, maximum: 20)
        case .reliabilityMean: .linear(minimum: -8, maximum: 4)
        case .distancePerMeter, .farPerMeter: .logarithmic(minimum: 0.01, maximum: 30)
        case .rampShare, .rampWidening, .haloGap: .linear(minimum: 0, maximum: 1)
        case .coarsePerMeterToOneAndAHalf: .logarithmic(minimum: 0.000_01, maximum: 0.05)
        case .finePerSquareMeter, .whitePerSquareMeter: .logarithmic(minimum: 0.000_001, maximum: 0.02)
        case .noiseGainPerUncertainty: .logarithmic(minimum: 0.01, maximum: 40)
        }
    }

    /// The parameter's search coordinate (its logarithm, or itself).
    func coordinate(of value: Float) -> Double {
        switch scale {
        case .logarithmic(let lo, let hi): log(Double(min(max(value, lo), hi)))
        case .linear(let lo, let hi): Double(min(max(value, lo), hi))
        }
    }

    /// The value at search coordinate `u`, inside the bounds.
    func value(atCoordinate u: Double) -> Float {
        switch scale {
        case .logarithmic(let lo, let hi): min(max(Float(exp(u)), lo), hi)
        case .linear(let lo, let hi): min(max(Float(u), lo), hi)
        }
    }

    /// The bounds in search coordinates.
    var coordinateBounds: ClosedRange<Double> {
        switch scale {
        case .logarithmic(let lo, let hi): log(Double(lo))...log(Double(hi))
        case .linear(let lo, let hi): Double(lo)...Double(hi)
        }
    }

    /// The probe step for the first slope estimate, and the largest step of one iteration.
    var steps: (probe: Double, largest: Double) {
        switch scale {
        case .logarithmic: (log(1.5), log(3))
        case .linear(let lo, let hi): (Double(hi - lo) * 0.1, Double(hi - lo) * 0.3)
        }
    }
}
