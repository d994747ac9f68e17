import BundleIO
import CaptureEngine
import CaptureReplay
import Foundation
import JSONSupport
import ScanReport

/// `capture-sim bench report`: the report of a generated one-hour pose log (the replay benchmark's walk,
/// ARKit camera-transform format, 60 Hz), made the way `capture-sim report LOG --out FILE` makes it:
/// read, replayed through the engine with its signals tapped, drawn and written. Prints the time of each
/// stage, the total and the file's size.
public struct ReportBenchmark {
    /// Number of poses (216,000 = one hour at 60 Hz).
    public var poses: Int
    /// Where the log and the report are written.
    public var folder: String

    public init(poses: Int, folder: String) {
        self.poses = poses
        self.folder = folder
    }

    /// Writes the log, makes its report and returns the lines `capture-sim bench report` prints.
    public func run() throws(BenchmarkError) -> [String] {
        guard poses > 0, poses <= ReplayReader.maximumPoses else {
            throw BenchmarkError(.usage, "--poses expects a positive number up to \(ReplayReader.maximumPoses), the most a log may hold")
        }
        let logPath = folder + "/walk.arkit.txt", reportPath = folder + "/walk-report.html"
        do {
            try FileSystem.makeDirectories(folder)
            try Data(ReplayBenchmark(poses: poses).log(format: .arkit).utf8).write(to: URL(fileURLWithPath: logPath))
        } catch let error as FileSystemError {
            throw BenchmarkError(.failure, "\(logPath): cannot write the log: \(error)")
        } catch {
            throw BenchmarkError(.failure, "\(logPath): cannot write the log: \(error.localizedDescription)")
        }
        var lines = ["report benchmark: \(poses) poses (\(NumberFormatting.compact(Double(poses) / 60 / 3600)) h at 60 Hz), \(logPath)"]
        let clock = ContinuousClock()
        let start = clock.now
        let log: ReplayLog
        do { log = try ReplayReader.read(path: logPath) } catch { throw BenchmarkError(.failure, error.description) }
        let read = clock.now
        let recorder = ScanTraceRecorder(expectedDurationSeconds: log.inputs.last.map(\.time) ?? 0)
        _ = ReplayRun(log: log, observer: recorder.observe)
        let trace = recorder.finish()
        let replayed = clock.now
        var summary = ReportSummary()
        summary.rows = [("input", logPath), ("format", log.format.rawValue)]
            + ReportSummary.sessionRows(trace, configuration: log.configuration)
        let page = ScanReportPage(title: "walk.arkit.txt: capture-sim report", subtitle: "benchmark", trace: trace, plan: nil,
                                  thresholds: log.configuration.thresholds, summary: summary)
        let html = HTMLReportWriter.html(page)
        let drawn = clock.now
        do { try Data(html.utf8).write(to: URL(fileURLWithPath: reportPath), options: .atomic) } catch {
            throw BenchmarkError(.failure, "\(reportPath): cannot write the report: \(error.localizedDescription)")
        }
        let end = clock.now
        func s(_ d: Duration) -> String { NumberFormatting.fixed(d.inSeconds, decimals: 3) + " s" }
        lines.append("  read \(s(read - start)), replay with signals \(s(replayed - read)), draw \(s(drawn - replayed)), write \(s(end - drawn))")
        lines.append("  total \(s(end - start)) for \(trace.frameCount) frames, \(trace.events.count) events")
        lines.append("  report \(reportPath): \(NumberFormatting.fixed(Double(html.utf8.count) / 1_000_000, decimals: 2)) MB")
        lines.append("command: capture-sim bench report --poses \(poses)")
        return lines
    }
}
