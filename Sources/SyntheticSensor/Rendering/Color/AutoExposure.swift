import Foundation

/// The colour camera's auto exposure and auto white balance, carried from frame to frame in order (a
/// value type, so a run's exposures are deterministic).
///
/// Exposure: each frame's mean log luminance (sampled on every fourth row and column of the image as the
/// sensor sees it: vignetted, white-balanced, before exposure) gives the scale that would bring it to
/// ``CameraSettings/exposureKey``; the scale moves towards it in log terms with the time constant
/// ``CameraSettings/exposureTimeConstantSeconds``: a fraction `1 - exp(-frame interval / time constant)`
/// of the way per frame, so after a sudden change the remaining log error falls to 1/e in one time
/// constant. The first frame is exposed at once.
///
/// White balance: grey world, partly: the gains that would make the frame's mean red and blue equal its
/// mean green (before the gains), raised to ``CameraSettings/whiteBalanceStrength``, reached with the same
/// time constant. Both lag a frame: ``ColorRenderer`` exposes a frame with the state set through the
/// previous one (a phone's pipeline lags too; the first frame with its own), so a frame is encoded while
/// it is shaded.
public struct AutoExposure: Sendable, Equatable {
    /// The exposure scale (``CameraSensor``: linear light to sensor signal) the last frame set, or nil
    /// before the first frame.
    public private(set) var scale: Float?
    /// The white-balance gains (red, green, blue) the last frame set.
    public private(set) var whiteBalance = SIMD3<Float>(repeating: 1)

    public init() {}

    /// The fraction of the way per frame for a time constant at a frame rate.
    static func adaptation(timeConstantSeconds: Double, frameRateHz: Double) -> Double {
        guard timeConstantSeconds > 0 else { return 1 }
        return 1 - exp(-1 / (frameRateHz * timeConstantSeconds))
    }

    /// Updates the state from a frame's mean log luminance and mean linear colour as seen by the sensor
    /// (with `appliedGains` already applied), and returns the new scale.
    @discardableResult
    mutating func expose(meanLogLuminance: Float, meanColour: SIMD3<Float>, appliedGains: SIMD3<Float>,
                         settings: CameraSettings) -> Float {
        let alpha = Self.adaptation(timeConstantSeconds: settings.exposureTimeConstantSeconds, frameRateHz: settings.frameRateHz)
        let target = settings.exposureKey / Float(exp(Double(meanLogLuminance)))
        // The frame's colour before white balance, and the gains grey world asks for (partly).
        let raw = meanColour / appliedGains
        var wanted = SIMD3<Float>(repeating: 1)
        if raw.x > 1e-6, raw.y > 1e-6, raw.z > 1e-6 {
            let strength = Double(settings.whiteBalanceStrength)
            wanted = SIMD3(Float(pow(Double(raw.y / raw.x), strength)), 1, Float(pow(Double(raw.y / raw.z), strength)))
        }
        guard let current = scale else {
            scale = target
            whiteBalance = wanted
            return target
        }
        func step(_ from: Float, _ to: Float) -> Float { from * Float(pow(Double(to / from), alpha)) }
        let next = step(current, target)
        scale = next
        whiteBalance = SIMD3(step(whiteBalance.x, wanted.x), 1, step(whiteBalance.z, wanted.z))
        return next
    }
}
