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
            print("engine benchmark: not yet wired")
        }
        return .success
    }
}
