/// Counts of values in equal bins over a fixed range (values outside it go to the end bins): quantiles
/// without keeping the samples.
struct ValueHistogram {
    let lower: Double, binWidth: Double
    private(set) var counts: [Int]
    private(set) var total = 0

    init(lower: Double, upper: Double, binWidth: Double) {
        self.lower = lower
        self.binWidth = binWidth
        counts = [Int](repeating: 0, count: max(1, Int(((upper - lower) / binWidth).rounded(.up))))
    }

    mutating func add(_ value: Double) {
        let bin = Int(((value - lower) / binWidth).rounded(.down))
        counts[min(counts.count - 1, max(0, bin))] += 1
        total += 1
    }

    /// The q-quantile (0...1), linear within its bin; nil when empty.
    func quantile(_ q: Double) -> Double? {
        guard total > 0 else { return nil }
        let target = q * Double(total)
        var below = 0
        for (bin, count) in counts.enumerated() where count > 0 {
            if Double(below + count) >= target {
                let within = (target - Double(below)) / Double(count)
                return lower + (Double(bin) + within) * binWidth
            }
            below += count
        }
        return lower + Double(counts.count) * binWidth
    }

    /// The interquartile range / 1.349: the standard deviation of a normal distribution with the same
    /// quartiles (robust to outliers); nil with fewer than `minimumCount` values.
    func robustStandardDeviation(minimumCount: Int = 20) -> Double? {
        guard total >= minimumCount, let q1 = quantile(0.25), let q3 = quantile(0.75) else { return nil }
        return (q3 - q1) / 1.349
    }
}
