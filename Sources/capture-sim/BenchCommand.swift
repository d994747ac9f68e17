import Benchmarks
import SyntheticSensor

/// `capture-sim bench WHAT`: the benchmarks.
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "Run a benchmark: engine, render, bundle, replay, check, report"
    static let help = """
        USAGE: capture-sim bench <engine|render|bundle|replay|check|report> [options]

        Benchmarks run in the release build (make build). Each prints its figures and the command line.

          engine   pushes frames of a scripted walk through the session: frames/s and bytes allocated/frame
                   --frames N (default 2000000)
          replay   parses and replays a generated 1-hour 60 Hz pose log (ARKit transform and TUM formats):
                   poses/s; --poses N (default 216000, at most 262144)
          bundle   a 60 Hz scan of the scene's walk (repeated to length) with a depth map every frame:
                   rendered, run through the session and written in both layouts (CubiCapture bundle
                   and raw RGBD package), zipped and validated. Prints time per stage (render, session,
                   encode + write, scan files, zip + validate), wall time, frames/s, bytes, peak
                   resident memory. --scene FILE (default Scenes/apartment.json), --seconds S
                   recording length (default 600), --frames N (instead: N recorded frames, N/60 s),
                   --out DIR (default .build/bench-bundle), --cubicapture-only (no raw package),
                   --one-thread (render on the writers' thread instead of a second one),
                   --png-compression none|rle|fast|small, --zip-level N, --zip-depth store|deflate
                   (as for run; defaults rle, 6, store); the camera's video.mp4 and rgb/*.jpg at the
                   scene's camera settings (640x480, 30 fps) unless --no-images; --video-size WxH,
                   --video-fps N as for run
          render   LiDAR depth + confidence frames/s along the apartment's walk, SIMD, SIMDe and scalar, 1 and
                   2 cores; then the colour camera (SIMDe, one core) on every fourth of those poses: frames/s
                   and CPU ms a frame. --scene FILE (default Scenes/apartment.json) --frames N (default 3000)
          check    the whole regression check of a scene folder on all cores: seconds, scenes/s
                   --scenes DIR (default Scenes)
          report   the HTML report of a generated 1-hour 60 Hz pose log (read, replay with the detectors'
                   signals, draw, write): seconds per stage, total, the file's size; --poses N (default
                   216000), --out DIR (default .build/bench-report)
        """

    var what: String
    var arguments: CommandLineArguments

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: Set(["frames", "seconds", "scene", "poses", "out", "scenes"] + BundleWritingOptions.optionNames + CameraOptions.optionNames),
                                              flags: Set(["json", "cubicapture-only", "one-thread"] + CameraOptions.flagNames))
        guard let what = parsed.positionals.first else { throw UsageError("which benchmark? engine") }
        guard ["engine", "replay", "bundle", "render", "check", "report"].contains(what) else { throw UsageError("unknown benchmark '\(what)'") }
        self.what = what
        self.arguments = parsed
    }

    func run() throws -> ExitCode {
        do {
            switch what {
            case "report":
                let poses = try arguments.integer("poses") ?? 216_000
                printLines(try ReportBenchmark(poses: poses, folder: arguments.value("out") ?? ".build/bench-report").run())
            case "render":
                let path = arguments.value("scene") ?? "Scenes/apartment.json"
                let frames = try arguments.integer("frames") ?? 3000
                guard frames > 0 else { throw UsageError("--frames must be positive") }
                let result = RenderBenchmark.run(scene: try loadScene(path), frames: frames, bands: 2)
                print(result.report)
                print("  command: capture-sim bench render --scene \(path) --frames \(frames)")
                return result.identical ? .success : .failure
            case "check":
                printLines(try CheckBenchmark(folder: arguments.value("scenes") ?? DefaultPaths.scenesFolder).run())
            case "replay":
                printLines(try ReplayBenchmark(poses: arguments.integer("poses") ?? 216_000).run())
            case "bundle":
                return try runBundle()
            default:
                let frames = try arguments.integer("frames") ?? 2_000_000
                guard frames > 0 else { throw UsageError("--frames must be positive") }
                printLines(try EngineBenchmark(frames: frames).run().lines)
            }
        } catch let error as BenchmarkError {
            switch error.kind {
            case .usage: throw UsageError(error.reason)
            case .badInput: throw CommandFailure(error.reason, exitCode: .badInput)
            case .failure: throw CommandFailure(error.reason, exitCode: .failure)
            }
        }
        return .success
    }

    /// `bench bundle`: the options checked, the scene loaded and its camera resolved, then the run.
    private func runBundle() throws -> ExitCode {
        var seconds = try arguments.double("seconds") ?? 600
        if let frames = try arguments.integer("frames") {
            guard frames > 0 else { throw UsageError("--frames must be positive") }
            seconds = Double(frames) / 60
        }
        guard seconds >= 2, seconds.isFinite else { throw UsageError("--seconds must be at least 2") }
        let writing = try BundleWritingOptions(arguments)
        let cameraOptions = try CameraOptions(arguments)
        let scene = try loadScene(arguments.value("scene") ?? DefaultPaths.defaultScene)
        var benchmark = BundleBenchmark(scene: scene, recordingSeconds: seconds, outputFolder: arguments.value("out") ?? ".build/bench-bundle",
                                        camera: cameraOptions.images ? try cameraOptions.camera(for: scene) : nil)
        benchmark.raw = !arguments.flag("cubicapture-only")
        benchmark.pipelined = !arguments.flag("one-thread")
        benchmark.pngCompression = writing.pngCompression
        benchmark.zipLevel = writing.zipLevel
        benchmark.zipStoresDepthFrames = writing.zipStoresDepthFrames
        let report = try benchmark.run()
        printLines(benchmark.lines(report))
        return report.finished ? .success : .failure
    }

    private func printLines(_ lines: [String]) {
        for line in lines { print(line) }
    }
}
