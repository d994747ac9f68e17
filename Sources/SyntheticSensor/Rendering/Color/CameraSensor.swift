import Foundation

/// The phone camera's sensor and image pipeline after the light reaches it: how auto exposure's scale
/// becomes an exposure time and an analogue gain, the sensor noise that follows from them, and the tone
/// curve to 8-bit sRGB (docs/scene-format.md, `camera`).
///
/// Units: the shaded image is linear light in the renderer's arbitrary units; the exposure scale `S`
/// (``AutoExposure``) maps it to the sensor signal `s` (1 = the level the tone curve's knee puts at the
/// top of its linear part, 2 = clipping). After the tone curve and sRGB, an S curve (``CameraSettings/contrast``)
/// steepens the mid-tones as a phone's image processor does. `S = sensitivity x exposure time x gain`: the exposure time
/// is `S / sensitivity` clamped to ``CameraSettings/minExposureSeconds`` ... ``CameraSettings/maxExposureSeconds``,
/// the gain makes up the rest (1 ... ``CameraSettings/maxGain``; beyond it the image gets darker).
///
/// Noise: a sample of signal `s` (0...2) has variance, in signal units,
/// `(noiseLevel / noiseReduction)^2 x (gain x s / fullWell + (gain x readNoise / fullWell)^2)` (shot noise:
/// Poisson in the `s x fullWell / gain` electrons collected; read noise `readNoise` electrons before the
/// gain; the image processor's noise reduction dividing the standard deviation), carried
/// through the tone curve's slope to code values; drawn as a uniform variate of that variance from a
/// hash of the frame's seed and the pixel index (one hash a pixel, ten bits a channel; CColorEncode), so it is
/// deterministic.
struct CameraSensor: Sendable {
    let settings: CameraSettings
    /// Steps of the encoding table over the signal 0...2.
    static let tableSteps = 8192
    /// The signal at the table's top: 2 (the tone curve reaches white there).
    static let signalRange: Float = 2
    /// The tone curve's 8-bit sRGB code of each step, unrounded.
    private let codes: [Double]

    init(settings: CameraSettings) {
        self.settings = settings
        codes = (0..<Self.tableSteps).map { k in
            let s = Double(k) / Double(Self.tableSteps - 1) * Double(Self.signalRange)
            let l = Self.tone(s)
            let srgb = min(1, max(0, l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055))
            // The image processor's S curve: a blend towards smoothstep, steeper in the mid-tones.
            let contrast = Double(settings.contrast)
            let curved = srgb + contrast * (srgb * srgb * (3 - 2 * srgb) - srgb)
            return max(0, min(255, curved * 255))
        }
    }

    /// The highlight roll-off: linear up to 0.8, then an exponential shoulder `0.8 + 0.2 (1 - e^(-(s - 0.8) / 0.2))`
    /// (slope 1 at the knee, white at about 2), so a bright window keeps its gradient instead of clipping.
    static func tone(_ s: Double) -> Double {
        guard s > 0.8 else { return s }
        return 0.8 + 0.2 * (1 - exp(-(s - 0.8) / 0.2))
    }

    /// The exposure time (seconds), the gain and the effective scale (`sensitivity x time x gain`) that
    /// realise the exposure scale `scale`.
    func exposure(forScale scale: Float) -> (seconds: Double, gain: Double, effectiveScale: Float) {
        let sensitivity = settings.sensitivity
        let wanted = Double(scale) / sensitivity
        let seconds = min(max(wanted, settings.minExposureSeconds), settings.maxExposureSeconds)
        let gain = min(max(wanted / seconds, 1), settings.maxGain)
        return (seconds, gain, Float(sensitivity * seconds * gain))
    }

    /// The noise's standard deviation in signal units at signal `s` and `gain` (the model above).
    func noiseSigma(signal s: Double, gain: Double) -> Double {
        let level = Double(settings.noiseLevel) / settings.noiseReduction
        let fullWell = settings.fullWellElectrons
        let read = gain * settings.readNoiseElectrons / fullWell
        return level * (gain * max(0, s) / fullWell + read * read).squareRoot()
    }

    /// The encoder's table at `gain`: for each step k (signal 2k / 8191), the 8-bit code (rounded) and
    /// the noise's standard deviation in code values (the signal sigma times the tone curve's slope).
    func encodingPairs(gain: Double) -> [Float] {
        let steps = Self.tableSteps
        let ds = Double(Self.signalRange) / Double(steps - 1)
        var pairs = [Float](repeating: 0, count: 2 * steps)
        for k in 0..<steps {
            let lo = max(0, k - 1), hi = min(steps - 1, k + 1)
            let slope = (codes[hi] - codes[lo]) / (Double(hi - lo) * ds)
            pairs[2 * k] = Float(codes[k].rounded())
            pairs[2 * k + 1] = Float(noiseSigma(signal: Double(k) * ds, gain: gain) * slope)
        }
        return pairs
    }

    /// The factor from the effective exposure scale to the encoder's scale (signal 0...2 onto 0...1).
    static func encoderScale(_ effectiveScale: Float) -> Float { effectiveScale / signalRange }
}
