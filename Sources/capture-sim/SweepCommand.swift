import CaptureEngine
import Dispatch
import Foundation
import JSONSupport
import RegressionCheck
import ScanReport
import SceneRuntime
import Synchronization
import SyntheticSensor

/// `capture-sim sweep`: which codes fire, and when, as thresholds vary: the tool for choosing one.
struct SweepCommand: Command {
    static let name = "sweep"
    static let summary = "Run scenes over a range of threshold values; table of the codes that fire"
    static let usage = ["sweep [PATH...] --param KEY=START:STOP:STEP [--param KEY2=...] [options]"]
    static let discussion = """
        Runs every scene (files or folders; default Scenes/) once per value (or pair of values) of one
        or two thresholds and prints, per scene and value, the warning and error codes that fired with
        the time of their first occurrence and their count, e.g. 87@12.30x2.
        """
    static let paramOption = Option.option("param", "KEY=START:STOP:STEP", "a threshold and its values (also KEY=V1,V2,...); once or twice",
                                           repeatable: true) { (text) throws(UsageError) in
        do throws(ThresholdOverrideError) { return try SweepParameter(parsing: text) } catch { throw UsageError(error.description) }
    }
    static let codesOption = Option.option("codes", "C1,C2,...", "only these codes (default: every warning and error but 18)") { (text) throws(UsageError) in
        var set = Set<Int>()
        for part in text.split(separator: ",") {
            guard let n = Int(part), SDKProfile.allCases.contains(where: { $0.meaning(forCode: n) != nil }) else { throw UsageError("--codes: '\(part)' is not an event code") }
            set.insert(n)
        }
        return set
    }
    static let severityOption = SeverityOption.option("only events of severity S or above: info, warning or error\n(default warning without --codes; 78 reporting the minutes\nleft is info, under storage.warningMinutes a warning)")
    static let jsonFlag = Flag.flag("json", "one JSON object per scene and value")
    static let csvFlag = Flag.flag("csv", "CSV: scene, the parameters, code, severity, count, first time")
    static let jobsOption = Option.integer("jobs", "N", "runs at once (default: the number of cores)")
    static let reportOption = Option.path("report", "FILE", "also write FILE: an HTML heat map per scene of which codes\nfire at each value (docs/report.md)")
    static let options: [OptionSpec] = [paramOption.spec, codesOption.spec, severityOption.spec] + ThresholdOverrideOptions.options
        + [jsonFlag.spec, csvFlag.spec, jobsOption.spec, reportOption.spec]
    static let exitStatus: [ExitStatus] = [
        .success("done"), .usage, .badInput("a scene or thresholds file could not be read"),
        .outputFailed("the --report page could not be written"),
    ]

