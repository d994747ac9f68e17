import CaptureEngine
import CaptureReplay
import Foundation
import ScanReport
import SyntheticSensor

/// `capture-sim report INPUT --out FILE`: a scan as one self-contained HTML page.
struct ReportCommand: Command {
    static let name = "report"
    static let summary = "Write a scene, bundle or pose log as one self-contained HTML report"
    static let usage = ["report INPUT --out FILE [options]"]
    static let discussion = """
        Writes one self-contained HTML file (inline SVG, CSS and a little script; nothing fetched) that
        shows a scan: the plan from above with the walked path coloured by time, the viewing direction as
        ticks and a marker per event; a timeline with each detector's measured value against its
        threshold, the events, the recording and relocation spans; every event with its trace; depth and
        confidence thumbnails at events and at regular intervals; a summary (scene, device, duration,
        frames, files and sizes, what `inspect` says). docs/report.md describes the page.

        INPUT is a scene file (run first, as `run` does without --out), a bundle of either layout (folder,
        its arkitData.json or its <uid>.zip; a raw RGBD package folder) or any pose log `replay` reads.
        The values drawn are those the engine's detectors measured while the input ran through it.
        """
    static let outOption = Option.text("out", "FILE", "the HTML file to write (required)")
    static let forceFlag = Flag.flag("force", "replace FILE if it exists")
    static let sceneOption = Option.text("scene", "FILE", "the scene a bundle or log was made from: its walls, doors, windows and\nobjects are drawn on the plan (a scene INPUT draws its own)")
    static let seedOption = Option.seed("scene INPUT: seed for motion and noise (default: the scene's)")
    static let severityOption = SeverityOption.option("list and draw only the events of severity S or above: info (default),\nwarning or error")
    static let options: [OptionSpec] = [outOption.spec, forceFlag.spec, sceneOption.spec, seedOption.spec, severityOption.spec]
        + ReplayOptions.options + ThresholdOverrideOptions.options
    static let exitStatus: [ExitStatus] = [
        .success("written"), .usage, .badInput("unreadable input"),
        .outputFailed("the report could not be written (FILE exists without --force, unwritable folder)"),
    ]

    var input: String
    var out: String
    var force: Bool
    var scenePath: String?
    var seed: UInt64?
    var options: ReplayOptions
    var overrides: ThresholdOverrideOptions
    /// `--severity`: the least severity of the events listed and drawn (nil: all).
    var severity: EventSeverity?

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        guard let input = try parsed.singlePositional() else { throw UsageError("which input? capture-sim report INPUT --out FILE") }
        guard let out = try parsed[Self.outOption], !out.isEmpty else { throw UsageError("--out FILE is required (the HTML file to write)") }
        self.input = input
        self.out = out
        force = try parsed[Self.forceFlag]
        scenePath = try parsed[Self.sceneOption]
        seed = try parsed[Self.seedOption]
        let options = try ReplayOptions(parsing: parsed)
        self.options = options
        overrides = try ThresholdOverrideOptions(parsed)
        severity = try parsed[Self.severityOption]
        let sceneInput = ReportInput.kind(of: input) == .scene
        if sceneInput {
            if scenePath != nil { throw UsageError("--scene is for bundles and logs; a scene INPUT draws its own plan") }
            for spec in ReplayOptions.logReadingOptions where try parsed.isGiven(spec) {
                throw UsageError("--\(spec.name) is for bundles and logs, not a scene INPUT")
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
        printInfo("report: \(out) (\(Counted.text(page.trace.events.count, "event")), \(Counted.text(page.trace.frameCount, "frame")))")
        return .success
    }

    /// The page for INPUT.
    func makePage() throws -> ScanReportPage {
        let bar = ProgressBar(label: "report")
        defer { bar.finish() }
        if ReportInput.kind(of: input) == .scene {
            let scene = try loadScene(input)
            var configuration = scene.configuration
            configuration.thresholds = try overrides.apply(to: configuration.thresholds)
            return try ReportInput.scenePage(scene: scene, seed: seed, configuration: configuration, progress: bar.update)
        }
        let scene = try scenePath.map(loadScene)
        return try ReportInput.logPage(path: input, options: options, thresholds: { try overrides.apply(to: $0) },
                                       scene: scene, progress: bar.update)
    }
}
