import JSONSupport
/// *SDK doc*: "Storage: [minutes] minutes left" (code 78) with the storageWarnings option. Minutes left
/// are free bytes divided by a write rate: at start (``startReport(freeBytes:nominalBytesPerSecond:)``)
/// the rate recording writes at the session's settings (``SessionConfiguration/recordingBytesPerSecond``:
/// JSON, depth on the frames that carry it, video); while recording this
/// scan's own rate, measured from the fall of free storage since recording started. While recording, 78
/// reports the minutes every ``Thresholds/Storage/reportIntervalSeconds`` (*Android SDK 2.10.1 README,
/// code 78*: "once on start ... and in certain intervals during a scan while recording"), and warns as
/// soon as they are under ``Thresholds/Storage/warningMinutes``, again each time a whole minute is lost.
///
/// A report is information; one under ``Thresholds/Storage/warningMinutes`` is a warning (the Android
/// README's low storage text is shown "if the estimation of the maximum scan length the device can store
/// is less than 10 minutes"; seed 000's storageWarnings option: "warn the user when less than 10 minutes
/// remain").
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

    /// A report of 78: the whole minutes left, why, and its severity (a warning under the warning minutes).
    struct Report: Equatable {
        var minutes: Int
        var trace: EventTrace
        var severity: EventSeverity
    }

    /// Whole minutes of scanning `freeBytes` allow at the rate recording is expected to write: the report at start.
    func startReport(freeBytes: Int64, nominalBytesPerSecond rate: Double) -> Report {
        let minutes = Double(max(0, freeBytes)) / rate / 60
        return report(minutes, EventTrace(quantity: "storage left at the expected \(NumberFormatting.compact(rate / 1_000_000)) MB/s",
                                          measured: minutes, comparison: minutes < thresholds.warningMinutes ? "<" : ">=",
                                          threshold: thresholds.warningMinutes, unit: "min"))
    }

    private func report(_ minutes: Double, _ trace: EventTrace) -> Report {
        Report(minutes: Self.whole(minutes), trace: trace, severity: minutes < thresholds.warningMinutes ? .warning : .info)
    }

    /// Updates with a free-bytes reading taken while recording; returns the whole minutes left and the
    /// trace when a report or a warning is due.
    mutating func update(freeBytes: Int64, time: Double) -> Report? {
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
        return report(minutesLeft, EventTrace(quantity: "storage left at \(NumberFormatting.compact(bytesPerSecond / 1_000_000)) MB/s",
                                              measured: minutesLeft, comparison: minutesLeft < thresholds.warningMinutes ? "<" : ">=",
                                              threshold: thresholds.warningMinutes,
                                              unit: "min", windowSeconds: elapsed, windowStart: base.time))
    }

    /// Whole minutes (capped far below Int's range, so a huge estimate cannot trap).
    private static func whole(_ minutes: Double) -> Int { Int(Swift.min(minutes, 1e15).rounded(.down)) }
}
