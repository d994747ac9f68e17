import CaptureEngine
import CaptureReplay
import Foundation
import JSONSupport
import ScanReport

/// `capture-sim bench report`: the report of a generated one-hour pose log (the replay benchmark's walk,
/// ARKit camera-transform format, 60 Hz), made the way `capture-sim report LOG --out FILE` makes it:
/// read, replayed through the engine with its signals tapped, drawn and written. Prints the time of each
/// stage, the total and the file's size.
struct ReportBenchmark {
    /// Number of poses (216,000 = one hour at 60 Hz).
    var poses: Int
    /// Where the log and the report are written.
    var folder: String

    func run() throws -> ExitCode {
        guard poses > 0 else { throw UsageError("--poses expects a positive number") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let logPath = folder + "/walk.arkit.txt", reportPath = folder + "/walk-report.html"
        try Data(ReplayBenchmark(poses: poses).log(format: .arkit).utf8).write(to: URL(fileURLWithPath: logPath))
        print("report benchmark: \(poses) poses (\(NumberFormatting.compact(Double(poses) / 60 / 3600)) h at 60 Hz), \(logPath)")
        let clock = ContinuousClock()
        let start = clock.now
        let log: ReplayLog
        do { log = try ReplayReader.read(path: logPath) } catch { throw CommandFailure(error.description, exitCode: .failure) }
        let read = clock.now
        let recorder = ScanTraceRecorder(expectedDurationSeconds: log.inputs.last.map(\.time) ?? 0)
        _ = ReplayRun(log: log, observer: recorder.observe)
        let trace = recorder.finish()
        let replayed = clock.now
        var summary = ReportSummary()
        summary.rows = [("input", logPath), ("format", log.format.rawValue)]
            + ReportInput.sessionRows(trace, configuration: log.configuration)
        let page = ScanReportPage(title: "walk.arkit.txt: capture-sim report", subtitle: "benchmark", trace: trace, plan: nil,
                                  thresholds: log.configuration.thresholds, summary: summary)
        let html = HTMLReportWriter.html(page)
        let drawn = clock.now
        try ReportInput.write(html, to: reportPath, force: true)
        let end = clock.now
        func s(_ d: Duration) -> String {
            NumberFormatting.fixed(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18, decimals: 3) + " s"
        }
        print("  read \(s(read - start)), replay with signals \(s(replayed - read)), draw \(s(drawn - replayed)), write \(s(end - drawn))")
        print("  total \(s(end - start)) for \(trace.frameCount) frames, \(trace.events.count) events")
        print("  report \(reportPath): \(NumberFormatting.fixed(Double(html.utf8.count) / 1_000_000, decimals: 2)) MB")
        print("command: capture-sim bench report --poses \(poses)")
        return .success
    }
}
