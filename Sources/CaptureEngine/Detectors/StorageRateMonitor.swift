/// *SDK doc*: "Storage: [minutes] minutes left" (code 78) with the storageWarnings option. Minutes left
/// are free bytes divided by this scan's write rate, measured from the fall of free storage since
/// recording started. Warns when under ``Thresholds/Storage/warningMinutes``, and again each time a whole
/// minute is lost.
struct StorageRateMonitor: Sendable {
    var thresholds: Thresholds.Storage
    private var baseline: (time: Double, free: Int64)?
    private var lastWarnedMinutes: Int?
    /// Minutes left at the latest update's write rate (NaN before the rate could be measured).
    private(set) var measuredMinutesLeft = Double.nan

    init(thresholds: Thresholds.Storage) { self.thresholds = thresholds }

    mutating func reset() {
        baseline = nil
        lastWarnedMinutes = nil
        measuredMinutesLeft = .nan
    }

    /// Updates with a free-bytes reading taken while recording; returns the whole minutes left and the
    /// trace when a warning is due.
    mutating func update(freeBytes: Int64, time: Double) -> (minutes: Int, trace: EventTrace)? {
        guard let base = baseline else {
            baseline = (time, freeBytes)
            return nil
        }
        let elapsed = time - base.time
        guard elapsed >= thresholds.minimumRateWindowSeconds - Tolerance.seconds else { return nil }
        let written = Double(base.free - freeBytes)
        guard written > 0 else { return nil }
        let bytesPerSecond = written / elapsed
        let minutesLeft = Double(max(0, freeBytes)) / bytesPerSecond / 60
        measuredMinutesLeft = minutesLeft
        guard minutesLeft < thresholds.warningMinutes else { return nil }
        // Whole minutes left (capped far below Int's range, so a huge warning threshold cannot trap).
        let whole = Int(Swift.min(minutesLeft, 1e15).rounded(.down))
        if let last = lastWarnedMinutes, whole >= last { return nil }
        lastWarnedMinutes = whole
        return (whole, EventTrace(quantity: "storage left at \(NumberFormatting.compact(bytesPerSecond / 1_000_000)) MB/s",
                                  measured: minutesLeft, comparison: "<", threshold: thresholds.warningMinutes,
                                  unit: "min", windowSeconds: elapsed, windowStart: base.time))
    }
}
