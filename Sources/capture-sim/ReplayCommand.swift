import CaptureEngine
import CaptureReplay
import Foundation

/// `capture-sim replay LOG`: runs logged poses through the engine and prints the events.
struct ReplayCommand: Command {
    static let name = "replay"
    static let summary = "Replay a logged trajectory or bundle through the engine and print its events"
    static let help = """
        USAGE: capture-sim replay LOG [options]

        Runs a log's poses through the same capture session as the phone and prints the events it emits,
        one per line (time, code, message). LOG is a bundle folder (or its arkitData.json, or its
        <uid>.zip), a raw RGBD package folder (or raw/poses.csv), a Stray Scanner folder (or
        odometry.csv), a TUM trajectory, an ARKitScenes .traj or an ARKit camera-transform log;
        docs/replay-formats.md describes each.

        A bundle replays exactly as it was recorded (its SDK profile, options, device, thresholds and every
        input).
        Any other log records from its first pose: no landscape gating, a record press at the first
        pose's time, tracking normal, no depth (depth detectors run only where depth is present), and no
        stop at the end. Times are seconds from the log's first pose.

        Diagnostics (gaps, skipped time stamps, non-finite poses, a truncated last line) go to standard
        error. Exit status: 0 replayed, 2 usage error, 3 unreadable or malformed log.

        OPTIONS:
          --format F          bundle, raw, tum, stray, traj or arkit (default: detected)
          --fps N             frame rate of a raw poses.csv without its time column, frames per
                              second (default: its package's manifest.json; a poses.csv with the
                              time column keeps its times)
          --up y|z            world up axis of TUM (default z) and .traj (default y) logs
          --sdk VERSION       the SDK profile to replay with (2.10; default: the bundle's own, else 2.10)
          --from S            replay only inputs at or after S seconds
          --to S              replay only inputs at or before S seconds
          --trace             under each event, why it fired: measured value, threshold and window
          --json              one JSON object per event (the trace included when the event has one)
          --thresholds FILE   apply a (partial) thresholds JSON file (on top of a bundle's own)
          --set KEY=VALUE     set one threshold, e.g. --set fastRotation.degreesPerSecond=120 (repeatable)
        """

    var path: String
    var options: ReplayOptions
    var overrides: ThresholdOverrideOptions
    var json: Bool
    var trace: Bool
    /// Whether --fps was given (it applies to raw logs only).
    var framesPerSecondGiven: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(
            arguments, options: ["format", "fps", "up", "sdk", "from", "to", "thresholds", "set"], flags: ["json", "trace"])
        guard let path = parsed.positionals.first else { throw UsageError("which log? capture-sim replay LOG") }
        guard parsed.positionals.count == 1 else { throw UsageError("unexpected argument '\(parsed.positionals[1])'") }
        self.path = path
        framesPerSecondGiven = parsed.value("fps") != nil
        let options = try ReplayOptions(parsing: parsed)
        self.options = options
        overrides = ThresholdOverrideOptions(parsed)
        json = parsed.flag("json")
        trace = parsed.flag("trace")
    }

    func run() throws -> ExitCode {
        var log: ReplayLog
        do {
            log = try ReplayReader.read(path: path, options: options)
        } catch {
            throw CommandFailure(error.description, exitCode: .badInput)
        }
        if options.worldUp != nil, log.format != .tum, log.format != .traj {
            throw UsageError("--up applies to tum and traj logs; \(log.format.rawValue) logs fix their world axes")
        }
        if framesPerSecondGiven, log.format != .raw {
            throw UsageError("--fps applies to raw poses.csv logs, which may have no time column")
        }
        if let sdk = options.sdk { log.configuration.sdk = sdk }
        log.configuration.thresholds = try overrides.apply(to: log.configuration.thresholds)
        ReplayOutput.diagnosticLines(log.diagnostics).forEach(printError)
        let run = ReplayRun(log: log)
        for (index, error) in run.rejected {
            printError("warning: \(log.file): input \(index) rejected by the session: \(error.description)")
        }
        var out = ""
        for event in run.events {
            for line in ReplayOutput.lines(for: event, json: json, trace: trace) {
                out += line
                out += "\n"
            }
        }
        FileHandle.standardOutput.write(Data(TerminalText.escaped(out).utf8))
        if let failure = run.readFailure {
            throw CommandFailure("\(log.file): \(failure.description)", exitCode: .badInput)
        }
        return .success
    }
}
