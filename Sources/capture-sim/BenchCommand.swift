import Benchmarks
import Foundation
import SyntheticSensor

/// `capture-sim bench`: the benchmarks, one subcommand each. They run in the release build (`make build`);
/// each prints its figures and the command line that made them.
enum BenchCommand: CommandGroup {
    static let name = "bench"
    static let summary = "Run a benchmark: engine, render, bundle, replay, check, report"
    static let discussion = "Benchmarks run in the release build (make build). Each prints its figures and the command line."
    static var subcommands: [any Command.Type] { [BenchEngineCommand.self, BenchRenderCommand.self, BenchBundleCommand.self,
                                                  BenchReplayCommand.self, BenchCheckCommand.self, BenchReportCommand.self] }

    /// The exit statuses every benchmark shares.
    static let exitStatus: [ExitStatus] = [
        .success("done"), .failure("the benchmarked work failed (a refused input, a failed write, an unfinished scan)"),
        .usage, .badInput("the scene or input cannot be used"),
    ]

    /// A positive `--frames`-like option.
    static func positive(_ parsed: CommandLineArguments, _ name: String, default value: Int) throws(UsageError) -> Int {
        let n = try parsed.integer(name) ?? value
        guard n > 0 else { throw UsageError("--\(name) must be positive") }
        return n
    }
}

/// `capture-sim bench engine`.
struct BenchEngineCommand: Command {
    static let name = "engine"
    static let summary = "frames/s through the session and bytes allocated per frame"
    static let usage = ["bench engine [--frames N]"]
    static let discussion = "Pushes frames of a scripted walk through the session: frames/s and bytes allocated a frame."
    static let options: [OptionSpec] = [.option("frames", "N", "frames pushed (default 2000000)")]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var frames: Int
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        frames = try BenchCommand.positive(parsed, "frames", default: 2_000_000)
    }

    func run() throws -> ExitCode {
        try EngineBenchmark(frames: frames).run().lines.forEach { print($0) }
        return .success
    }
}

/// `capture-sim bench render`.
struct BenchRenderCommand: Command {
    static let name = "render"
    static let summary = "LiDAR and colour camera frames/s along the apartment's walk"
    static let usage = ["bench render [--scene FILE] [--frames N]"]
    static let discussion = """
        LiDAR depth + confidence frames/s along the scene's walk, SIMD, SIMDe and scalar, 1 and 2 cores;
        then the colour camera (SIMDe, one core) on every fourth of those poses: frames/s and CPU ms a
        frame. Exits 1 when the paths' outputs differ.
        """
    static let options: [OptionSpec] = [
        .option("scene", "FILE", "the scene (default Scenes/apartment.json)"),
        .option("frames", "N", "depth frames (default 3000)"),
    ]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var scenePath: String
    var frames: Int
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        scenePath = parsed.value("scene") ?? DefaultPaths.defaultScene
        frames = try BenchCommand.positive(parsed, "frames", default: 3000)
    }

    func run() throws -> ExitCode {
        let result = RenderBenchmark.run(scene: try loadScene(scenePath), frames: frames, bands: 2)
        print(result.report)
        print("  command: capture-sim bench render --scene \(scenePath) --frames \(frames)")
        return result.identical ? .success : .failure
    }
}

