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
        // The log is held in portrait (gravity along the camera's x axis) and walks across the view at
        // 0.27-0.30 m/s four times: sideways, measured across the view in the horizontal plane. 31, hidden
        // by 30 at 12.480 s while the phone tilts, is cleared (32) when 30 is (27).
        #expect(plain.stderr == "orientation: portrait 100 % of 1653 frames, landscape 0 %; CubiCapture 2.10 records only in landscape (0 before 1): a phone held so would be asked to rotate and would not start recording; this replay records from the first frame without that gate; sideways is measured across the view in the horizontal plane, whatever the roll\n")
        #expect(plain.lines == [
            "    0.000    1  Recording started",
            "    8.231   30  Walking sideways. Displaying right warning",
            "   10.447   27  Not walking sideways anymore",
            "   11.663   31  Horizontal scanning",
            "   12.480   30  Walking sideways. Displaying right warning",
            "   15.395   27  Not walking sideways anymore",
            "   15.395   32  Not scanning horizontally anymore",
            "   17.545   30  Walking sideways. Displaying right warning",
            "   19.561   27  Not walking sideways anymore",
            "   24.693   30  Walking sideways. Displaying right warning",
            "   26.709   27  Not walking sideways anymore",
            "   26.709   31  Horizontal scanning",
        ])
        let traced = try tool(["replay", TestPaths.letters, "--trace"])
        #expect(traced.lines == [
            "    0.000    1  Recording started",
            "    8.231   30  Walking sideways. Displaying right warning",
            "           horizontal speed (97 % sideways right) 0.304 m/s over 1.016 s >= 0.25 m/s (window from 7.215 s)",
            "   10.447   27  Not walking sideways anymore",
            "   11.663   31  Horizontal scanning",
            "           |pitch| 3.54 deg over 5.015 s < 10 deg (window from 6.648 s)",
            "   12.480   30  Walking sideways. Displaying right warning",
            "           horizontal speed (96 % sideways right) 0.274 m/s over 1.016 s >= 0.25 m/s (window from 11.463 s)",
            "   15.395   27  Not walking sideways anymore",
            "   15.395   32  Not scanning horizontally anymore",
            "   17.545   30  Walking sideways. Displaying right warning",
            "           horizontal speed (100 % sideways right) 0.283 m/s over 1.016 s >= 0.25 m/s (window from 16.528 s)",
            "   19.561   27  Not walking sideways anymore",
            "   24.693   30  Walking sideways. Displaying right warning",
            "           horizontal speed (100 % sideways right) 0.272 m/s over 1.016 s >= 0.25 m/s (window from 23.676 s)",
            "   26.709   27  Not walking sideways anymore",
            "   26.709   31  Horizontal scanning",
            "           |pitch| 4.705 deg over 5.665 s < 10 deg (window from 21.044 s)",
        ])
        let json = try tool(["replay", TestPaths.letters, "--json"])
        #expect(json.lines == [
            #"{"time":0,"code":1,"message":"Recording started","severity":"info"}"#,
            #"{"time":8.230877583,"code":30,"message":"Walking sideways. Displaying right warning","severity":"warning","trace":{"quantity":"horizontal speed (97 % sideways right)","measured":0.30390211306516474,"comparison":">=","threshold":0.25,"unit":"m/s","windowSeconds":1.016363416,"windowStart":7.214514167}}"#,
            #"{"time":10.446882167,"code":27,"message":"Not walking sideways anymore","severity":"info"}"#,
            #"{"time":11.663185375,"code":31,"message":"Horizontal scanning","severity":"warning","trace":{"quantity":"|pitch|","measured":3.5399737107870433,"comparison":"<","threshold":10,"unit":"deg","windowSeconds":5.015168666999999,"windowStart":6.648016708}}"#,
            #"{"time":12.479608042,"code":30,"message":"Walking sideways. Displaying right warning","severity":"warning","trace":{"quantity":"horizontal speed (96 % sideways right)","measured":0.27366061884635845,"comparison":">=","threshold":0.25,"unit":"m/s","windowSeconds":1.0163628750000004,"windowStart":11.463245167}}"#,
            #"{"time":15.395403375,"code":27,"message":"Not walking sideways anymore","severity":"info"}"#,
            #"{"time":15.395403375,"code":32,"message":"Not scanning horizontally anymore","severity":"info"}"#,
            #"{"time":17.54476075,"code":30,"message":"Walking sideways. Displaying right warning","severity":"warning","trace":{"quantity":"horizontal speed (100 % sideways right)","measured":0.283351620582048,"comparison":">=","threshold":0.25,"unit":"m/s","windowSeconds":1.016362791999999,"windowStart":16.528397958}}"#,
            #"{"time":19.560824333,"code":27,"message":"Not walking sideways anymore","severity":"info"}"#,
            #"{"time":24.692621833,"code":30,"message":"Walking sideways. Displaying right warning","severity":"warning","trace":{"quantity":"horizontal speed (100 % sideways right)","measured":0.27234198026983375,"comparison":">=","threshold":0.25,"unit":"m/s","windowSeconds":1.016362333,"windowStart":23.6762595}}"#,
            #"{"time":26.708684917,"code":27,"message":"Not walking sideways anymore","severity":"info"}"#,
            #"{"time":26.708684917,"code":31,"message":"Horizontal scanning","severity":"warning","trace":{"quantity":"|pitch|","measured":4.705078266654052,"comparison":"<","threshold":10,"unit":"deg","windowSeconds":5.664970999999998,"windowStart":21.043713917}}"#,
        ])
    }

    @Test func windowAndThresholdOverridesReachTheSession() throws {
        let run = try tool(["replay", TestPaths.letters, "--from", "5", "--to=20", "--set", "fastRotation.degreesPerSecond=20"])
        #expect(run.status == 0)
        // Seconds 5 to 20 of the log, its clock kept; turns above 20 deg/s are fast rotations. The
        // horizontal-scanning warning (priority 4) held its 5 s while 87 (priority 3) showed: it is shown
        // when 87 ends, at 11.796 s; the level phone tilts while 30 and then 87 hide it, and the app, which
        // saw 31, gets 32 once neither shows (16.278 s).
        #expect(run.lines == [
            "    5.015    1  Recording started",
            "    5.282   87  Too fast rotations. Showing fast movement warning",
            "    8.231   30  Walking sideways. Displaying right warning",
            "    9.031   87  Too fast rotations. Showing fast movement warning",
            "   10.447   27  Not walking sideways anymore",
            "   10.780   87  Too fast rotations. Showing fast movement warning",
            "   11.796   31  Horizontal scanning",
            "   12.480   30  Walking sideways. Displaying right warning",
            "   14.912   87  Too fast rotations. Showing fast movement warning",
            "   15.395   27  Not walking sideways anymore",
            "   16.278   32  Not scanning horizontally anymore",
            "   17.545   30  Walking sideways. Displaying right warning",
            "   19.561   27  Not walking sideways anymore",
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
            orientation: portrait 0 % of 2 frames, landscape 0 %, facing the floor or ceiling 100 %; sideways is measured across the view in the horizontal plane, whatever the roll

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
