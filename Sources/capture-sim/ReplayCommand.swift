import CaptureEngine
import CaptureReplay
import Foundation

/// `capture-sim replay LOG`: runs logged poses through the engine and prints the events.
struct ReplayCommand: Command {
    static let name = "replay"
    static let summary = "Replay a logged trajectory or bundle through the engine and print its events"
    static let usage = ["replay LOG [options]"]
    static let discussion = """
        Runs a log's poses through the same capture session as the phone and prints the events it emits,
        one per line (time, code, message). LOG is a bundle folder (or its arkitData.json, or its
        <uid>.zip), a raw RGBD package folder (or raw/poses.csv), a Stray Scanner folder (or
        odometry.csv), a TUM trajectory, an ARKitScenes .traj or an ARKit camera-transform log;
        docs/replay-formats.md describes each.

        A bundle replays exactly as it was recorded (its SDK profile, options, device, thresholds and every
        input). Any other log records from its first pose: no landscape gating, a record press at the
        first pose's time, tracking normal, no depth (depth detectors run only where depth is present),
        and no stop at the end. Times are seconds from the log's first pose (a raw package's keep its
        capture clock). Diagnostics (gaps, skipped time stamps, non-finite poses, a truncated last line)
        go to standard error.
        """
    static let traceFlag = Flag.flag("trace", "under each event, why it fired: measured value, threshold and window")
    static let jsonFlag = Flag.flag("json", "one JSON object per event (the trace included when the event has one)")
    static let options: [OptionSpec] = ReplayOptions.options + [traceFlag.spec, jsonFlag.spec] + ThresholdOverrideOptions.options
    static let exitStatus: [ExitStatus] = [
        .success("replayed"), .usage, .badInput("unreadable or malformed log (the message names the file and line)"),
    ]

    var path: String
    var options: ReplayOptions
    var overrides: ThresholdOverrideOptions
    var json: Bool
    var trace: Bool
    /// Whether --fps was given (it applies to raw logs only).
    var framesPerSecondGiven: Bool

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        guard let path = try parsed.singlePositional() else { throw UsageError("which log? capture-sim replay LOG") }
        self.path = path
        framesPerSecondGiven = try parsed.isGiven(ReplayOptions.fpsOption.spec)
        let options = try ReplayOptions(parsing: parsed)
        self.options = options
        overrides = try ThresholdOverrideOptions(parsed)
        json = try parsed[Self.jsonFlag]
        trace = try parsed[Self.traceFlag]
    }

    func run() throws -> ExitCode {
        var log: ReplayLog
        log = try ReplayReader.read(path: path, options: options)
        if options.worldUp != nil, log.format != .tum, log.format != .traj {
            throw UsageError("--up applies to tum and traj logs; \(log.format.rawValue) logs fix their world axes")
        }
        if framesPerSecondGiven, log.format != .raw {
            throw UsageError("--fps applies to raw poses.csv logs, which may have no time column")
        }
        if let sdk = options.sdk { log.configuration.sdk = sdk }
        log.configuration.thresholds = try overrides.apply(to: log.configuration.thresholds)
        ReplayOutput.diagnosticLines(log.diagnostics).forEach(printError)
        if let orientation = LogOrientation(log.inputs).summary(sdk: log.configuration.sdk, landscapeGating: log.configuration.landscapeGating) {
            printError(orientation)
        }
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