/// `capture-sim bench bundle`.
struct BenchBundleCommand: Command {
    static let name = "bundle"
    static let summary = "the 10-minute apartment scan in both layouts: time per stage, peak memory"
    static let usage = ["bench bundle [options]"]
    static let discussion = """
        A 60 Hz scan of the scene's walk (repeated to length) with a depth map every frame: rendered, run
        through the session and written in both layouts (CubiCapture bundle and raw RGBD package), zipped
        and validated, with the camera's video.mp4 and rgb/*.jpg at the scene's camera settings unless
        --no-images. Prints time per stage (render, session, encode + write, scan files, zip + validate),
        wall time, frames/s, bytes, peak resident memory.
        """
    /// Where the bundles go without `--out`.
    static let defaultOut = ".build/bench-bundle"
    static let options: [OptionSpec] = [
        .option("scene", "FILE", "the scene (default Scenes/apartment.json)"),
        .option("seconds", "S", "recording length (default 600)"),
        .option("frames", "N", "instead: N recorded frames, N/60 s"),
        .option("out", "DIR", "where the bundles are written (default \(defaultOut))"),
        .flag("cubicapture-only", "no raw package"),
        .flag("one-thread", "render on the writers' thread instead of a second one"),
    ] + BundleWritingOptions.options + CameraOptions.options
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var parsed: CommandLineArguments
    var seconds: Double
    var writing: BundleWritingOptions
    var camera: CameraOptions

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        self.parsed = parsed
        var seconds = try parsed.double("seconds") ?? 600
        if parsed.value("frames") != nil { seconds = Double(try BenchCommand.positive(parsed, "frames", default: 1)) / 60 }
        guard seconds >= 2, seconds.isFinite else { throw UsageError("--seconds must be at least 2") }
        self.seconds = seconds
        writing = try BundleWritingOptions(parsed)
        camera = try CameraOptions(parsed)
    }

    func run() throws -> ExitCode {
        let scene = try loadScene(parsed.value("scene") ?? DefaultPaths.defaultScene)
        if parsed.value("out") == nil {
            // The default lies in the build folder, which a clone not yet built (or built elsewhere) lacks.
            let parent = (Self.defaultOut as NSString).deletingLastPathComponent
            do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                throw CommandFailure("\(parent): cannot create the folder for the default --out: \(error.localizedDescription)", exitCode: .outputFailed)
            }
        }
        var benchmark = BundleBenchmark(scene: scene, recordingSeconds: seconds, outputFolder: parsed.value("out") ?? Self.defaultOut,
                                        camera: camera.images ? try camera.camera(for: scene) : nil)
        benchmark.raw = !parsed.flag("cubicapture-only")
        benchmark.pipelined = !parsed.flag("one-thread")
        benchmark.pngCompression = writing.pngCompression
        benchmark.zipLevel = writing.zipLevel
        benchmark.zipStoresDepthFrames = writing.zipStoresDepthFrames
        let report = try benchmark.run()
        benchmark.lines(report).forEach { print($0) }
        return report.finished ? .success : .failure
    }
}

/// `capture-sim bench replay`.
struct BenchReplayCommand: Command {
    static let name = "replay"
    static let summary = "parse and replay a generated 1-hour pose log: poses/s"
    static let usage = ["bench replay [--poses N]"]
    static let discussion = "Parses and replays a generated 1-hour 60 Hz pose log (ARKit transform and TUM formats): poses/s."
    static let options: [OptionSpec] = [.option("poses", "N", "poses in the log (default 216000, at most 262144)")]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var poses: Int
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        poses = try BenchCommand.positive(parsed, "poses", default: 216_000)
    }

    func run() throws -> ExitCode {
        try ReplayBenchmark(poses: poses).run().forEach { print($0) }
        return .success
    }
}

/// `capture-sim bench check`.
struct BenchCheckCommand: Command {
    static let name = "check"
    static let summary = "the whole regression check of a scene folder: seconds, scenes/s"
    static let usage = ["bench check [--scenes DIR]"]
    static let discussion = "The whole regression check of a scene folder on all cores: seconds, scenes/s."
    static let options: [OptionSpec] = [.option("scenes", "DIR", "the folder (default Scenes)")]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var folder: String
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        folder = parsed.value("scenes") ?? DefaultPaths.scenesFolder
    }

    func run() throws -> ExitCode {
        try CheckBenchmark(folder: folder).run().forEach { print($0) }
        return .success
    }
}

/// `capture-sim bench report`.
struct BenchReportCommand: Command {
    static let name = "report"
    static let summary = "the HTML report of a generated 1-hour pose log: seconds per stage, size"
    static let usage = ["bench report [--poses N] [--out DIR]"]
    static let discussion = """
        The HTML report of a generated 1-hour 60 Hz pose log (read, replay with the detectors' signals,
        draw, write): seconds per stage, total, the file's size.
        """
    static let options: [OptionSpec] = [
        .option("poses", "N", "poses in the log (default 216000)"),
        .option("out", "DIR", "where the page is written (default .build/bench-report)"),
    ]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var poses: Int
    var folder: String
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        poses = try BenchCommand.positive(parsed, "poses", default: 216_000)
        folder = parsed.value("out") ?? ".build/bench-report"
    }

    func run() throws -> ExitCode {
        try ReportBenchmark(poses: poses, folder: folder).run().forEach { print($0) }
        return .success
    }
}
