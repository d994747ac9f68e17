import CaptureEngine
import CaptureReplay
import Foundation
import ScanReport
import SyntheticSensor

/// `capture-sim report INPUT --out FILE`: a scan as one self-contained HTML page.
struct ReportCommand: Command {
    static let name = "report"
    static let summary = "Write a scene, bundle or pose log as one self-contained HTML report"
    static let help = """
        USAGE: capture-sim report INPUT --out FILE [options]

        Writes one self-contained HTML file (inline SVG, CSS and a little script; nothing fetched) that
        shows a scan: the plan from above with the walked path coloured by time, the viewing direction as
        ticks and a marker per event; a timeline with each detector's measured value against its
        threshold, the events, the recording and relocation spans; every event with its trace; depth and
        confidence thumbnails at events and at regular intervals; a summary (scene, device, duration,
        frames, files and sizes, what `inspect` says). docs/report.md describes the page.

        INPUT is a scene file (run first, as `run` does without --out), a bundle of either layout (folder,
        its arkitData.json or its <uid>.zip; a raw RGBD package folder) or any pose log `replay` reads.
        The values drawn are those the engine's detectors measured while the input ran through it.

        OPTIONS:
          --out FILE          the HTML file to write (required)
          --force             replace FILE if it exists
          --scene FILE        the scene a bundle or log was made from: its walls, doors, windows and
                              objects are drawn on the plan (a scene INPUT draws its own)
          --seed N            scene INPUT: seed for motion and noise (default: the scene's)
          --format F          log format, as replay's (default: detected)
          --fps N             frame rate of a raw poses.csv without its time column (default: from
                              the package's manifest.json)
          --severity S        list and draw only the events of severity S or above: info (default),
                              warning or error
          --up y|z            world up axis of TUM and .traj logs
          --sdk VERSION       the SDK profile to replay with (default: a bundle's own, else 2.10)
          --from S, --to S    replay only inputs within [S, S] seconds
          --set KEY=VALUE     override a threshold (repeatable)
          --thresholds FILE   apply a (partial) thresholds JSON file

        EXIT STATUS: 0 written, 2 usage error, 3 unreadable input, 4 the report could not be written
        (FILE exists without --force, unwritable folder).
        """

    var input: String
    var out: String
    var force: Bool
    var scenePath: String?
    var seed: UInt64?
    var options: ReplayOptions
    var overrides: ThresholdOverrideOptions
    /// `--severity`: the least severity of the events listed and drawn (nil: all).
    var severity: EventSeverity?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(
            arguments, options: ["out", "scene", "seed", "format", "fps", "up", "sdk", "from", "to", "set", "thresholds", "severity"],
            flags: ["force"])
        guard let input = parsed.positionals.first else { throw UsageError("which input? capture-sim report INPUT --out FILE") }
        guard parsed.positionals.count == 1 else { throw UsageError("unexpected argument '\(parsed.positionals[1])'") }
        guard let out = parsed.value("out"), !out.isEmpty else { throw UsageError("--out FILE is required (the HTML file to write)") }
        self.input = input
        self.out = out
        force = parsed.flag("force")
        scenePath = parsed.value("scene")
        if let s = parsed.value("seed") {
            guard let v = UInt64(s) else { throw UsageError("--seed expects a non-negative integer, got '\(s)'") }
            seed = v
        }
        let options = try ReplayOptions(parsing: parsed)
        self.options = options
        overrides = ThresholdOverrideOptions(parsed)
        severity = try SeverityOption.parse(parsed)
        let sceneInput = ReportInput.kind(of: input) == .scene
        if sceneInput {
            if scenePath != nil { throw UsageError("--scene is for bundles and logs; a scene INPUT draws its own plan") }
            for flag in ["format", "fps", "up", "from", "to"] where parsed.value(flag) != nil {
                throw UsageError("--\(flag) is for bundles and logs, not a scene INPUT")
            }
        } else if seed != nil {
            throw UsageError("--seed is for a scene INPUT")
        }
    }

    func run() throws -> ExitCode {
        var page = try makePage()
        if let severity, severity > .info {
            // The summary still counts every event; the table, plan and timeline show these.
            page.trace.events.removeAll { $0.event.severity < severity }
            page.subtitle += "; events of severity \(severity.rawValue) and above"
        }
        try ReportInput.write(HTMLReportWriter.html(page), to: out, force: force)
        printError("report: \(out) (\(page.trace.events.count) events, \(page.trace.frameCount) frames)")
        return .success
    }

    /// The page for INPUT.
    func makePage() throws -> ScanReportPage {
        if ReportInput.kind(of: input) == .scene {
            let scene = try loadScene(input)
            var configuration = scene.configuration
            configuration.thresholds = try overrides.apply(to: configuration.thresholds)
            return try ReportInput.scenePage(scene: scene, seed: seed, configuration: configuration)
        }
        let scene = try scenePath.map(loadScene)
        return try ReportInput.logPage(path: input, options: options, overrides: overrides, scene: scene)
    }
}
