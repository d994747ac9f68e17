/// Fewer points for drawing: a long input is drawn with a bounded number of points whatever its
/// length, keeping each bucket's extremes so peaks that crossed a threshold stay visible.
enum Decimation {
    /// Indices of `count` samples spread evenly, at most `maximum` (all of them when fewer).
    static func evenIndices(count: Int, maximum: Int) -> [Int] {
        guard count > maximum, maximum > 1 else { return Array(0..<count) }
        return (0..<maximum).map { Int((Double($0) * Double(count - 1) / Double(maximum - 1)).rounded()) }
    }

    /// For `buckets` equal time buckets over `times`, the indices of each bucket's smallest and largest
    /// finite value (in time order); NaN values split the line (a nil between runs).
    static func minMax(times: [Double], values: [Float], buckets: Int) -> [Int?] {
        let n = min(times.count, values.count)
        guard n > 0 else { return [] }
        if n <= buckets * 2 {
            var out: [Int?] = []
            var gap = false
            for i in 0..<n {
                if values[i].isFinite { out.append(i); gap = false }
                else if !gap { out.append(nil); gap = true }
            }
            return out
        }
        let start = times[0], span = max(times[n - 1] - start, 1e-9)
        var out: [Int?] = []
        out.reserveCapacity(buckets * 2 + 16)
        var i = 0
        for b in 0..<buckets {
            let end = b == buckets - 1 ? Double.infinity : start + span * Double(b + 1) / Double(buckets)
            var lo: Int?, hi: Int?
            var sawGap = false
            while i < n && times[i] < end {
                let v = values[i]
                if v.isFinite {
                    if lo == nil || v < values[lo!] { lo = i }
                    if hi == nil || v > values[hi!] { hi = i }
                } else {
                    sawGap = true
                }
                i += 1
            }
            if sawGap && lo == nil {
                if out.last.map({ $0 != nil }) ?? false { out.append(nil) }
                continue
            }
            if let lo, let hi {
                out.append(min(lo, hi))
                if lo != hi { out.append(max(lo, hi)) }
            }
        }
        return out
    }
}
