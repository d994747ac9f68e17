import Benchmarks
@testable import capture_sim
import Foundation
import FoundationXML
import Testing
import TestSupport

/// End-to-end tests: the built tool, its exact output and exit codes.
@Suite struct CommandLineTests {
    /// A scene file in `folder`: `Scenes/not-enough-data.json` with its expectations replaced.
    private func scene(in folder: URL, name: String, expect: [String: Any], script: [[String: Any]]? = nil) throws -> URL {
        let base = PackageFolder.root.appendingPathComponent("Scenes/not-enough-data.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: base)) as? [String: Any])
        object["name"] = name
        object["expect"] = expect
        if let script { object["script"] = script }
        let url = folder.appendingPathComponent(name + ".json")
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return url
    }

    @Test func codesListsAll59WithSeverity() throws {
        let r = try CommandLineTool.run(["codes"])
        #expect(r.status == 0)
        #expect(r.lines.count == 59)
        #expect(r.lines.first == " 0  info    Received when the device is in landscape orientation. This is usually the first status code received when the device is turned to landscape orientation in order to start recording. The scanning cannot be started if the device is not in landscape orientation.")
        #expect(r.lines.contains { $0.hasPrefix("13  error   Scan drifted!") })
    }

    @Test func codesJSONHasTheDocumentedKeys() throws {
        let r = try CommandLineTool.run(["codes", "--json"])
        let first = try #require(r.lines.first)
        #expect(first.hasPrefix(#"{"code":0,"name":"landscape","severity":"info","message":"Device in landscape orientation","documentation":"#))
    }

    @Test func runPrintsTheSceneEventsExactly() throws {
        let r = try CommandLineTool.run(["run", "Scenes/not-enough-data.json", "--no-progress"])
        #expect(r.status == 0)
        #expect(r.lines == [
            "    0.000   70  Thermal state nominal",
            "    0.000   75  Low power mode deactivated",
            "    0.000   76  Active processor count is 6 of 6",
            "    0.000   78  Storage: 547 minutes left",
            "    0.900    0  Device in landscape orientation",
            "    2.500    1  Recording started",
            "    8.500    3  Finished recording - Not enough data",
            "    8.500   15  Error, removing scan",
            "    8.500    5  Finished recording - CubiCapture is finished",
        ])
        #expect(r.stderr == "Scenes/not-enough-data.json: 644 inputs, 360 frames recorded, finished\n")
    }

    @Test func runJSONIsOneEventObjectPerLine() throws {
        let r = try CommandLineTool.run(["run", "Scenes/not-enough-data.json", "--json", "--no-progress"])
        #expect(r.lines[6] == #"{"time":8.5,"code":3,"message":"Finished recording - Not enough data","severity":"info"}"#)
    }

    @Test func sameSceneAndSeedGiveTheSameOutput() throws {
        let a = try CommandLineTool.run(["run", "Scenes/drift.json", "--json", "--no-progress", "--seed", "9", "--depth-every", "60"])
        let b = try CommandLineTool.run(["run", "Scenes/drift.json", "--json", "--no-progress", "--seed", "9", "--depth-every", "60"])
        #expect(a.stdout == b.stdout)
        #expect(a.lines.contains { $0.contains(#""code":13"#) })
    }

    @Test func malformedSceneIsExit3NamingFileAndPath() throws {
        let temporary = try TemporaryFolder("bad-scene")
        defer { temporary.remove() }
        let folder = temporary.url
        let url = try scene(in: folder, name: "bad", expect: [:], script: [["action": "pause", "seconds": -2]])
        let r = try CommandLineTool.run(["run", url.path, "--no-progress"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("\(url.path): script[0]"))
        #expect(r.stdout.isEmpty)
    }

    /// The usage error a command's parsing reports (and, with `running`, its run: for checks that need
    /// what the arguments name), in-process; nil when there is none.
    private func usageError(_ command: any Command.Type, _ arguments: [String], running: Bool = false) -> String? {
        do {
            let parsed = try command.init(parsing: arguments)
            if running { _ = try parsed.run() }
            return nil
        } catch let error as UsageError {
            return error.description
        } catch {
            return "not a usage error: \(error)"
        }
    }

    @Test func unknownOptionAndCommandAreUsageErrors() throws {
        #expect(usageError(RunCommand.self, ["--bogus"]) == "unknown option '--bogus'")
        #expect(usageError(ThresholdsCommand.self, ["--set", "drift.metres=3"], running: true)?.contains("unknown threshold 'drift.metres'") == true)
        // Through the tool: exit 2 and the message on standard error.
        #expect(try CommandLineTool.run(["frobnicate"]).status == 2)
        let r = try CommandLineTool.run(["thresholds", "--set", "drift.metres=3"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown threshold 'drift.metres'"))
    }

    /// Threshold overrides go through one map (``ExitCode/of(_:)``): a value out of range is a usage
    /// error with the help line, before `check` runs any scene; a thresholds file that does not apply is
    /// bad input; a benchmark's error keeps its kind.
    @Test func thresholdOverrideProblemsExitByTheirOriginBeforeAnyWork() throws {
        let range = try CommandLineTool.run(["check", "Scenes/too-close.json", "--set", "drift.meters=-1"])
        #expect(range.status == 2)
        #expect(range.stdout.isEmpty)
        #expect(range.stderr.contains("drift.meters") && range.stderr.contains("See 'capture-sim check --help'."), "\(range.stderr)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overrides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("thresholds.json")
        try Data(#"{"drift": {"meters": -1}}"#.utf8).write(to: file)
        let bad = try CommandLineTool.run(["thresholds", "--thresholds", file.path])
        #expect(bad.status == 3)
        #expect(bad.stderr.contains(file.path) && !bad.stderr.contains("--help"), "\(bad.stderr)")
        #expect(ExitCode.of(BenchmarkError(.usage, "u")).code == .usage)
        #expect(ExitCode.of(BenchmarkError(.badInput, "b")).code == .badInput)
        #expect(ExitCode.of(BenchmarkError(.failure, "f")) == (ExitCode.failure, "f"))
    }

    @Test func everyCommandHasHelpInOneLayoutWithItsExitStatus() throws {
        let commands = CaptureSim.entries.flatMap { entry -> [(String, any Command.Type)] in
            switch entry {
            case .command(let type): return [(type.name, type)]
            case .group(let group): return group.subcommands.map { ("\(group.name) \($0.name)", $0) }
            }
        }
        #expect(commands.count >= 16)
        for (words, command) in commands {
            let help = command.help
            #expect(help.hasPrefix("USAGE: capture-sim \(words)"), "\(words)")
            #expect(help.contains("\nOPTIONS:\n"), "\(words)")
            // One EXIT STATUS table per command, last, each line "N      meaning" with 0 among them.
            let tail = try #require(help.components(separatedBy: "\nEXIT STATUS:\n").dropFirst().first, "\(words)")
            let rows = tail.split(separator: "\n").filter { !$0.hasPrefix("         ") }
            #expect(rows.first?.hasPrefix("  0      ") == true || rows.first?.hasPrefix("0      ") == true, "\(words): \(rows.first ?? "")")
            #expect(rows.allSatisfy { $0.range(of: #"^ *[0-9+N]+ +\S"#, options: .regularExpression) != nil }, "\(words)")
        }
        let r = try CommandLineTool.run(["replay", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("USAGE: capture-sim replay"))
        #expect(r.stdout.contains("3.1"))
    }

    @Test func helpCommandPrintsTheSameAsDashDashHelpAndASubcommandGetsOnlyItsOwn() throws {
        let viaHelp = try CommandLineTool.run(["help", "run"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout == (try CommandLineTool.run(["run", "--help"])).stdout)
        let stats = try CommandLineTool.run(["lidar", "stats", "--help"])
        #expect(stats.status == 0)
        #expect(stats.stdout.hasPrefix("USAGE: capture-sim lidar stats"))
        #expect(!stats.stdout.contains("capture-sim lidar fit"))
        #expect(stats.stdout == (try CommandLineTool.run(["help", "lidar", "stats"])).stdout)
        let group = try CommandLineTool.run(["help", "bench"])
        #expect(group.status == 0)
        #expect(group.stdout.contains("SUBCOMMANDS:"))
        #expect(try CommandLineTool.run(["help", "frobnicate"]).status == 2)
    }

    @Test func aMistypedCommandSubcommandOrOptionIsExit2WithWhatWasMeant() throws {
        let command = try CommandLineTool.run(["chek", "Scenes/floor.json"])
        #expect(command.status == 2)
        #expect(command.stderr.contains("unknown command 'chek'"))
        #expect(command.stderr.contains("'check'"))
        let sub = try CommandLineTool.run(["bench", "engin"])
        #expect(sub.status == 2)
        #expect(sub.stderr.contains("'engine'"))
        let option = try CommandLineTool.run(["run", "Scenes/floor.json", "--seeed", "3"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("unknown option '--seeed'"))
        #expect(option.stderr.contains("--seed"))
        #expect(option.stdout.isEmpty)
    }

    @Test func versionNamesTheToolAndItsProfiles() throws {
        let r = try CommandLineTool.run(["--version"])
        #expect(r.status == 0)
        #expect(r.lines.first == "capture-sim \(ToolVersion.number)")
        #expect(r.stdout.contains("2.10") && r.stdout.contains("3.1"))
    }

    @Test func quietLeavesTheResultsAndDropsTheSummaryLines() throws {
        let loud = try CommandLineTool.run(["check", "Scenes/floor.json"])
        let quiet = try CommandLineTool.run(["check", "Scenes/floor.json", "--quiet"])
        #expect(loud.status == 0 && quiet.status == 0)
        // The same result lines (each says how long its scene took: that differs).
        let verdict = { (run: CommandLineTool.Result) in run.lines.map { $0.components(separatedBy: "  (").first ?? $0 } }
        #expect(verdict(quiet) == verdict(loud))
        #expect(quiet.lines.first?.hasPrefix("PASS  Scenes/floor.json") == true)
        #expect(quiet.stderr.isEmpty)
        // An error is still said.
        let failing = try CommandLineTool.run(["--quiet", "run", "no-such-scene.json"])
        #expect(failing.status == 3)
        #expect(failing.stderr.contains("no-such-scene.json"))
    }

    @Test func eventCodesOfOneTwoAndThreeDigitsKeepTheMessageColumn() throws {
        let r = try CommandLineTool.run(["codes", "--sdk", "3.1"])
        #expect(r.status == 0)
        let rows = r.lines.filter { $0.range(of: #"^ *[0-9]{1,3}  "#, options: .regularExpression) != nil }
        #expect(rows.count > 50)
        let columns = Set(rows.map { row in row.distance(from: row.startIndex, to: row.range(of: #"[0-9] +"#, options: .regularExpression)!.upperBound) })
        #expect(columns.count == 1, "\(columns)")
    }

    @Test func runWritesABundleAndRefusesToOverwriteWithoutForce() throws {
        let temporary = try TemporaryFolder("run-out")
        defer { temporary.remove() }
        let out = temporary.url
        let args = ["run", "Scenes/sideways-left.json", "--out", out.path, "--no-progress", "--depth-every", "30", "--no-images"]
        let first = try CommandLineTool.run(args)
        #expect(first.status == 0)
        let bundle = out.appendingPathComponent("sideways-left")
        #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("arkitData.json").path))
        let inspect = try CommandLineTool.run(["inspect", bundle.path])
        #expect(inspect.status == 0)
        let again = try CommandLineTool.run(args)
        #expect(again.status == 4)
        #expect(again.stderr.contains("exists; use --force"))
        #expect(try CommandLineTool.run(args + ["--force"]).status == 0)
    }

    @Test func compressionOptionsChangeTheFilesNotTheEventsOrTheSamples() throws {
        let temporary = try TemporaryFolder("run-compression")
        defer { temporary.remove() }
        let out = temporary.url
        let base = ["run", "Scenes/sideways-left.json", "--no-progress", "--depth-every", "30", "--format", "both", "--no-images"]
        let standard = try CommandLineTool.run(base + ["--out", out.appendingPathComponent("default").path])
        let stored = try CommandLineTool.run(base + ["--out", out.appendingPathComponent("stored").path,
                                                     "--png-compression", "none", "--zip-depth", "deflate", "--zip-level", "1"])
        #expect(standard.status == 0 && stored.status == 0)
        // The same events; only the zip's path (the output folder) differs.
        #expect(standard.stdout == stored.stdout.replacingOccurrences(of: "/stored/", with: "/default/"))
        func file(_ run: String, _ path: String) throws -> Data {
            try Data(contentsOf: out.appendingPathComponent(run + "/" + path))
        }
        let png = "sideways-left-raw/raw/depth/00000.png"
        #expect(try file("stored", png).count > 2 * file("default", png).count)
        #expect(try file("stored", "sideways-left/allDepthFrames.bin") == file("default", "sideways-left/allDepthFrames.bin"))
        for run in ["default", "stored"] {
            for bundle in ["sideways-left", "sideways-left-raw"] {
                #expect(try CommandLineTool.run(["inspect", out.appendingPathComponent(run + "/" + bundle).path]).status == 0)
            }
        }
    }

    @Test func badCompressionOptionsAreUsageErrorsNamingTheOption() {
        #expect(usageError(RunCommand.self, ["--out", "/tmp/x", "--png-compression", "tiny"])?
            .contains("--png-compression expects none, rle, fast or small, got 'tiny'") == true)
        #expect(usageError(RunCommand.self, ["--out", "/tmp/x", "--zip-depth", "zstd"])?
            .contains("--zip-depth expects store or deflate, got 'zstd'") == true)
        #expect(usageError(RunCommand.self, ["--out", "/tmp/x", "--zip-level", "10"]) != nil)
        #expect(usageError(RunCommand.self, ["--png-compression", "none"])?.contains("--png-compression needs --out DIR") == true)
    }

    @Test func abortedRunLeavesNoBundleAndExits4() throws {
        let temporary = try TemporaryFolder("run-abort")
        defer { temporary.remove() }
        let out = temporary.url
        let r = try CommandLineTool.run(["run", "Scenes/drift.json", "--out", out.path, "--no-progress", "--depth-every", "30", "--no-images"])
        #expect(r.status == 4)
        #expect(r.stderr.contains("no bundle written"))
        #expect(r.stderr.hasSuffix("drift not published (it ended with code 13: Scan drifted!)\n") || r.stderr.contains("drift not published (it ended with code"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func checkPassesFailsWithDiffAndWritesJUnit() throws {
        let temporary = try TemporaryFolder("check")
        defer { temporary.remove() }
        let folder = temporary.url
        _ = try scene(in: folder, name: "a-pass", expect: ["sequence": [0, 1, 3, 5], "forbid": [2]])
        _ = try scene(in: folder, name: "b-fail", expect: ["sequence": [0, 1, ["code": 3, "between": [9, 10]]]])
        let junit = folder.appendingPathComponent("report.xml")
        let r = try CommandLineTool.run(["check", folder.path, "--junit", junit.path])
        #expect(r.status == 1)
        #expect(r.lines.first?.hasPrefix("PASS  \(folder.path)/a-pass.json  (9 events") == true)
        #expect(r.lines.contains("FAIL  \(folder.path)/b-fail.json: expected 3 between 9 and 10 s (in order), got 3 at 8.500 s"))
        #expect(r.lines.contains("    ! 3 between 9 and 10 s               | (missing)"))
        #expect(r.lines.last == "check: 2 scenes, 1 pass, 1 fail")
        let doc = try XMLDocument(contentsOf: junit)
        #expect(try doc.nodes(forXPath: "//testcase").count == 2)
        #expect(try doc.nodes(forXPath: "//testcase/failure").count == 1)
    }

    @Test func checkWithAThresholdChangedShowsWhichScenesChange() throws {
        let temporary = try TemporaryFolder("check-set")
        defer { temporary.remove() }
        let folder = temporary.url
        _ = try scene(in: folder, name: "short", expect: ["sequence": [3]])
        #expect(try CommandLineTool.run(["check", folder.path]).status == 0)
        let r = try CommandLineTool.run(["check", folder.path, "--set", "recording.minimumSeconds=4.5"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("expected 3, but 3 never occurred"))
    }

    @Test func checkSaysWhatTheDetectorMeasuredWhenAWarningNeverOccurredAndJUnitRecordsTheOverrides() throws {
        let temporary = try TemporaryFolder("check-peak")
        defer { temporary.remove() }
        let junit = temporary.url.appendingPathComponent("report.xml")
        let r = try CommandLineTool.run(["check", "Scenes/fast-rotation.json", "--set", "fastRotation.degreesPerSecond=400",
                                         "--junit", junit.path])
        #expect(r.status == 1)
        #expect(r.lines.first == "FAIL  Scenes/fast-rotation.json: expected 87, but 87 never occurred: peak yaw rate 190.656 deg/s over 0.5 s <= 400 deg/s at 26.467 s")
        let doc = try XMLDocument(contentsOf: junit)
        #expect(try doc.nodes(forXPath: "//testsuite/properties/property[@name='--set']/@value").map(\.stringValue) == ["fastRotation.degreesPerSecond=400"])
        // A warning whose quantity crossed the threshold but not for long enough: the longest stretch.
        let held = try CommandLineTool.run(["check", "Scenes/floor.json", "--set", "floor.holdSeconds=6"])
        #expect(held.lines.first == "FAIL  Scenes/floor.json: expected 21, but 21 never occurred: pitch < -55 deg for at most 4.333 s (from 26.517 s) < the 6 s it must hold; lowest -77.787 deg at 28.933 s")
    }

    @Test func checkOfAnUnreadableSceneIsExit3() throws {
        let temporary = try TemporaryFolder("check-bad")
        defer { temporary.remove() }
        let folder = temporary.url
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let r = try CommandLineTool.run(["check", folder.path])
        #expect(r.status == 3)
        #expect(r.stdout.contains("ERROR \(folder.path)/broken.json"))
    }

    @Test func goldenFilesAreCreatedByUpdateAndThenCompared() throws {
        let temporary = try TemporaryFolder("golden")
        defer { temporary.remove() }
        let folder = temporary.url
        let url = try scene(in: folder, name: "pinned", expect: [:])
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["golden"] = "pinned.golden.jsonl"
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        let missing = try CommandLineTool.run(["check", url.path])
        #expect(missing.status == 3)
        #expect(missing.stdout.contains("pinned.golden.jsonl: cannot read the golden file"))
        let update = try CommandLineTool.run(["check", url.path, "--update"])
        #expect(update.status == 0)
        #expect(update.stdout.contains("[golden created]"))
        #expect(try CommandLineTool.run(["check", url.path]).status == 0)
        let changed = try CommandLineTool.run(["check", url.path, "--set", "recording.minimumSeconds=4"])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("golden pinned.golden.jsonl: event 7: expected 3 at 8.500 s, got 2 at 8.500 s"))
    }

    @Test func sweepTabulatesCodesPerValue() throws {
        let r = try CommandLineTool.run(["sweep", "Scenes/not-enough-data.json", "--param", "recording.minimumSeconds=4,6",
                                         "--codes", "2,3"])
        #expect(r.status == 0)
        #expect(r.lines == [
            "Scenes/not-enough-data.json",
            "  recording.minimumSeconds  codes (code@first time s, xN when N times)",
            "  4                         2@8.50",
            "  6                         3@8.50",
        ])
        let csv = try CommandLineTool.run(["sweep", "Scenes/not-enough-data.json", "--param", "recording.minimumSeconds=4,6",
                                           "--codes", "2,3", "--csv"])
        #expect(csv.lines == ["scene,recording.minimumSeconds,code,severity,count,first",
                              "Scenes/not-enough-data.json,4,2,info,1,8.500",
                              "Scenes/not-enough-data.json,6,3,info,1,8.500"])
    }

    @Test func sweepKeepsWarningsAndErrorsByDefaultAndFiltersBySeverity() throws {
        // The storage report at start (78, 118 minutes) is information: not listed by default.
        let byDefault = try CommandLineTool.run(["sweep", "Scenes/storage-low.json", "--param", "storage.warningMinutes=10", "--csv"])
        #expect(byDefault.status == 0)
        #expect(byDefault.lines == ["scene,storage.warningMinutes,code,severity,count,first",
                                    "Scenes/storage-low.json,10,78,warning,2,0.000"])
        let info = try CommandLineTool.run(["sweep", "Scenes/not-enough-data.json", "--param", "recording.minimumSeconds=6",
                                            "--severity", "info", "--csv"])
        #expect(info.lines.contains("Scenes/not-enough-data.json,6,78,info,1,0.000"))
        #expect(info.lines.contains("Scenes/not-enough-data.json,6,3,info,1,8.500"))
        let errors = try CommandLineTool.run(["sweep", "Scenes/not-enough-data.json", "--param", "recording.minimumSeconds=6",
                                              "--severity", "error", "--csv"])
        #expect(errors.lines == ["scene,recording.minimumSeconds,code,severity,count,first",
                                 "Scenes/not-enough-data.json,6,15,error,1,8.500"])
        let bad = try CommandLineTool.run(["sweep", "Scenes/not-enough-data.json", "--param", "recording.minimumSeconds=6",
                                           "--severity", "fatal"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--severity expects info, warning or error, got 'fatal'"))
    }
}
