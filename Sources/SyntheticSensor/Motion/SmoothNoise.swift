import Foundation

/// Smooth, seeded, zero-mean noise: a sum of three sinusoids with random frequencies and phases,
/// scaled so its amplitude is about `amplitude`. Deterministic for a seed; cheap to evaluate at any time.
struct SmoothNoise: Sendable {
    private var frequencies: SIMD3<Double>
    private var phases: SIMD3<Double>
    private var weights: SIMD3<Double>

    /// Noise with components between `minimumHz` and `maximumHz`.
    init(random: inout SeededRandom, minimumHz: Double, maximumHz: Double, amplitude: Double) {
        frequencies = SIMD3(random.uniform(minimumHz, maximumHz), random.uniform(minimumHz, maximumHz), random.uniform(minimumHz, maximumHz))
        phases = SIMD3(random.uniform(0, 2 * .pi), random.uniform(0, 2 * .pi), random.uniform(0, 2 * .pi))
        weights = SIMD3(0.5, 0.3, 0.2) * amplitude
    }

    func value(at t: Double) -> Double {
        weights.x * sin(2 * .pi * frequencies.x * t + phases.x)
            + weights.y * sin(2 * .pi * frequencies.y * t + phases.y)
            + weights.z * sin(2 * .pi * frequencies.z * t + phases.z)
    }
}
