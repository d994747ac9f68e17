import CaptureEngine
import Foundation
import JSONSupport
import RegressionCheck

/// `capture-sim bench check`: the whole regression check of a scene folder on all cores, as
/// `capture-sim check` runs it (``SceneCheck/checkAll(files:jobs:thresholds:update:)``), timed.
public struct CheckBenchmark {
    /// The folder of scenes.
    public var folder: String
    /// Scenes checked at once (default: the machine's cores).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    public init(folder: String) { self.folder = folder }

    /// Checks every scene and returns the lines `capture-sim bench check` prints: scenes passed, wall
    /// time, scenes per second and the three slowest scenes.
    public func run() throws(BenchmarkError) -> [String] {
        let files: [String]
        do { files = try SceneCheck.sceneFiles([folder]) } catch { throw BenchmarkError(.badInput, error.description) }
        let clock = ContinuousClock()
        let start = clock.now
        let results = SceneCheck.checkAll(files: files, jobs: jobs, thresholds: { $0 }, update: false)
        let seconds = (clock.now - start).inSeconds
        let passed = results.filter { $0.check.status == .passed }.count
        let slowest = results.sorted { $0.seconds > $1.seconds }.prefix(3)
        return ["bench check: \(files.count) scenes of \(folder) on \(jobs) cores, \(passed) passed",
                "  wall time       \(NumberFormatting.fixed(seconds, decimals: 2)) s",
                "  scenes/s        \(NumberFormatting.fixed(Double(files.count) / seconds, decimals: 2))",
                "  slowest         " + slowest.map { "\($0.check.path) \(NumberFormatting.fixed($0.seconds, decimals: 1)) s" }.joined(separator: ", "),
                "  command: capture-sim bench check --scenes \(folder)"]
    }
}
