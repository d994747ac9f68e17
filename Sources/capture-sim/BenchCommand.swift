import Benchmarks
import BundleIO
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
        .outputFailed("the output folder cannot be made (stderr says which)"),
    ]

    /// A positive `--frames`-like option.
    static func positive(_ name: String, _ placeholder: String, _ help: String) -> Option<Int> {
        .integer(name, placeholder, help) { (n) throws(UsageError) in
            guard n > 0 else { throw UsageError("--\(name) must be positive") }
        }
    }
}

/// `capture-sim bench engine`.
struct BenchEngineCommand: Command {
    static let name = "engine"
    static let summary = "frames/s through the session and bytes allocated per frame"
    static let usage = ["bench engine [--frames N]"]
    static let discussion = "Pushes frames of a scripted walk through the session: frames/s and bytes allocated a frame."
    static let framesOption = BenchCommand.positive("frames", "N", "frames pushed (default 2000000)")
    static let options: [OptionSpec] = [framesOption.spec]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var frames: Int
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        frames = try parsed[Self.framesOption] ?? 2_000_000
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
    static let sceneOption = Option.text("scene", "FILE", "the scene (default Scenes/apartment.json)")
    static let framesOption = BenchCommand.positive("frames", "N", "depth frames (default 3000)")
    static let options: [OptionSpec] = [sceneOption.spec, framesOption.spec]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var scenePath: String
    var frames: Int
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        scenePath = try parsed[Self.sceneOption] ?? DefaultPaths.defaultScene
        frames = try parsed[Self.framesOption] ?? 3000
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
    static let sceneOption = Option.text("scene", "FILE", "the scene (default Scenes/apartment.json)")
    static let secondsOption = Option.number("seconds", "S", "recording length (default 600)")
    static let framesOption = BenchCommand.positive("frames", "N", "instead: N recorded frames, N/60 s")
    static let outOption = Option.path("out", "DIR", "where the bundles are written (default \(defaultOut))")
    static let cubiCaptureOnlyFlag = Flag.flag("cubicapture-only", "no raw package")
    static let oneThreadFlag = Flag.flag("one-thread", "render on the writers' thread instead of a second one")
    static let options: [OptionSpec] = [
        sceneOption.spec, secondsOption.spec, framesOption.spec, outOption.spec, cubiCaptureOnlyFlag.spec, oneThreadFlag.spec,
    ] + BundleWritingOptions.options + CameraOptions.options
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var scenePath: String
    var out: String?
    var seconds: Double
    var raw: Bool
    var pipelined: Bool
    var writing: BundleWritingOptions
    var camera: CameraOptions

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        scenePath = try parsed[Self.sceneOption] ?? DefaultPaths.defaultScene
        out = try parsed[Self.outOption]
        var seconds = try parsed[Self.secondsOption] ?? 600
        if let frames = try parsed[Self.framesOption] { seconds = Double(frames) / 60 }
        guard seconds >= 2, seconds.isFinite else { throw UsageError("--seconds must be at least 2") }
        self.seconds = seconds
        raw = !(try parsed[Self.cubiCaptureOnlyFlag])
        pipelined = !(try parsed[Self.oneThreadFlag])
        writing = try BundleWritingOptions(parsed)
        camera = try CameraOptions(parsed)
    }

    func run() throws -> ExitCode {
        let scene = try loadScene(scenePath)
        if out == nil {
            // The default lies in the build folder, which a clone not yet built (or built elsewhere) lacks.
            let parent = (Self.defaultOut as NSString).deletingLastPathComponent
            try FileSystem.makeDirectories(parent)
        }
        var benchmark = BundleBenchmark(scene: scene, recordingSeconds: seconds, outputFolder: out ?? Self.defaultOut,
                                        camera: camera.images ? try camera.camera(for: scene) : nil)
        benchmark.raw = raw
        benchmark.pipelined = pipelined
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
    static let posesOption = BenchCommand.positive("poses", "N", "poses in the log (default 216000, at most 262144)")
    static let options: [OptionSpec] = [posesOption.spec]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var poses: Int
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        poses = try parsed[Self.posesOption] ?? 216_000
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
    static let scenesOption = Option.text("scenes", "DIR", "the folder (default Scenes)")
    static let options: [OptionSpec] = [scenesOption.spec]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var folder: String
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        folder = try parsed[Self.scenesOption] ?? DefaultPaths.scenesFolder
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
    static let posesOption = BenchCommand.positive("poses", "N", "poses in the log (default 216000)")
    static let outOption = Option.path("out", "DIR", "where the page is written (default .build/bench-report)")
    static let options: [OptionSpec] = [posesOption.spec, outOption.spec]
    static var exitStatus: [ExitStatus] { BenchCommand.exitStatus }

    var poses: Int
    var folder: String
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        poses = try parsed[Self.posesOption] ?? 216_000
        folder = try parsed[Self.outOption] ?? ".build/bench-report"
    }

    func run() throws -> ExitCode {
        try ReportBenchmark(poses: poses, folder: folder).run().forEach { print($0) }
        return .success
    }
}
