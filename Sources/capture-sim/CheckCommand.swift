import BundleIO
import CaptureEngine
import Foundation
import JSONSupport
import RegressionCheck
import ScanReport

/// `capture-sim check [PATH...]`: the regression check of scene expectations, for CI.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "Run every scene and compare its events with its expectations (for CI)"
    static let usage = ["check [PATH...] [options]"]
    static let discussion = """
        Runs every scene (files, or folders searched for *.json, skipping bundles' folders; default
        Scenes/) and compares its events with the scene's expectations: the codes in `expect.sequence`
        in order (each optionally within a time window), none of `expect.forbid`, and the golden file
        named by `golden` event for event. Prints one line per scene as it finishes (in scene order)
        and, for a failure, an aligned expected-versus-actual diff; an expected warning that never
        occurred is explained by its detector's measured peak against the threshold. Scenes run in
        parallel on all cores.
        """
    static let updateFlag = Flag.flag("update", "rewrite golden files from this run and say which changed")
    static let junitOption = Option.path("junit", "FILE", "write JUnit XML (one test case per scene; the --set and --thresholds\noverrides as the suite's properties)")
    static let jsonFlag = Flag.flag("json", "one JSON object per scene instead of text")
    static let shardOption = Option.shard("run only the I-th of N stable, disjoint subsets of the scenes")
    static let jobsOption = Option.integer("jobs", "N", "scenes run at once (default: the number of cores)")
    static let reportOption = Option.path("report", "DIR", "write DIR/index.html and, per failing scene, an HTML page with its\nexpected and actual events on one timeline (docs/report.md)")
    static let shiftEachFlag = Flag.flag("shift-each", "after the check passes, raise and lower every numeric threshold in turn\n(--shift, default 0.1: x1.1 and x0.9) and fail when some key's shifts fail\nno scene, listing those keys: every default must be pinned by a scene")
    static let shiftOption = Option.option("shift", "F", "the relative shift of --shift-each, 0 < F < 1 (default 0.1)") { (text) throws(UsageError) in
        guard let shift = Double(text), shift > 0, shift < 1 else {
            throw UsageError("--shift expects a number between 0 and 1 (exclusive), got '\(text)'")
        }
        return shift
    }
    static let options: [OptionSpec] = ThresholdOverrideOptions.options + [
        updateFlag.spec, junitOption.spec, jsonFlag.spec, shardOption.spec, jobsOption.spec, reportOption.spec,
        shiftEachFlag.spec, shiftOption.spec,
    ]
    static let exitStatus: [ExitStatus] = [
        .success("every scene passed"),
        .failure("some scene failed (or, with --shift-each, some threshold's shifts failed no scene)"),
        .usage,
        .badInput("a scene, golden file or thresholds file could not be read"),
        .outputFailed("the JUnit file or the report could not be written"),
    ]

    var paths: [String]
    var overrides: ThresholdOverrideOptions
    var update: Bool
    var junit: String?
    var json: Bool
    var shard: Shard?
    var jobs: Int
    var report: String?
    /// The relative shift of `--shift-each`, nil without it.
    var shiftEach: Double?

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        paths = parsed.positionals.isEmpty ? [DefaultPaths.scenesFolder] : parsed.positionals
        overrides = try ThresholdOverrideOptions(parsed)
        update = try parsed[Self.updateFlag]
        junit = try parsed[Self.junitOption]
        report = try parsed[Self.reportOption]
        json = try parsed[Self.jsonFlag]
        shard = try parsed[Self.shardOption]
        jobs = try parsed[Self.jobsOption] ?? ProcessInfo.processInfo.activeProcessorCount
        guard jobs >= 1 else { throw UsageError("--jobs must be at least 1") }
        if try parsed[Self.shiftEachFlag] {
            let shift = try parsed[Self.shiftOption] ?? 0.1
            guard !update, overrides.assignments.isEmpty, overrides.file == nil else {
                throw UsageError("--shift-each runs the scenes with their own thresholds: it excludes --update, --set and --thresholds")
            }
            shiftEach = shift
        } else if try parsed.isGiven(Self.shiftOption.spec) {
            throw UsageError("--shift needs --shift-each")
        }
    }

    func run() throws -> ExitCode {
        var files: [String]
        files = try SceneCheck.sceneFiles(paths)
        if let shard { files = files.filter { shard.contains($0) } }
        let overrides = try self.overrides.overrides()
        _ = try overrides.apply(to: Thresholds())  // a bad file or value fails here, once, before any scene runs
        // Overrides apply on top of each scene's own thresholds: the file first, then --set.
        let transform: @Sendable (Thresholds) throws -> Thresholds = { try overrides.apply(to: $0) }
        // Each scene's line is printed as soon as it and the scenes before it are done (a progress bar
        // with the time left below them on a terminal).
        let bar = ProgressBar(label: "check")
        let json = self.json, count = files.count
        let results = SceneCheck.checkAll(files: files, jobs: jobs, thresholds: transform, update: update) { index, check, seconds in
            bar.finish()
            Self.printResult(check, seconds: seconds, json: json)
            bar.update(done: index + 1, of: count)
        }
        bar.finish()
        let passed = results.filter { $0.check.status == .passed }.count
        let failed = results.filter { $0.check.status == .failed }.count
        let unreadable = results.filter { $0.check.status == .unreadable }.count
        if let junit {
            let report = JUnitReport(suiteName: "capture-sim check", cases: results.map { r in
                JUnitReport.Case(name: r.check.path, className: "capture-sim.check", seconds: r.seconds,
                                 failure: r.check.status == .passed ? nil : r.check.problems.first ?? "failed",
                                 details: (r.check.problems + r.check.diff).joined(separator: "\n"))
            }, properties: (self.overrides.file.map { [(name: "--thresholds", value: $0)] } ?? []) + self.overrides.texts.map { (name: "--set", value: $0) })
            try FileSystem.writeOutputFile(report.xml, to: junit, force: true)
        }
        if let report {
            let index = try CheckReport.write(results: results, folder: report, thresholds: transform)
            printInfo("check report: \(index)")
        }
        if !json {
            print("check: \(results.count) scenes, \(passed) pass, \(failed) fail" + (unreadable > 0 ? ", \(unreadable) unreadable" : ""))
        }
        if unreadable > 0 { return .badInput }
        if failed > 0 { return .failure }
        if let shiftEach { return Self.shiftEach(files: files, shift: shiftEach, jobs: jobs) }
        return .success
    }

    /// One scene's result: a JSON object, or its line (PASS, FAIL, ERROR) with a failure's problems and diff.
    static func printResult(_ check: SceneCheck, seconds: Double, json: Bool) {
        if json {
            print(JSONValue.object([
                ("scene", .string(check.path)), ("status", .string(check.status.rawValue)),
                ("events", .integer(check.events.count)), ("seconds", .number((seconds * 1000).rounded() / 1000)),
                ("problems", .array(check.problems.map { .string($0) })),
                ("goldenUpdate", check.goldenUpdate.map { .string($0) } ?? .null),
            ]).serialized())
            return
        }
        let tag = check.status == .passed ? "PASS " : check.status == .failed ? "FAIL " : "ERROR"
        var line = "\(tag) \(check.path)"
        if check.status == .passed {
            line += "  (\(Counted.text(check.events.count, "event")), \(NumberFormatting.fixed(seconds, decimals: 1)) s)"
            if check.hasNoExpectations { line += "  [no expectations]" }
        } else if let first = check.problems.first {
            line += ": \(first)"
        }
        if let g = check.goldenUpdate { line += "  [golden \(g)]" }
        print(line)
        if check.status == .failed {
            for p in check.problems.dropFirst() { print("      \(p)") }
            for d in check.diff { print("    \(d)") }
        }
    }

    /// `--shift-each`: the walk over every numeric threshold (``ThresholdShiftWalk``); one line per key.
    static func shiftEach(files: [String], shift: Double, jobs: Int) -> ExitCode {
        let clock = ContinuousClock()
        let start = clock.now
        let outcomes = ThresholdShiftWalk(files: files, shift: shift, jobs: jobs).run()
        let up = "x\(NumberFormatting.compact(1 + shift))", down = "x\(NumberFormatting.compact(1 - shift))"
        for o in outcomes {
            var parts: [String] = []
            if let f = o.failsWhenRaised { parts.append("\(up) fails \(f)") }
            if let f = o.failsWhenLowered { parts.append("\(down) fails \(f)") }
            if !o.invalidShifts.isEmpty { parts.append("\(o.invalidShifts.joined(separator: ", ")) outside its range") }
            let tag = o.isGuarded ? "GUARDED  " : "UNGUARDED"
            print("\(tag) \(o.key): " + (parts.isEmpty ? "no scene fails with \(up) or \(down)" : parts.joined(separator: "; "))
                  + " (\(o.scenesRun) scene runs)")
        }
        let unguarded = outcomes.filter { !$0.isGuarded }.map(\.key)
        let seconds = (clock.now - start).inSeconds
        print("shift-each: \(outcomes.count) thresholds, \(outcomes.count - unguarded.count) guarded, \(unguarded.count) unguarded"
              + " (\(outcomes.map(\.scenesRun).reduce(0, +)) scene runs, \(NumberFormatting.fixed(seconds, decimals: 1)) s)")
        if !unguarded.isEmpty {
            print("unguarded: \(unguarded.joined(separator: " "))")
            return .failure
        }
        return .success
    }
}
