import CaptureEngine
import Foundation
import RegressionCheck
import SyntheticSensor

/// `capture-sim bench WHAT`: the benchmarks.
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "Run a benchmark: engine, render, bundle, replay, check"
    static let help = """
        USAGE: capture-sim bench <engine|render|bundle|replay|check> [options]

        Benchmarks run in the release build (make build). Each prints its figures and the command line.

          engine   pushes frames of a scripted walk through the session: frames/s and bytes allocated/frame
                   --frames N (default 2000000)
          replay   parses and replays a generated 1-hour 60 Hz pose log (ARKit transform and TUM formats):
                   poses/s; --poses N (default 216000)
          bundle   streams 256x192 LiDAR frames into the bundle writers, writes and zips: frames/s, phase
                   times, bytes, peak resident memory. --frames N (default 3600), --out DIR (default
                   .build/bench-bundle), --raw (also the raw RGBD package)
          render   LiDAR depth + confidence frames/s along the apartment's walk, SIMD and scalar, 1 and 2 cores
                   --scene FILE (default Scenes/apartment.json) --frames N (default 3000)
          check    the whole regression check of a scene folder on all cores: seconds, scenes/s
                   --scenes DIR (default Scenes)
        """

    var what: String
    var arguments: CommandLineArguments

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: ["frames", "seconds", "scene", "poses", "out", "scenes"], flags: ["json", "raw"])
        guard let what = parsed.positionals.first else { throw UsageError("which benchmark? engine") }
        guard ["engine", "replay", "bundle", "render", "check"].contains(what) else { throw UsageError("unknown benchmark '\(what)'") }
        self.what = what
        self.arguments = parsed
    }

    func run() throws -> ExitCode {
        switch what {
        case "render":
            let path = arguments.value("scene") ?? "Scenes/apartment.json"
            let frames = try arguments.integer("frames") ?? 3000
            guard frames > 0 else { throw UsageError("--frames must be positive") }
            let scene: Scene
            do { scene = try Scene.load(path: path) } catch { throw CommandFailure(error.description, exitCode: .badInput) }
            let result = RenderBenchmark.run(scene: scene, frames: frames, bands: 2)
            print(result.report)
            print("  command: capture-sim bench render --scene \(path) --frames \(frames)")
            return result.identical ? .success : .failure
        case "check":
            let folder = arguments.value("scenes") ?? DefaultPaths.scenesFolder
            let files: [String]
            do { files = try SceneCheck.sceneFiles([folder]) } catch { throw CommandFailure(error.description, exitCode: .badInput) }
            let jobs = ProcessInfo.processInfo.activeProcessorCount
            let clock = ContinuousClock()
            let start = clock.now
            let results = CheckCommand.runChecks(files: files, jobs: jobs, thresholds: { $0 }, update: false)
            let d = clock.now - start
            let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
            let passed = results.filter { $0.check.status == .passed }.count
            print("bench check: \(files.count) scenes of \(folder) on \(jobs) cores, \(passed) passed")
            print("  wall time       \(NumberFormatting.fixed(seconds, decimals: 2)) s")
            print("  scenes/s        \(NumberFormatting.fixed(Double(files.count) / seconds, decimals: 2))")
            let slowest = results.sorted { $0.seconds > $1.seconds }.prefix(3)
            print("  slowest         " + slowest.map { "\($0.check.path) \(NumberFormatting.fixed($0.seconds, decimals: 1)) s" }.joined(separator: ", "))
            print("  command: capture-sim bench check --scenes \(folder)")
        case "replay":
            return try ReplayBenchmark(poses: arguments.integer("poses") ?? 216_000).run()
        case "bundle":
            let frames = try arguments.integer("frames") ?? 3600
            guard frames > 0 else { throw UsageError("--frames must be positive") }
            let out = arguments.value("out") ?? ".build/bench-bundle"
            let report = try BundleBenchmark(frames: frames, outputFolder: out, raw: arguments.flag("raw")).run()
            print("bench bundle: \(report.frames) recorded 256x192 LiDAR frames into \(out)/bench\(arguments.flag("raw") ? " and bench-raw" : "")")
            print("  stream          \(NumberFormatting.fixed(report.streamSeconds, decimals: 3)) s (\(NumberFormatting.fixed(report.framesPerSecond, decimals: 0)) frames/s)")
            print("  write files     \(NumberFormatting.fixed(report.writeSeconds, decimals: 3)) s")
            print("  zip + validate  \(NumberFormatting.fixed(report.zipSeconds, decimals: 3)) s")
            print("  bundle          \(report.bundleBytes) bytes, zip \(report.zipBytes) bytes")
            print("  peak resident   \(report.peakResidentKilobytes.map { "\($0) kB" } ?? "unknown")")
        default:
            let frames = try arguments.integer("frames") ?? 2_000_000
            guard frames > 0 else { throw UsageError("--frames must be positive") }
            let report = try EngineBenchmark(frames: frames).run()
            print("bench engine: \(report.frames) frames of a scripted walk through CaptureSession on one core")
            print("  time            \(NumberFormatting.fixed(report.seconds, decimals: 3)) s")
            print("  frames/s        \(NumberFormatting.fixed(report.framesPerSecond / 1e6, decimals: 2)) M")
            print("  allocations     \(report.allocations) in the loop (\(NumberFormatting.fixed(report.bytesPerFrame, decimals: 3)) bytes/frame); \(report.allocationsBefore) before it")
            print("  events          \(report.events)")
        }
        return .success
    }
}
