/// Watches camera frames arriving while recording (3.x codes 62 and 63): the time since the last frame,
/// and the share of the expected frames (``Thresholds/Frames/expectedRateHz``) that did not arrive over
/// a sliding window (``Thresholds/Frames/skippedWindowSeconds``).
///
/// Frame times sit in a ring preallocated at init (twice the window's expected frames), so watching
/// allocates nothing per frame.
struct FrameDeliveryMonitor: Sendable {
    let thresholds: Thresholds.Frames
    /// Whether a recording phase is being watched (set at its first input).
    private(set) var watching = false
    /// Arrival of the last frame, or the start of watching, seconds.
    private(set) var lastFrame = 0.0
    /// Start of watching: the window is judged once it lies wholly after this, seconds.
    private var origin = 0.0
    /// Whether 63 was reported and the share has not stayed below the threshold for a window since.
    private(set) var skippingReported = false
    /// Since when the share has been below the threshold (nil while at or above it), seconds.
    private var belowSince: Double?
    private var times: [Double]
    private var head = 0
    private var count = 0

    init(thresholds: Thresholds.Frames) {
        self.thresholds = thresholds
        let expected = thresholds.expectedRateHz * thresholds.skippedWindowSeconds
        times = [Double](repeating: 0, count: max(4, Int(min(expected, 1_000_000).rounded(.up)) * 2 + 2))
    }

    /// Starts watching at `t` (recording started or resumed): no frame yet, an empty window.
    mutating func begin(at t: Double) {
        watching = true
        lastFrame = t
        origin = t
        head = 0
        count = 0
        skippingReported = false
        belowSince = nil
    }

    /// Stops watching (not recording, or in the background).
    mutating func end() { watching = false }

    /// The time 62 is due at if no frame arrives before it, seconds.
    var notReceivingDeadline: Double { lastFrame + thresholds.notReceivingSeconds }

    /// The skipped share at a frame arriving at `t`: what the window judged, or nil while the window
    /// still reaches back before watching started.
    struct Reading {
        /// Share of the expected frames that did not arrive over the window, 0...1.
        var skippedShare: Double
        /// Whether the share is at or above the threshold and 63 was not reported for this stretch yet
        /// (a stretch ends when the share has stayed below the threshold for a whole window, so a
        /// share hovering at the threshold reports once).
        var reports: Bool
    }

    /// Records a frame arriving at `t`.
    mutating func frameArrived(at t: Double) -> Reading? {
        lastFrame = t
        let window = thresholds.skippedWindowSeconds
        if count == times.count { head = (head + 1) % times.count; count -= 1 }
        times[(head + count) % times.count] = t
        count += 1
        // The window is (t - window, t].
        while count > 0, times[head] <= t - window {
            head = (head + 1) % times.count
            count -= 1
        }
        guard t - origin >= window - Tolerance.seconds else { return nil }
        let expected = thresholds.expectedRateHz * window
        let share = max(0, 1 - Double(count) / expected)
        if share >= thresholds.skippedFraction {
            belowSince = nil
            let reports = !skippingReported
            skippingReported = true
            return Reading(skippedShare: share, reports: reports)
        }
        let since = belowSince ?? t
        belowSince = since
        if t - since >= window - Tolerance.seconds { skippingReported = false }
        return Reading(skippedShare: share, reports: false)
    }
}
