import SyntheticSensor

/// The generator's random choices, from ``SyntheticSensor/SeededRandom`` seeded by (data-set seed,
/// item index) alone, so an item never depends on the items before it.
struct GeneratorRandom {
    private var random: SeededRandom

    init(seed: UInt64, index: Int) {
        random = SeededRandom(seed: SeededRandom.hash(seed ^ SeededRandom.hash(UInt64(index) &+ 0x47454E)))
    }

    mutating func unit() -> Double { random.nextUnit() }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.upperBound <= range.lowerBound ? range.lowerBound : random.uniform(range.lowerBound, range.upperBound)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double { uniform(low...max(low, high)) }
    mutating func int(below n: Int) -> Int { min(n - 1, Int(random.nextUnit() * Double(n))) }
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + int(below: range.count) }
    mutating func next() -> UInt64 { random.next() }
}
