import Foundation

/// The sensor's pseudo-random number generator: xoshiro256** seeded through SplitMix64.
///
/// Every random choice of the synthetic sensor (noise, hand motion, feature rays) comes from this
/// generator or from ``SeededRandom/hash(_:)``, so the same seed gives the same numbers on every
/// machine. Nothing here reads a clock or the system's random source.
public struct SeededRandom: Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// A generator whose state is expanded from `seed` with SplitMix64 (as xoshiro's authors advise).
    public init(seed: UInt64) {
        var sm = seed
        s0 = SeededRandom.splitMix(&sm)
        s1 = SeededRandom.splitMix(&sm)
        s2 = SeededRandom.splitMix(&sm)
        s3 = SeededRandom.splitMix(&sm)
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    /// A uniform number in [0, 1) with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform number in [low, high).
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * nextUnit()
    }

    /// One of `choices` (not empty), each as likely, from one uniform number.
    public mutating func element<T>(of choices: [T]) -> T {
        choices[Int(uniform(0, Double(choices.count))) % choices.count]
    }

    /// A standard normal value (Box-Muller, from two uniform numbers).
    public mutating func gaussian() -> Double {
        let u = max(1e-300, nextUnit()), v = nextUnit()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// A generator for an independent stream named by `stream` (e.g. one per noise source).
    public func derived(stream: UInt64) -> SeededRandom {
        SeededRandom(seed: SeededRandom.hash(s0 ^ SeededRandom.hash(stream)))
    }

    /// SplitMix64's finaliser: a stateless 64-bit mix, used as a counter-based generator where the
    /// result must not depend on the order of evaluation (per-pixel noise in parallel row bands).
    @inlinable public static func hash(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
