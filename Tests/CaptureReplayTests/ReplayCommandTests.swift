import CaptureEngine
import CaptureReplay
import Foundation
import TestSupport
import Testing

/// Runs the built `capture-sim replay` and compares its exact output.
@Suite struct ReplayCommandTests {
    private func tool(_ arguments: [String]) throws -> ToolRun {
        guard let run = try ToolRun.capture(arguments) else {
            Issue.record("capture-sim is not built next to the tests or in .build/debug")
            return ToolRun(status: -1, standardOutput: "", standardError: "")
        }
        return run
    }

    /// What the command must print for a log, computed in-process.
    private func expectedOutput(_ log: ReplayLog, json: Bool = false, trace: Bool = false) -> String {
        ReplayRun(log: log).events.flatMap { ReplayOutput.lines(for: $0, json: json, trace: trace) }
            .map { $0 + "\n" }.joined()
    }

    @Test func replayOfTheRealLogPrintsTheSessionsEventsExactly() throws {
        let log = try ReplayReader.read(path: TestPaths.letters)
        for flags in [[], ["--trace"], ["--json"]] {
            let run = try tool(["replay", TestPaths.letters] + flags)
            #expect(run.status == 0)
            #expect(run.standardError == "")
            #expect(run.standardOutput == expectedOutput(log, json: flags == ["--json"], trace: flags == ["--trace"]),
                    "flags \(flags)")
        }
    }

    @Test func windowAndThresholdOverridesReachTheSession() throws {
        var log = try ReplayReader.read(path: TestPaths.letters, options: ReplayOptions(from: 5, to: 20))
        log.configuration.thresholds.fastRotation.degreesPerSecond = 20
        let run = try tool(["replay", TestPaths.letters, "--from", "5", "--to=20", "--set", "fastRotation.degreesPerSecond=20"])
        #expect(run.status == 0)
        #expect(run.standardOutput == expectedOutput(log))
    }

    @Test func bundleRunsWithItsOwnThresholdsAndOverridesApplyOnTop() throws {
        // A 100 deg/s turn: above the default 90 deg/s, below the bundle's own 120 deg/s.
        var thresholds = Thresholds()
        thresholds.fastRotation.degreesPerSecond = 120
        let rate = Angle.radians(fromDegrees: 100)
        let frames = (0..<300).map { i -> LogWriter.BundleFrame in
            let t = Double(i) / 60
            let pose = RigidTransform(rotation: Quaternion(angle: rate * min(max(t - 2, 0), 1.5), axis: SIMD3(0, 1, 0)),
                                      translation: SIMD3(0, 1.4, -0.05 * t))
            return LogWriter.BundleFrame(time: t, pose: pose)
        }
        let folder = TestPaths.scratchFolder("cli-bundle") + "/scan"
        try LogWriter.bundle(at: folder, frames: frames, thresholds: thresholds, recordPressAfterFrames: 10)
        let own = try tool(["replay", folder])
        #expect(own.status == 0)
        #expect(own.standardOutput.contains("  1  Recording started"))
        #expect(!own.standardOutput.contains(" 87  "))
        let overridesFile = try LogWriter.write("{\"drift\": {\"meters\": 5}}", to: "overrides.json", in: folder + "-settings")
        let lowered = try tool(["replay", folder, "--thresholds", overridesFile, "--set", "fastRotation.degreesPerSecond=95"])
        #expect(lowered.status == 0)
        var log = try ReplayReader.read(path: folder)
        #expect(log.configuration.thresholds == thresholds)
        log.configuration.thresholds.drift.meters = 5
        log.configuration.thresholds.fastRotation.degreesPerSecond = 95
        #expect(lowered.standardOutput == expectedOutput(log))
        #expect(lowered.standardOutput.contains(" 87  "))
    }

    @Test func malformedLogExitsThreeNamingFileAndLine() throws {
        let path = try LogWriter.write("0 0 0 0 0 0 0 1\n0.1 0 0 0 0 0 1\n", to: "bad.tum", in: TestPaths.scratchFolder("cli-bad"))
        let run = try tool(["replay", path])
        #expect(run.status == 3)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "capture-sim replay: \(path):2: expected 8 fields (timestamp tx ty tz qx qy qz qw), found 7\n")
    }

    @Test func unreadableLogExitsThree() throws {
        let run = try tool(["replay", "/nonexistent/walk.tum"])
        #expect(run.status == 3)
        #expect(run.standardError == "capture-sim replay: /nonexistent/walk.tum: no such file or folder\n")
    }

    @Test func diagnosticsGoToStandardErrorAndTheReplayGoesOn() throws {
        let text = "0 0 0 0 0 0 0 1\n1 0 0 0 0 0 0 1\n1.1 0 0 0"
        let path = try LogWriter.write(text, to: "cut.tum", in: TestPaths.scratchFolder("cli-cut"))
        let run = try tool(["replay", path])
        #expect(run.status == 0)
        #expect(run.standardError == """
            warning: \(path):2: gap of 1.000 s before this frame (more than 0.5 s)
            warning: \(path):3: last line is incomplete (no newline; expected 8 fields (timestamp tx ty tz qx qy qz qw), found 4); replaying up to the line before

            """)
        #expect(run.standardOutput == expectedOutput(try ReplayReader.read(path: path)))
    }

    @Test func usageErrorsExitTwo() throws {
        for arguments in [["replay"], ["replay", TestPaths.letters, "--up", "x"], ["replay", TestPaths.letters, "--up", "z"],
                          ["replay", TestPaths.letters, "--fps", "30"], ["replay", TestPaths.letters, "--format", "csv"],
                          ["replay", TestPaths.letters, "--from", "3", "--to", "1"], ["replay", TestPaths.letters, "--bogus"],
                          ["replay", TestPaths.letters, "--set", "nothing.here=1"]] {
            let run = try tool(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.standardError.hasPrefix("capture-sim replay: "), "\(arguments)")
        }
    }

    @Test func helpDescribesTheOptions() throws {
        let run = try tool(["replay", "--help"])
        #expect(run.status == 0)
        for option in ["--format", "--fps", "--up", "--from", "--to", "--trace", "--json", "--thresholds", "--set"] {
            #expect(run.standardOutput.contains(option), "\(option)")
        }
    }
}

/// `capture-sim replay` of a bundle's zip prints what the replay of its folder prints.
@Suite struct ZippedBundleReplayCommandTests {
    @Test func replayOfABundlesZipPrintsTheEventsOfItsFolder() throws {
        let out = TestPaths.scratchFolder("zip-replay")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let scene = CommandLineTool.packageRoot.appendingPathComponent("Scenes/ceiling.json").path
        guard let written = try ToolRun.capture(["run", scene, "--out", out, "--no-progress", "--no-images"]) else {
            Issue.record("capture-sim is not built next to the tests or in .build/debug")
            return
        }
        #expect(written.status == 0)
        let bundle = out + "/ceiling"
        let zips = ((try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? []).filter { $0.hasSuffix(".zip") }
        #expect(zips.count == 1)
        let zip = try #require(zips.first.map { bundle + "/" + $0 })
        for flags in [[], ["--json"]] {
            let fromFolder = try #require(try ToolRun.capture(["replay", bundle] + flags))
            let fromZip = try #require(try ToolRun.capture(["replay", zip] + flags))
            #expect(fromZip.status == 0)
            #expect(fromZip.standardError == fromFolder.standardError)
            #expect(fromZip.standardOutput.contains("Recording started"))
            #expect(fromZip.standardOutput == fromFolder.standardOutput, "flags \(flags)")
        }
    }
}
