import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport
import RegressionCheck
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
        switch what {
        case "report":
            let poses = try arguments.integer("poses") ?? 216_000
            return try ReportBenchmark(poses: poses, folder: arguments.value("out") ?? ".build/bench-report").run()
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
            var seconds = try arguments.double("seconds") ?? 600
            if let frames = try arguments.integer("frames") {
                guard frames > 0 else { throw UsageError("--frames must be positive") }
                seconds = Double(frames) / 60
            }
            guard seconds >= 2, seconds.isFinite else { throw UsageError("--seconds must be at least 2") }
            let scene = arguments.value("scene") ?? DefaultPaths.defaultScene
            let out = arguments.value("out") ?? ".build/bench-bundle"
            let raw = !arguments.flag("cubicapture-only"), pipelined = !arguments.flag("one-thread")
            let writing = try BundleWritingOptions(arguments)
            let cameraOptions = try CameraOptions(arguments)
            let r = try BundleBenchmark(scenePath: scene, recordingSeconds: seconds, outputFolder: out, raw: raw,
                                        pipelined: pipelined, writing: writing, camera: cameraOptions).run()
            func s(_ x: Double) -> String { NumberFormatting.fixed(x, decimals: 2) + " s" }
            func pad(_ label: String) -> String { "  " + label.padding(toLength: 40, withPad: " ", startingAt: 0) }
            print("bench bundle: \(scene) walk repeated, \(r.streamFrames) frames at 60 Hz with 256x192 depth, "
                  + "\(r.recordedFrames) recorded (\(NumberFormatting.fixed(r.recordingSeconds, decimals: 1)) s), into \(out)/bench"
                  + (raw ? " and \(out)/bench-raw" : ""))
            print(pad(pipelined ? "render (second thread, motion + LiDAR)" : "render (motion + LiDAR)") + s(r.renderSeconds))
            if pipelined { print(pad("writer thread waiting for frames") + s(r.waitSeconds)) }
            print(pad("session (engine steps)") + s(r.sessionSeconds))
            print(pad("encode + write arkitData JSON log") + s(r.cubiLogSeconds))
            print(pad("encode + write depth (and H.264 video)") + s(r.cubiDepthSeconds))
            if raw { print(pad("raw PNGs, JPEGs (worker threads) + poses") + s(r.rawFrameSeconds)) }
            print(pad("write scan files (arkitData.json ...)") + s(r.filesSeconds))
            print(pad("zip + validate") + s(r.zipSeconds))
            print(pad("settings") + "PNGs \(writing.pngCompression), zip deflate level \(writing.zipLevel), depth file "
                  + (writing.zipStoresDepthFrames ? "stored" : "deflated"))
            print(pad("camera images") + (r.camera.map { c in
                "\(c.width)x\(c.height) at \(NumberFormatting.compact(c.frameRateHz)) fps: \(r.imageFrames) frames in video.mp4"
                    + (raw ? " and raw/rgb/*.jpg" : "")
            } ?? "none (--no-images)"))
            print(pad("CRC-32 in libzip and libpng") + (CRC32.foldsZlibCalls ? "PCLMULQDQ folding (crc32 exported)" : "zlib's crc32"))
            print(pad("wall time") + s(r.wallSeconds) + " (\(NumberFormatting.fixed(r.recordingSeconds / r.wallSeconds, decimals: 1))x real time)")
            print(pad("CPU time, all threads") + s(r.cpuSeconds))
            print(pad("frames/s") + NumberFormatting.fixed(r.framesPerSecond, decimals: 0))
            print(pad("bundle") + "\(r.bundleBytes) bytes, zip \(r.zipBytes) bytes" + (raw ? ", raw package \(r.rawBytes) bytes" : ""))
            let written = Double(r.bundleBytes + r.zipBytes + r.rawBytes)
            print(pad("written") + NumberFormatting.fixed(written / 1e9, decimals: 2) + " GB, "
                  + NumberFormatting.fixed(written / 1e6 / r.wallSeconds, decimals: 0) + " MB/s over the wall time")
            print(pad("peak resident memory") + (r.peakResidentKilobytes.map { "\($0 / 1024) MB" } ?? "unknown"))
            print(pad("scan finished with code 7") + (r.finished ? "yes" : "NO"))
            var command = "capture-sim bench bundle --scene \(scene) --seconds \(NumberFormatting.compact(seconds)) --out \(out)"
            if !raw { command += " --cubicapture-only" }
            if !pipelined { command += " --one-thread" }
            command += writing.commandLine
            if !cameraOptions.images { command += " --no-images" }
            if let size = cameraOptions.size { command += " --video-size \(size.width)x\(size.height)" }
            if let fps = cameraOptions.frameRateHz { command += " --video-fps \(NumberFormatting.compact(fps))" }
            print("  command: " + command)
            return r.finished ? .success : .failure
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
