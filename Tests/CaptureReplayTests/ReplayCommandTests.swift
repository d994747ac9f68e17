import CaptureEngine
import CaptureReplay
@testable import capture_sim
import Foundation
import TestSupport
import Testing

/// `capture-sim replay`: its exact output for a real log (stated here, not recomputed by the code under
/// test), options that reach the session, exit codes and messages; parsing checked in-process.
@Suite struct ReplayCommandTests {
    private func tool(_ arguments: [String]) throws -> CommandLineTool.Result {
        try CommandLineTool.run(arguments)
    }

    /// What the command prints for a log, computed in-process (for checks that the tool applies its
    /// options as the library does).
    private func expectedOutput(_ log: ReplayLog, json: Bool = false, trace: Bool = false) -> String {
        ReplayRun(log: log).events.flatMap { ReplayOutput.lines(for: $0, json: json, trace: trace) }
            .map { $0 + "\n" }.joined()
    }

    @Test func replayOfTheRealLogPrintsTheSessionsEventsExactly() throws {
        let plain = try tool(["replay", TestPaths.letters])
        #expect(plain.status == 0)
        #expect(plain.stderr == "")
        #expect(plain.lines == [
            "    0.000    1  Recording started",
            "   11.663   31  Horizontal scanning",
            "   13.096   32  Not scanning horizontally anymore",
            "   26.059   31  Horizontal scanning",
        ])
        let traced = try tool(["replay", TestPaths.letters, "--trace"])
        #expect(traced.lines == [
            "    0.000    1  Recording started",
            "   11.663   31  Horizontal scanning",
            "           |pitch| 3.54 deg over 5.015 s < 10 deg (window from 6.648 s)",
            "   13.096   32  Not scanning horizontally anymore",
            "   26.059   31  Horizontal scanning",
            "           |pitch| 5.174 deg over 5.015 s < 10 deg (window from 21.044 s)",
        ])
        let json = try tool(["replay", TestPaths.letters, "--json"])
        #expect(json.lines == [
            #"{"time":0,"code":1,"message":"Recording started","severity":"info"}"#,
            #"{"time":11.663185375,"code":31,"message":"Horizontal scanning","severity":"warning","trace":{"quantity":"|pitch|","measured":3.5399737107870433,"comparison":"<","threshold":10,"unit":"deg","windowSeconds":5.015168666999999,"windowStart":6.648016708}}"#,
            #"{"time":13.096090167,"code":32,"message":"Not scanning horizontally anymore","severity":"info"}"#,
            #"{"time":26.058879542,"code":31,"message":"Horizontal scanning","severity":"warning","trace":{"quantity":"|pitch|","measured":5.17389012743975,"comparison":"<","threshold":10,"unit":"deg","windowSeconds":5.015165624999998,"windowStart":21.043713917}}"#,
        ])
    }

    @Test func windowAndThresholdOverridesReachTheSession() throws {
        let run = try tool(["replay", TestPaths.letters, "--from", "5", "--to=20", "--set", "fastRotation.degreesPerSecond=20"])
        #expect(run.status == 0)
        // Seconds 5 to 20 of the log, its clock kept; turns above 20 deg/s are fast rotations. The
        // horizontal-scanning warning (priority 4) held its 5 s while 87 (priority 3) showed: it is shown
        // when 87 ends, at 11.796 s.
        #expect(run.lines == [
            "    5.015    1  Recording started",
            "    5.282   87  Too fast rotations. Showing fast movement warning",
            "    9.047   87  Too fast rotations. Showing fast movement warning",
            "   10.780   87  Too fast rotations. Showing fast movement warning",
            "   11.796   31  Horizontal scanning",
            "   13.096   32  Not scanning horizontally anymore",
            "   14.996   87  Too fast rotations. Showing fast movement warning",
        ])
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
        let scratch = try TemporaryFolder("cli-bundle")
        defer { scratch.remove() }
        let folder = scratch.path + "/scan"
        try LogWriter.bundle(at: folder, frames: frames, thresholds: thresholds, recordPressAfterFrames: 10)
        let own = try tool(["replay", folder])
        #expect(own.status == 0)
        #expect(own.stdout.contains("  1  Recording started"))
        #expect(!own.stdout.contains(" 87  "))
        let overridesFile = try LogWriter.write("{\"drift\": {\"meters\": 5}}", to: "overrides.json", in: folder + "-settings")
        let lowered = try tool(["replay", folder, "--thresholds", overridesFile, "--set", "fastRotation.degreesPerSecond=95"])
        #expect(lowered.status == 0)
        var log = try ReplayReader.read(path: folder)
        #expect(log.configuration.thresholds == thresholds)
        log.configuration.thresholds.drift.meters = 5
        log.configuration.thresholds.fastRotation.degreesPerSecond = 95
        #expect(lowered.stdout == expectedOutput(log))
        #expect(lowered.stdout.contains(" 87  "))
    }

    @Test func malformedLogExitsThreeNamingFileAndLine() throws {
        let scratch = try TemporaryFolder("cli-bad")
        defer { scratch.remove() }
        let path = try LogWriter.write("0 0 0 0 0 0 0 1\n0.1 0 0 0 0 0 1\n", to: "bad.tum", in: scratch.path)
        let run = try tool(["replay", path])
        #expect(run.status == 3)
        #expect(run.stdout == "")
        #expect(run.stderr == "capture-sim replay: \(path):2: expected 8 fields (timestamp tx ty tz qx qy qz qw), found 7\n")
    }

    @Test func unreadableLogExitsThree() throws {
        let run = try tool(["replay", "/nonexistent/walk.tum"])
        #expect(run.status == 3)
        #expect(run.stderr == "capture-sim replay: /nonexistent/walk.tum: no such file or folder\n")
    }

    @Test func diagnosticsGoToStandardErrorAndTheReplayGoesOn() throws {
        let text = "0 0 0 0 0 0 0 1\n1 0 0 0 0 0 0 1\n1.1 0 0 0"
        let scratch = try TemporaryFolder("cli-cut")
        defer { scratch.remove() }
        let path = try LogWriter.write(text, to: "cut.tum", in: scratch.path)
        let run = try tool(["replay", path])
        #expect(run.status == 0)
        #expect(run.stderr == """
            warning: \(path):2: gap of 1.000 s before this frame (more than 0.5 s)
            warning: \(path):3: last line is incomplete (no newline; expected 8 fields (timestamp tx ty tz qx qy qz qw), found 4); replaying up to the line before

            """)
        #expect(run.stdout == expectedOutput(try ReplayReader.read(path: path)))
    }

    @Test func usageErrorsAreRejectedBeforeAnythingIsReplayed() throws {
        for arguments in [[], [TestPaths.letters, "--up", "x"], [TestPaths.letters, "--up", "z"],
                          [TestPaths.letters, "--fps", "30"], [TestPaths.letters, "--format", "csv"],
                          [TestPaths.letters, "--from", "3", "--to", "1"], [TestPaths.letters, "--bogus"],
                          [TestPaths.letters, "--set", "nothing.here=1"]] {
            #expect(throws: UsageError.self, "\(arguments)") { _ = try ReplayCommand(parsing: arguments).run() }
        }
    }

    @Test func aUsageErrorExitsTwoNamingTheCommand() throws {
        let run = try tool(["replay", TestPaths.letters, "--bogus"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "capture-sim replay: unknown option '--bogus'\nSee 'capture-sim replay --help'.\n")
    }

    @Test func helpDescribesTheOptions() {
        for option in ["--format", "--fps", "--up", "--from", "--to", "--trace", "--json", "--thresholds", "--set"] {
            #expect(ReplayCommand.help.contains(option), "\(option)")
        }
    }
}

/// `capture-sim replay` of a bundle's zip prints what the replay of its folder prints.
@Suite struct ZippedBundleReplayCommandTests {
    @Test func replayOfABundlesZipPrintsTheEventsOfItsFolder() throws {
        let scratch = try TemporaryFolder("zip-replay")
        defer { scratch.remove() }
        let out = scratch.path
        let written = try CommandLineTool.run(["run", PackageFolder.scene("ceiling"), "--out", out, "--no-progress", "--no-images", "--depth-every", "30"])
        #expect(written.status == 0)
        let bundle = out + "/ceiling"
        let zips = ((try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? []).filter { $0.hasSuffix(".zip") }
        #expect(zips.count == 1)
        let zip = try #require(zips.first.map { bundle + "/" + $0 })
        for flags in [[], ["--json"]] {
            let fromFolder = try CommandLineTool.run(["replay", bundle] + flags)
            let fromZip = try CommandLineTool.run(["replay", zip] + flags)
            #expect(fromZip.status == 0)
            #expect(fromZip.stderr == fromFolder.stderr)
            #expect(fromZip.stdout.contains("Recording started"))
            #expect(fromZip.stdout == fromFolder.stdout, "flags \(flags)")
        }
    }
}
