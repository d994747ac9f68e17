/// Medians and robust spreads with the reference's definitions (numpy's median: the mean of the two middle
/// values of an even count).
enum RobustStatistics {
    /// The median; nil when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    /// The robust spread `1.4826 * median(|x - median(x)|)` (the standard deviation of a normal
    /// distribution with the same median absolute deviation); nil with fewer than 10 values.
    static func spread(_ values: [Double]) -> Double? {
        guard values.count >= 10, let centre = median(values), let deviation = median(values.map { abs($0 - centre) }) else { return nil }
        return 1.4826 * deviation
    }

    /// The q-th percentile (0...100) with linear interpolation between the two nearest ranks (numpy's
    /// default); nil when empty.
    static func percentile(_ values: [Float], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), position = q / 100 * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = min(sorted.count - 1, lower + 1), fraction = position - Double(lower)
        return Double(sorted[lower]) + (Double(sorted[upper]) - Double(sorted[lower])) * fraction
    }

    /// numpy's `unique(linspace(start, stop, count).astype(int))`: `count` values evenly spread from
    /// `start` to `stop` (the last exactly `stop`), truncated to integers, without repeats.
    static func spread(from start: Int, to stop: Int, count: Int) -> [Int] {
        evenly(from: start, to: stop, count: count).reduce(into: [Int]()) { list, v in if list.last != v { list.append(v) } }
    }

    /// The same with repeats (numpy's `linspace(...).astype(int)`).
    static func evenly(from start: Int, to stop: Int, count: Int) -> [Int] {
        guard count > 0 else { return [] }
        guard count > 1 else { return [start] }
        let step = Double(stop - start) / Double(count - 1)
        return (0..<count).map { i in i == count - 1 ? stop : Int(Double(i) * step + Double(start)) }
    }
}
