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

    /// Power-of-two sized, so indices wrap with a mask.
    private var storage: [Sample]
    private var mask: Int
    private var head = 0
    private(set) var count = 0
    /// Absolute number (since the last reset) of the oldest sample held.
    private var firstNumber = 0

    init(capacity: Int = 512) {
        var size = 2
        while size < capacity { size *= 2 }
        storage = Array(repeating: Sample(time: 0, position: .zero, yaw: 0), count: size)
        mask = size - 1
    }

    /// The sample `i` places after the oldest.
    @inline(__always) subscript(i: Int) -> Sample { storage[(head &+ i) & mask] }

    /// The newest sample.
    @inline(__always) var last: Sample? { count > 0 ? self[count - 1] : nil }

    @inline(__always)
    mutating func append(_ sample: Sample) {
        if count == storage.count { grow() }
        storage[(head &+ count) & mask] = sample
        count += 1
    }

    /// Drops samples older than `time`, always keeping the newest.
    @inline(__always)
    mutating func dropSamples(before time: Double) {
        while count > 1 && self[0].time < time {
            head = (head + 1) & mask
            count -= 1
            firstNumber += 1
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
        firstNumber = 0
    }

    /// A detector's place in the history for a window of fixed length: since times only grow, the oldest
    /// sample inside the window only moves forward, so a cursor finds it in amortised constant time.
    struct Cursor: Sendable {
        fileprivate var number = 0
        init() {}
    }

    /// The oldest sample at or after `time`, advancing `cursor` (which must only be used with windows
    /// whose start never moves back).
    @inline(__always) func oldestSample(notBefore time: Double, cursor: inout Cursor) -> Sample? {
        guard count > 0 else { return nil }
        let earliest = time - Tolerance.seconds
        var i = min(max(0, cursor.number - firstNumber), count)
        while i < count && self[i].time < earliest { i += 1 }
        cursor.number = firstNumber + i
        return i < count ? self[i] : nil
    }

    private mutating func grow() {
        var bigger = storage
        bigger.reserveCapacity(storage.count * 2)
        for i in 0..<count { bigger[i] = self[i] }
        bigger += Array(repeating: bigger[0], count: storage.count)
        storage = bigger
        mask = storage.count - 1
        head = 0
    }
}
