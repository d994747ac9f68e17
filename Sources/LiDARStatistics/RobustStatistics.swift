/// Medians and robust spreads with the reference's definitions (numpy's median: the mean of the two middle
/// values of an even count).
///
/// Order statistics come from selection, not a sort: the values a sort would put at the middle ranks, in
/// linear time. The fit computes thousands of these over frames of 50,000 pixels.
enum RobustStatistics {
    /// The median; nil when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        var values = values
        let n = values.count, upper = select(&values, rank: n / 2)
        guard n % 2 == 0 else { return upper }
        return (values[..<(n / 2)].max()! + upper) / 2
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
        var values = values
        let position = q / 100 * Double(values.count - 1)
        let lower = Int(position.rounded(.down)), fraction = position - Double(lower)
        let below = select(&values, rank: lower)
        let above = lower + 1 < values.count ? values[(lower + 1)...].min()! : below
        return Double(below) + (Double(above) - Double(below)) * fraction
    }

    /// The value `values.sorted()[rank]`, with `values` reordered so that no element before `rank` is
    /// greater and none after it is smaller. Hoare's partition about a median of three, which keeps runs
    /// of equal values (quantised depth) balanced; past 2 log2(n) rounds the rest is sorted, so an
    /// adversarial order costs n log n at worst.
    static func select<Value: Comparable>(_ values: inout [Value], rank: Int) -> Value {
        precondition(values.indices.contains(rank), "rank \(rank) outside \(values.count) values")
        var low = 0, high = values.count - 1
        var rounds = 2 * (Int.bitWidth - values.count.leadingZeroBitCount)
        while low < high {
            guard rounds > 0 else {
                values[low...high].sort()
                break
            }
            rounds -= 1
            let middle = low + (high - low) / 2
            if values[middle] < values[low] { values.swapAt(middle, low) }
            if values[high] < values[low] { values.swapAt(high, low) }
            if values[high] < values[middle] { values.swapAt(high, middle) }
            let pivot = values[middle]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while pivot < values[j] { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if rank <= j { high = j } else if rank >= i { low = i } else { break }
        }
        return values[rank]
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