    var paths: [String]
    var parameters: [SweepParameter]
    var codes: Set<Int>?
    /// `--severity`: the least severity kept (nil: warning without --codes, any with them).
    var severity: EventSeverity?
    var overrides: ThresholdOverrideOptions
    var json: Bool
    var csv: Bool
    var jobs: Int
    var report: String?

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        paths = parsed.positionals.isEmpty ? [DefaultPaths.scenesFolder] : parsed.positionals
        let given = try parsed.all(Self.paramOption)
        guard (1...2).contains(given.count) else { throw UsageError("give one or two --param KEY=START:STOP:STEP") }
        parameters = given
        codes = try parsed[Self.codesOption]
        severity = try parsed[Self.severityOption]
        overrides = try ThresholdOverrideOptions(parsed)
        json = try parsed[Self.jsonFlag]
        csv = try parsed[Self.csvFlag]
        report = try parsed[Self.reportOption]
        guard !(json && csv) else { throw UsageError("--json and --csv exclude each other") }
        jobs = try parsed[Self.jobsOption] ?? ProcessInfo.processInfo.activeProcessorCount
        guard jobs >= 1 else { throw UsageError("--jobs must be at least 1") }
    }

    /// What one run gave for one code.
    struct Fired: Sendable {
        var code: Int
        /// The highest severity among its events.
        var severity: EventSeverity
        var count: Int
        var first: Double
    }

    func run() throws -> ExitCode {
        let files: [String]
        files = try SceneCheck.sceneFiles(paths)
        let scenes = try files.map(loadScene)
        let swept = self.parameters
        let combos: [[Double]] = swept.count == 1
            ? swept[0].values.map { [$0] }
            : swept[0].values.flatMap { a in swept[1].values.map { [a, $0] } }
        let runs = scenes.count * combos.count
        let results = Mutex<[[Fired]?]>(Array(repeating: nil, count: runs))
        let bar = ProgressBar(label: "sweep"), finished = Atomic<Int>(0)
        let failure = Mutex<String?>(nil)
        let next = Atomic<Int>(0)
        let overrides = try self.overrides.overrides()
        _ = try overrides.apply(to: Thresholds())  // a bad file or value fails here, once, before any scene runs
        let codes = self.codes
        let minimum = severity ?? (codes == nil ? .warning : .info)
        // One job per scene: its input stream is rendered once and fed to a session per value in
        // lockstep (LockstepSceneRuns), so a sweep of many values costs about one run of each scene.
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, scenes.count))) { _ in
            while true {
                let s = next.add(1, ordering: .relaxed).oldValue
                guard s < scenes.count else { return }
                let scene = scenes[s]
                do {
                    let capture = SyntheticCapture(scene: scene, options: CaptureOptions(renderBands: 1))
                    let configurations = try combos.map { values in
                        var configuration = capture.configuration
                        // The overrides, then the swept values, on the scene's thresholds: validated as a whole.
                        configuration.thresholds = try overrides.adding(zip(swept, values).map { $0.assignment($1) })
                            .apply(to: scene.configuration.thresholds)
                        return configuration
                    }
                    let lockstep = try LockstepSceneRuns(capture: capture, configurations: configurations)
                    for (c, events) in lockstep.events.enumerated() {
                        var fired: [Fired] = []
                        for e in events {
                            let code = e.code
                            let wanted = codes.map { $0.contains(code) } ?? (e.meaning != .errorSound)
                            guard wanted, e.severity >= minimum else { continue }
                            if let k = fired.firstIndex(where: { $0.code == code }) {
                                fired[k].count += 1
                                fired[k].severity = max(fired[k].severity, e.severity)
                            } else {
                                fired.append(Fired(code: code, severity: e.severity, count: 1, first: e.time))
                            }
                        }
                        results.withLock { $0[s * combos.count + c] = fired }
                    }
                } catch {
                    failure.withLock { $0 = $0 ?? "\(scene.source): \(error)" }
                    results.withLock { for c in combos.indices { $0[s * combos.count + c] = [] } }
                }
                results.withLock { _ in bar.update(done: finished.add(1, ordering: .relaxed).newValue, of: scenes.count) }
            }
        }
        bar.finish()
        if let message = failure.withLock({ $0 }) { throw CommandFailure(message, exitCode: .badInput) }
        let table = results.withLock { $0.map { $0 ?? [] } }
        print(render(files: files, combos: combos, table: table))
        if let report {
            let labels = combos.map { $0.map(SweepParameter.text).joined(separator: " x ") }
            let heat = SweepHeatMap(keys: parameters.map(\.key), values: labels, scenes: files.enumerated().map { s, file in
                SweepHeatMap.SceneRows(scene: file, rows: (0..<combos.count).map { c in
                    var row: [Int: SweepHeatMap.Cell] = [:]
                    for f in table[s * combos.count + c] { row[f.code] = SweepHeatMap.Cell(count: f.count, first: f.first) }
                    return row
                })
            })
            try ReportInput.write(heat.html, to: report, force: true)
            printError("sweep report: \(report)")
        }
        return .success
    }

    private func cell(_ fired: [Fired]) -> String {
        fired.isEmpty ? "-" : fired.map { f in
            "\(f.code)@\(NumberFormatting.fixed(f.first, decimals: 2))" + (f.count > 1 ? "x\(f.count)" : "")
        }.joined(separator: " ")
    }

    private func render(files: [String], combos: [[Double]], table: [[Fired]]) -> String {
        let keys = parameters.map(\.key)
        var lines: [String] = []
        if json {
            for (s, file) in files.enumerated() {
                for (c, values) in combos.enumerated() {
                    let fired = table[s * combos.count + c]
                    lines.append(JSONValue.object([
                        ("scene", .string(file)),
                        ("parameters", .object(zip(keys, values).map { ($0, .number($1)) })),
                        ("codes", .array(fired.map { .object([("code", .integer($0.code)), ("severity", .string($0.severity.rawValue)),
                                                              ("count", .integer($0.count)), ("first", .number($0.first))]) })),
                    ]).serialized())
                }
            }
            return lines.joined(separator: "\n")
        }
        if csv {
            lines.append((["scene"] + keys + ["code", "severity", "count", "first"]).joined(separator: ","))
            for (s, file) in files.enumerated() {
                for (c, values) in combos.enumerated() {
                    let prefix = ([file] + values.map(SweepParameter.text)).joined(separator: ",")
                    let fired = table[s * combos.count + c]
                    if fired.isEmpty { lines.append(prefix + ",,,0,") }
                    for f in fired {
                        lines.append(prefix + ",\(f.code),\(f.severity.rawValue),\(f.count),\(NumberFormatting.fixed(f.first, decimals: 3))")
                    }
                }
            }
            return lines.joined(separator: "\n")
        }
        // Text: one block per scene, one row per value.
        let header = keys.joined(separator: " x ")
        for (s, file) in files.enumerated() {
            lines.append(file)
            let labels = combos.map { $0.map(SweepParameter.text).joined(separator: " x ") }
            let width = max(header.count, labels.map(\.count).max() ?? 0)
            lines.append("  " + header.padding(toLength: width, withPad: " ", startingAt: 0) + "  codes (code@first time s, xN when N times)")
            for (c, label) in labels.enumerated() {
                lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + cell(table[s * combos.count + c]))
            }
        }
        return lines.joined(separator: "\n")
    }
}
