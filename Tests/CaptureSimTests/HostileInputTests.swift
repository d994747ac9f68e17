import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Files made to hurt the tool, and the unlucky cases a user meets: a FIFO where a file is expected,
/// control characters in what is printed, a zip bomb in place of the video, a link planted in the
/// temporary folder, a repeated key, a depth index out of range, an unreadable file inside a bundle, a
/// log that starts with many comment lines, an empty `--out`, a scene whose work is too large.
@Suite(.serialized) struct HostileInputTests {
    /// The tool, under `timeout` so that a hang fails the test instead of stopping the suite.
    private func tool(_ arguments: [String], seconds: Int = 60, environment: [String] = []) throws -> CommandLineTool.Result {
        let executable = try #require(CommandLineTool.executable)
        return try CommandLineTool.runProgram("/usr/bin/env", environment + ["timeout", "-s", "KILL", "\(seconds)", executable.path] + arguments)
    }

    /// A small bundle of the CubiCapture layout with its video (folder and zip) in `folder`/out/hostile.
    private func bundle(in folder: TemporaryFolder) throws -> String {
        let scene = try folder.sceneCopy(named: "hostile")
        let r = try tool(["run", scene, "--out", folder.file("out"), "--no-progress", "--depth-every", "30",
                          "--video-size", "160x120", "--video-fps", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        return folder.file("out/hostile")
    }

    private func zipPath(_ bundle: String) throws -> String {
        let zip = try #require(try FileManager.default.contentsOfDirectory(atPath: bundle).first { $0.hasSuffix(".zip") })
        return bundle + "/" + zip
    }

    /// A bundle's zip, and an empty folder `tmp` to serve as the run's `TMPDIR`.
    private func zipAndEmptyFolder(in folder: TemporaryFolder) throws -> (zip: String, tmp: String) {
        let zip = try zipPath(try bundle(in: folder))
        let tmp = folder.file("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        return (zip, tmp)
    }

    private func editJSON(_ path: String, _ edit: (String) -> String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try edit(text).write(toFile: path, atomically: true, encoding: .utf8)
    }

    // MARK: FIFOs (item 7)

    @Test func aFIFOInsteadOfAFileIsRefusedByReplayInspectAndReportWithoutWaiting() throws {
        let temporary = try TemporaryFolder("hostile-fifo")
        defer { temporary.remove() }
        for name in ["log.tum", "bundle.zip", "poses.txt"] {
            #expect(mkfifo(temporary.file(name), 0o600) == 0)
        }
        let replay = try tool(["replay", temporary.file("log.tum")], seconds: 20)
        #expect(replay.status == 3, "\(replay.stderr)")
        #expect(replay.stderr.contains("not a regular file or folder (a FIFO)"))
        let inspect = try tool(["inspect", temporary.file("bundle.zip")], seconds: 20)
        #expect(inspect.status == 3, "\(inspect.stderr)")
        #expect(inspect.stderr.contains("not a regular file or folder (a FIFO)"))
        let report = try tool(["report", temporary.file("poses.txt"), "--out", temporary.file("r.html")], seconds: 20)
        #expect(report.status == 3, "\(report.stderr)")
        #expect(report.stderr.contains("not a regular file or folder (a FIFO)"))
        // Inside a bundle folder: a FIFO in place of a file.
        let folder = temporary.file("fifo-bundle")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/arkitData.json", 0o600) == 0)
        try expectInspectAndReplayExit3(folder, naming: "a FIFO")
    }

    /// `inspect` and `replay` of `bundle` both exit 3 with a message that contains `text`.
    private func expectInspectAndReplayExit3(_ bundle: String, naming text: String) throws {
        for command in ["inspect", "replay"] {
            let r = try tool([command, bundle], seconds: 20)
            #expect(r.status == 3, "\(command): \(r.stderr)")
            #expect(r.stderr.contains(text), "\(command): \(r.stderr)")
        }
    }

    // MARK: Unreadable files and exit codes (item 8)

    @Test func anUnreadableFileInsideABundleIsExit3InInspectAndReplay() throws {
        let temporary = try TemporaryFolder("hostile-unreadable")
        defer { temporary.remove() }
        let path = try bundle(in: temporary)
        // A dangling link: unreadable even for root (permission bits are not).
        try FileManager.default.removeItem(atPath: path + "/config.json")
        try FileManager.default.createSymbolicLink(atPath: path + "/config.json", withDestinationPath: temporary.file("nowhere"))
        try expectInspectAndReplayExit3(path, naming: "config.json")
    }

    // MARK: Repeated keys and depth indices (item 8)

    @Test func aRepeatedKeyInArkitDataIsInvalidNamingTheKey() throws {
        let temporary = try TemporaryFolder("hostile-duplicate")
        defer { temporary.remove() }
        let path = try bundle(in: temporary)
        try editJSON(path + "/arkitData.json") { $0.replacingOccurrences(of: "{", with: "{\"propertyType\": \"house\", ", options: [], range: $0.range(of: "{")) }
        let r = try tool(["inspect", path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.output.contains("duplicate key 'propertyType'"), "\(r.output)")
    }

    @Test(arguments: ["-1", "100000"])
    func aDepthIndexOutsideTheDepthFileIsInvalid(index: String) throws {
        let temporary = try TemporaryFolder("hostile-depth-index")
        defer { temporary.remove() }
        let path = try bundle(in: temporary)
        try editJSON(path + "/arkitData.json") { text in
            guard let range = text.range(of: #""depthIndex": 0"#) ?? text.range(of: #""depthIndex":0"#) else { return text }
            return text.replacingCharacters(in: range, with: "\"depthIndex\": \(index)")
        }
        let r = try tool(["inspect", path])
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output.contains("depthIndex"), "\(r.output)")
    }

    // MARK: The video of a zip: no temporary file, bounded inflation (items 2 and 3)

    @Test func inspectOfAZipCreatesNoFileInTheTemporaryFolderAndOpensNothingThatFollowsALink() throws {
        let temporary = try TemporaryFolder("hostile-tmpdir")
        defer { temporary.remove() }
        let (zip, tmp) = try zipAndEmptyFolder(in: temporary)
        // A link planted under the name earlier versions used, for a range of process ids around ours.
        let victim = temporary.file("victim")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
        let pid = Int(getpid())
        for candidate in pid..<(pid + 200) {
            try FileManager.default.createSymbolicLink(atPath: tmp + "/capture-sim-inspect-\(candidate)-video.mp4", withDestinationPath: victim)
        }
        let planted = try FileManager.default.contentsOfDirectory(atPath: tmp).sorted()
        let trace = temporary.file("trace")
        let executable = try #require(CommandLineTool.executable)
        for arguments in [["inspect", zip], ["report", zip, "--out", temporary.file("report.html")]] {
            let r = try CommandLineTool.runProgram("/usr/bin/env", ["TMPDIR=" + tmp, "strace", "-f", "-qq", "-e", "trace=open,openat,creat",
                                                                    "-o", trace, executable.path] + arguments)
            #expect(r.status == 0, "\(arguments[0]): \(r.stderr)")
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).sorted() == planted)
            // Every file created is created without following a link, or is the report itself.
            let creating = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
                .filter { $0.contains("O_CREAT") && !$0.contains("O_EXCL") && !$0.contains("O_NOFOLLOW") }
                .filter { !$0.contains(temporary.file("report.html")) && !$0.contains(temporary.file(".report.html")) }
            #expect(creating.isEmpty, "\(arguments[0]): \(creating)")
        }
        // The other commands create nothing in the temporary folder either.
        let scene = try temporary.sceneCopy(named: "traced")
        for arguments in [["run", scene, "--out", temporary.file("bundles"), "--no-progress", "--depth-every", "60", "--no-images"],
                          ["replay", zip], ["generate", "--count", "1", "--seed", "5", "--out", temporary.file("set")]] {
            let r = try CommandLineTool.runProgram("/usr/bin/env", ["TMPDIR=" + tmp, "strace", "-f", "-qq", "-e", "trace=open,openat,creat",
                                                                    "-o", trace, executable.path] + arguments)
            #expect(r.status == 0, "\(arguments[0]): \(r.stderr)")
            let inTemporary = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
                .filter { $0.contains("O_CREAT") && $0.contains(tmp) }
            #expect(inTemporary.isEmpty, "\(arguments[0]): \(inTemporary)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).sorted() == planted)
        }
    }

    @Test func aZipBombInPlaceOfTheVideoIsRefusedWithinBoundedMemoryAndNoTemporarySpace() throws {
        let temporary = try TemporaryFolder("hostile-bomb")
        defer { temporary.remove() }
        let (zip, tmp) = try zipAndEmptyFolder(in: temporary)
        let executable = try #require(CommandLineTool.executable)
        let maker = PackageFolder.root.appendingPathComponent("Tests/Readers/make_zip_bomb.py").path
        // 2 GiB of zeros, declared as such; then the same stream declared as 1 MiB (an entry that lies).
        for (name, declare) in [("declared", [String]()), ("lying", ["--declare", "1048576"])] {
            let bomb = temporary.file("\(name).zip")
            let made = try CommandLineTool.runProgram("/usr/bin/env", ["python3", maker, zip, bomb, "2"] + declare)
            #expect(made.status == 0, "\(made.stderr)")
            // The peak resident memory of the inspect, read by the parent of the run.
            let measure = "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
                + "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
            let r = try CommandLineTool.runProgram("/usr/bin/env", ["TMPDIR=" + tmp, "python3", "-c", measure, executable.path, "inspect", bomb])
            let fields = r.stdout.split(whereSeparator: \.isWhitespace).suffix(2).compactMap { Int($0) }
            #expect(fields.count == 2, "\(r.stdout) \(r.stderr)")
            guard fields.count == 2 else { continue }
            #expect(fields[0] == 1, "\(name): \(r.output)")
            #expect(r.output.contains("video.mp4"), "\(name): \(r.output)")
            #expect(fields[1] < 300 * 1024, "\(name): peak memory \(fields[1]) KiB")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
        }
    }

    // MARK: Control characters (item 6)

    @Test func controlCharactersFromInputsArePrintedEscaped() throws {
        let temporary = try TemporaryFolder("hostile-escape")
        defer { temporary.remove() }
        let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}x"
        let escaped = "\\u001b]0;owned\\u0007\\u001b[2J\\u009bx"
        // A scene's string quoted in an error.
        let scene = temporary.file("scene.json")
        try JSONSerialization.data(withJSONObject: ["sdk": hostile, "rooms": [], "script": []]).write(to: URL(fileURLWithPath: scene))
        let run = try tool(["run", scene])
        #expect(run.status == 3)
        // A bundle's string quoted in a problem, and a path.
        let path = try bundle(in: temporary)
        try editJSON(path + "/config.json") { $0.replacingOccurrences(of: "\"apartment\"", with: "\"\\u001b]0;owned\\u0007\\u001b[2J\\u009bx\"") }
        let inspect = try tool(["inspect", path])
        #expect(inspect.status == 1)
        #expect(inspect.output.contains(escaped), "\(inspect.output)")
        let missing = try tool(["inspect", temporary.file(hostile)])
        #expect(missing.status == 3)
        #expect(missing.stderr.contains(escaped))
        for r in [run, inspect, missing] {
            let bytes = Array((r.stdout + r.stderr).utf8)
            #expect(!bytes.contains(0x1B) && !bytes.contains(0x07) && !bytes.contains(0x00), "\(r.output)")
            #expect(!(r.stdout + r.stderr).unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        }
    }

    // MARK: Logs and options (item 8)

    @Test func aTUMLogThatStartsWithManyCommentLinesIsDetected() throws {
        let temporary = try TemporaryFolder("hostile-comments")
        defer { temporary.remove() }
        var text = String(repeating: "# a comment line\n", count: 20_000)  // 340 KB of comments
        for i in 0..<300 {
            let t = Double(i) / 30
            text += "\(t) 0 1.4 \(t * 0.1) 0 0 0 1\n"
        }
        let log = temporary.file("trajectory.txt")
        try text.write(toFile: log, atomically: true, encoding: .utf8)
        let detected = try tool(["replay", log, "--json"])
        let given = try tool(["replay", log, "--json", "--format", "tum"])
        #expect(detected.status == 0, "\(detected.stderr)")
        #expect(detected.stdout == given.stdout)
    }

    @Test func anEmptyOutIsAUsageError() throws {
        let temporary = try TemporaryFolder("hostile-empty-out")
        defer { temporary.remove() }
        for arguments in [["run", "Scenes/too-far.json", "--out", ""], ["generate", "--count", "1", "--out", ""],
                          ["report", "Scenes/too-far.json", "--out", ""]] {
            let r = try tool(arguments)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
        }
    }

    // MARK: An interrupted generate (item 8)

    @Test func aSignalDuringGenerateLeavesNoPartialFolderNorTemporaryFile() throws {
        let temporary = try TemporaryFolder("hostile-generate")
        defer { temporary.remove() }
        let out = temporary.file("set")
        let process = try CommandLineTool.start(["generate", "--count", "2", "--seed", "3", "--out", out, "--bundles", "--depth-every", "30"])
        let bundles = out + "/bundles"
        var waited = 0
        while process.isRunning && waited < 1200 && !((try? FileManager.default.contentsOfDirectory(atPath: bundles)) ?? []).contains(where: { $0.hasSuffix(".partial") }) {
            usleep(25_000)
            waited += 1
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        let left = (FileManager.default.enumerator(atPath: out)?.allObjects as? [String]) ?? []
        #expect(!left.contains { $0.contains(".partial") || $0.hasSuffix(".tmp") || $0.contains("nosync") }, "\(left)")
    }

    // MARK: Work a scene implies (item 5)

    @Test func aSceneOfFortyThousandRoomsIsRefusedNamingTheLimit() throws {
        let temporary = try TemporaryFolder("hostile-rooms")
        defer { temporary.remove() }
        var rooms: [String] = []
        for i in 0..<200 {
            for j in 0..<200 {
                let x = Double(i), z = Double(j)
                rooms.append("{\"floor\": [[\(x), \(z)], [\(x + 0.9), \(z)], [\(x + 0.9), \(z + 0.9)], [\(x), \(z + 0.9)]]}")
            }
        }
        let scene = temporary.file("rooms.json")
        try ("{\"rooms\": [" + rooms.joined(separator: ",") + "], \"script\": [{\"action\": \"present\", \"position\": [0.45, 0.45]}]}")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try tool(["run", scene], seconds: 60)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("rooms: 40000 rooms; a scene may have at most 50"), "\(r.stderr)")
    }
}
