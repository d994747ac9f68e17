/// A ring buffer of recent camera positions and unwrapped headings, oldest first, for the detectors that
/// measure over a time window (drift, sideways walk, fast rotation). Grows only when a window holds more
/// samples than it has room for, so steady state allocates nothing.
struct PoseHistory: Sendable {
    struct Sample: Sendable {
        var time: Double
        var position: SIMD3<Double>
        /// Accumulated rotation about world up since recording started, radians (not wrapped).
        var yaw: Double
    }

    private var storage: [Sample]
    private var head = 0
    private(set) var count = 0

    init(capacity: Int = 512) {
        storage = Array(repeating: Sample(time: 0, position: .zero, yaw: 0), count: max(capacity, 2))
    }

    /// The sample `i` places after the oldest.
    subscript(i: Int) -> Sample { storage[(head + i) % storage.count] }

    /// The newest sample.
    var last: Sample? { count > 0 ? self[count - 1] : nil }

    mutating func append(_ sample: Sample) {
        if count == storage.count { grow() }
        storage[(head + count) % storage.count] = sample
        count += 1
    }

    /// Drops samples older than `time`, always keeping the newest.
    mutating func dropSamples(before time: Double) {
        while count > 1 && self[0].time < time {
            head = (head + 1) % storage.count
            count -= 1
        }
    }

    /// The oldest sample at or after `time`.
    func oldestSample(notBefore time: Double) -> Sample? {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid].time < time - Tolerance.seconds { lo = mid + 1 } else { hi = mid }
        }
        return lo < count ? self[lo] : nil
    }

    mutating func removeAll() {
        head = 0
        count = 0
    }

    private mutating func grow() {
        var bigger = storage
        bigger.reserveCapacity(storage.count * 2)
        for i in 0..<count { bigger[i] = self[i] }
        bigger += Array(repeating: bigger[0], count: storage.count)
        storage = bigger
        head = 0
    }
}
