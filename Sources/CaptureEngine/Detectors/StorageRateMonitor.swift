import JSONSupport
/// *SDK doc*: "Storage: [minutes] minutes left" (code 78) with the storageWarnings option. Minutes left
/// are free bytes divided by a write rate: at start (``startReport(freeBytes:)``) the nominal
/// ``Thresholds/Storage/estimateBytesPerSecond``; while recording this scan's own rate, measured from the
/// fall of free storage since recording started. While recording, 78 reports the minutes every
/// ``Thresholds/Storage/reportIntervalSeconds`` (*Android SDK 2.10.1 README, code 78*: "once on start
/// ... and in certain intervals during a scan while recording"), and warns as soon as they are under
/// ``Thresholds/Storage/warningMinutes``, again each time a whole minute is lost.
struct StorageRateMonitor: Sendable {
    var thresholds: Thresholds.Storage
    private var baseline: (time: Double, free: Int64)?
    private var lastWarnedMinutes: Int?
    /// When the latest interval report was due from (recording start, then each report).
    private var lastReportTime: Double?
    /// Minutes left at the latest update's write rate (NaN before the rate could be measured).
    private(set) var measuredMinutesLeft = Double.nan

    init(thresholds: Thresholds.Storage) { self.thresholds = thresholds }

    /// Recording starts at `time`: forget the previous rate; the first interval report is due one
    /// interval later.
    mutating func reset(recordingStart time: Double? = nil) {
        baseline = nil
        lastWarnedMinutes = nil
        lastReportTime = time
        measuredMinutesLeft = .nan
    }

    /// Whole minutes of scanning `freeBytes` allow at the nominal rate: the report at start.
    func startReport(freeBytes: Int64) -> (minutes: Int, trace: EventTrace) {
        let minutes = Double(max(0, freeBytes)) / thresholds.estimateBytesPerSecond / 60
        return (Self.whole(minutes),
                EventTrace(quantity: "storage left at the nominal \(NumberFormatting.compact(thresholds.estimateBytesPerSecond / 1_000_000)) MB/s",
                           measured: minutes, comparison: minutes < thresholds.warningMinutes ? "<" : ">=",
                           threshold: thresholds.warningMinutes, unit: "min"))
    }

    /// Updates with a free-bytes reading taken while recording; returns the whole minutes left and the
    /// trace when a report or a warning is due.
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
        let whole = Self.whole(minutesLeft)
        let warns = minutesLeft < thresholds.warningMinutes && lastWarnedMinutes.map { whole < $0 } ?? true
        let reportDue = lastReportTime.map { time - $0 >= thresholds.reportIntervalSeconds - Tolerance.seconds } ?? false
        guard warns || reportDue else { return nil }
        if warns { lastWarnedMinutes = whole }
        lastReportTime = time
        return (whole, EventTrace(quantity: "storage left at \(NumberFormatting.compact(bytesPerSecond / 1_000_000)) MB/s",
                                  measured: minutesLeft, comparison: minutesLeft < thresholds.warningMinutes ? "<" : ">=",
                                  threshold: thresholds.warningMinutes,
                                  unit: "min", windowSeconds: elapsed, windowStart: base.time))
    }

    /// Whole minutes (capped far below Int's range, so a huge estimate cannot trap).
    private static func whole(_ minutes: Double) -> Int { Int(Swift.min(minutes, 1e15).rounded(.down)) }
}
