import Foundation

/// The colour camera's auto exposure: each frame's linear radiance is scaled so that its mean log
/// luminance (sampled on every fourth row and column) moves towards ``CameraSettings/exposureKey``,
/// ``CameraSettings/exposureAdaptation`` of the way per frame in log terms (the first frame at once).
/// A value type carried from frame to frame in order, so a run's exposures are deterministic.
/// ``ColorRenderer`` exposes each frame with the scale set through the previous frame (a phone's auto
/// exposure also lags a frame; the first frame is exposed with its own), so a frame can be encoded while
/// it is shaded.
public struct AutoExposure: Sendable, Equatable {
    /// The scale applied to the last frame's linear radiance, or nil before the first frame.
    public private(set) var scale: Float?

    public init() {}

    /// Updates the exposure from a frame's mean log luminance and returns the scale to apply to it.
    mutating func expose(meanLogLuminance: Float, key: Float, adaptation: Float) -> Float {
        let target = key / Float(exp(Double(meanLogLuminance)))
        guard let current = scale else {
            scale = target
            return target
        }
        let next = current * Float(pow(Double(target / current), Double(adaptation)))
        scale = next
        return next
    }
}
