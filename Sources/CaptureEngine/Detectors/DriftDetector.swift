/// *SDK doc*: "Position changed by over 10 meters during 2 second interval" (code 13).
///
/// Compares the current position with the oldest position recorded within the interval.
struct DriftDetector: Sendable {
    var thresholds: Thresholds.Drift
    private var cursor = PoseHistory.Cursor()
    /// The displacement measured at the latest check, metres (NaN when the interval had no sample).
    private(set) var measuredMeters = Double.nan

    init(thresholds: Thresholds.Drift) { self.thresholds = thresholds }

    mutating func reset() { cursor = PoseHistory.Cursor() }

    /// Returns the reading of a drift when the displacement over the interval exceeds the threshold.
    @inline(__always)
    mutating func check(history: PoseHistory, now: PoseHistory.Sample) -> DetectorReading? {
        guard let old = history.oldestSample(notBefore: now.time - thresholds.intervalSeconds, cursor: &cursor) else {
            measuredMeters = .nan
            return nil
        }
        let distance = (now.position - old.position).length
        measuredMeters = distance
        guard distance > thresholds.meters else { return nil }
        return DetectorReading(measured: distance, windowStart: old.time, windowSeconds: now.time - old.time)
    }

    /// The trace of a drift, built only when the abort is emitted.
    func trace(_ reading: DetectorReading) -> EventTrace {
        EventTrace(quantity: "displacement", measured: reading.measured, comparison: ">", threshold: thresholds.meters,
                   unit: "m", windowSeconds: reading.windowSeconds, windowStart: reading.windowStart)
    }
}
