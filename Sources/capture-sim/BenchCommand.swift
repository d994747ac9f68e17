import CaptureEngine
import SyntheticSensor

/// `capture-sim bench WHAT`: the benchmarks.
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "Run a benchmark: engine, render"
    static let help = """
        USAGE: capture-sim bench <engine|render> [options]

        Benchmarks run in the release build (make build). Each prints its figures and the command line.

          engine   pushes frames of a scripted walk through the session: frames/s and bytes allocated/frame
                   --frames N (default 2000000)
          render   LiDAR depth + confidence frames/s along the apartment's walk, SIMD and scalar, 1 and 2 cores
                   --scene FILE (default Scenes/apartment.json) --frames N (default 2000)
        """

    var what: String
    var arguments: CommandLineArguments

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: ["frames", "seconds", "scene", "poses"], flags: ["json"])
        guard let what = parsed.positionals.first else { throw UsageError("which benchmark? engine") }
        guard ["engine", "render"].contains(what) else { throw UsageError("unknown benchmark '\(what)'") }
        self.what = what
        self.arguments = parsed
    }

    func run() throws -> ExitCode {
        switch what {
        case "render":
            let path = arguments.value("scene") ?? "Scenes/apartment.json"
            let frames = try arguments.integer("frames") ?? 2000
            let scene: Scene
            do { scene = try Scene.load(path: path) } catch { throw CommandFailure(error.description, exitCode: .badInput) }
            let result = RenderBenchmark.run(scene: scene, frames: frames, bands: 2)
            print(result.report)
            print("  command: capture-sim bench render --scene \(path) --frames \(frames)")
            return result.identical ? .success : .failure
        default:
            print("engine benchmark: not yet wired")
        }
        return .success
    }
}
