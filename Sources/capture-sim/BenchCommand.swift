import CaptureEngine

/// `capture-sim bench WHAT`: the benchmarks.
struct BenchCommand: Command {
    static let name = "bench"
    static let summary = "Run a benchmark: engine (more to come with their modules)"
    static let help = """
        USAGE: capture-sim bench <engine|replay> [options]

        Benchmarks run in the release build (make build). Each prints its figures and the command line.

          engine   pushes frames of a scripted walk through the session: frames/s and bytes allocated/frame
                   --frames N (default 2000000)
          replay   parses and replays a generated 1-hour 60 Hz pose log (ARKit transform and TUM formats):
                   poses/s; --poses N (default 216000)
        """

    var what: String
    var arguments: CommandLineArguments

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: ["frames", "seconds", "scene", "poses"], flags: ["json"])
        guard let what = parsed.positionals.first else { throw UsageError("which benchmark? engine") }
        guard ["engine", "replay"].contains(what) else { throw UsageError("unknown benchmark '\(what)'") }
        self.what = what
        self.arguments = parsed
    }

    func run() throws -> ExitCode {
        switch what {
        case "replay":
            return try ReplayBenchmark(poses: arguments.integer("poses") ?? 216_000).run()
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
