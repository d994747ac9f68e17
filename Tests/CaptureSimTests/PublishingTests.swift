import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// End-to-end tests of how `run --out` publishes bundles: exit codes that tell whether the bundle
/// asked for exists, `--force` that never leaves a mix, interrupted and dead runs that leave nothing.
@Suite(.serialized) struct PublishingTests {
    /// A copy of a scene with a name, a uid and faults of its own.
    private func scene(in folder: URL, base: String = "Scenes/too-far.json", name: String,
                       uid: String? = nil, faults: [[String: Any]] = []) throws -> String {
        let url = PackageFolder.root.appendingPathComponent(base)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["name"] = name
        object["expect"] = nil
        object["golden"] = nil
        object["faults"] = faults
        if let uid { object["metadata"] = ["uid": uid] }
        let path = folder.appendingPathComponent(name + ".json").path
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    private func run(_ scene: String, out: URL, _ extra: [String] = []) throws -> CommandLineTool.Result {
        try CommandLineTool.run(["run", scene, "--out", out.path, "--no-progress", "--depth-every", "30", "--no-images"] + extra)
    }

    @Test func aFileTheSDKSavesWithoutIsNotPublishedAndExits4() throws {
        let temporary = try TemporaryFolder("publish-config")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("out")
        let path = try scene(in: folder, name: "config-fails", faults: [["file": "config", "when": "write"]])
        let r = try run(path, out: out)
        #expect(r.status == 4)
        #expect(r.stdout.contains(" 56  Failed to write config to file"))
        #expect(r.stderr.contains("config-fails not published: "))
        #expect(r.stderr.contains("config.json: injected write failure"))
        #expect(names(out) == [] && !FileManager.default.fileExists(atPath: out.path))
    }

    @Test func forceKeepsTheOldBundleWhenTheNewOneFailsAndReplacesItWhenComplete() throws {
        let temporary = try TemporaryFolder("publish-force")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("out")
        let good = try scene(in: folder, name: "kept")
        #expect(try run(good, out: out).status == 0)
        let config = out.appendingPathComponent("kept/config.json")
        let before = try Data(contentsOf: config)
        // The same name, a scan that cannot publish: the old bundle stays, byte for byte.
        let failing = try scene(in: folder, base: "Scenes/drift.json", name: "kept")
        let failed = try run(failing, out: out, ["--force"])
        #expect(failed.status == 4)
        #expect(try Data(contentsOf: config) == before)
        #expect(names(out) == ["kept"])
        #expect(try CommandLineTool.run(["inspect", out.appendingPathComponent("kept").path]).status == 0)
        // A complete one replaces it, and nothing of the old one is left beside it.
        let other = try scene(in: folder, name: "kept", uid: "6f1c2a9e-0000-4000-8000-00000000beef")
        #expect(try run(other, out: out, ["--force"]).status == 0)
        #expect(names(out) == ["kept"])
        #expect(names(out.appendingPathComponent("kept")).contains("6f1c2a9e-0000-4000-8000-00000000beef.zip"))
    }

    @Test func aFailedRunOfBothLayoutsLeavesNoOutputFolder() throws {
        let temporary = try TemporaryFolder("publish-both")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("out")
        let r = try run(try scene(in: folder, name: "both", faults: [["file": "config", "when": "write"]]), out: out,
                        ["--format", "both"])
        #expect(r.status == 4)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func twoConcurrentRunsIntoOneFolderWithForceLeaveOneCompleteBundle() throws {
        let temporary = try TemporaryFolder("publish-concurrent")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("out")
        let path = try scene(in: folder, name: "shared")
        let arguments = ["run", path, "--out", out.path, "--no-progress", "--depth-every", "30", "--no-images", "--force"]
        let processes = [try CommandLineTool.start(arguments), try CommandLineTool.start(arguments)]
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        #expect(names(out) == ["shared"])
        #expect(try CommandLineTool.run(["inspect", out.appendingPathComponent("shared").path]).status == 0)
    }

    @Test func aUidThatIsAPathIsRejectedBeforeAnythingIsWritten() throws {
        let temporary = try TemporaryFolder("publish-uid")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("a/b")
        let path = try scene(in: folder, name: "escape", uid: "x/../../../../y")
        let r = try run(path, out: out)
        #expect(r.status == 3)
        #expect(r.stderr.contains("metadata.uid: a name must be one path component"))
        #expect(names(folder) == ["escape.json"])
    }

    @Test func unwritableOutputExits4NamingThePathAndTheSystemsReason() throws {
        let temporary = try TemporaryFolder("publish-unwritable")
        defer { temporary.remove() }
        let folder = temporary.url
        let file = folder.appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: file)
        let r = try run(try scene(in: folder, name: "blocked"), out: file.appendingPathComponent("out"))
        #expect(r.status == 4)
        #expect(r.stderr.contains("mkdir \(file.path)/out: Not a directory"))
    }

    @Test func aReadOnlyFileSystemExits4NamingTheReason() throws {
        let temporary = try TemporaryFolder("publish-readonly")
        defer { temporary.remove() }
        let folder = temporary.url
        let path = try scene(in: folder, name: "readonly")
        let frozen = folder.appendingPathComponent("frozen")
        try FileManager.default.createDirectory(at: frozen, withIntermediateDirectories: true)
        // Root writes through permission bits, so a read-only file system stands in (root only, as in CI).
        guard try CommandLineTool.runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", frozen.path]).status == 0 else { return }
        defer { _ = try? CommandLineTool.runProgram("/bin/umount", [frozen.path]) }
        let r = try run(path, out: frozen.appendingPathComponent("out"))
        #expect(r.status == 4)
        #expect(r.stderr.contains("Read-only file system"))
        #expect(names(frozen) == [])
    }

    @Test func aPartialFolderOfADeadRunIsRemovedAndALiveRunsIsLeftAlone() throws {
        let temporary = try TemporaryFolder("publish-stale")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("out")
        for stale in [".stale.123-1.partial", ".stale.partial", ".stale.live.partial"] {
            try FileManager.default.createDirectory(at: out.appendingPathComponent(stale + "/raw"), withIntermediateDirectories: true)
        }
        // This process holds the lock of one, as a live run does.
        let live = open(out.appendingPathComponent(".stale.live.partial").path, O_RDONLY | O_DIRECTORY)
        defer { close(live) }
        #expect(flock(live, LOCK_EX | LOCK_NB) == 0)
        let r = try run(try scene(in: folder, name: "stale"), out: out)
        #expect(r.status == 0)
        #expect(names(out) == [".stale.live.partial", "stale"])
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalMidwayRemovesThePartialBundleAndEndsByTheSignal(signal: Int32) throws {
        let temporary = try TemporaryFolder("publish-signal")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let process = try CommandLineTool.start(["run", "Scenes/apartment.json", "--out", out.path, "--no-progress", "--depth-every", "30", "--no-images"])
        // Wait until the scan is being written.
        var waited = 0
        while !names(out).contains(where: { $0.hasSuffix(".partial") }) && waited < 600 {
            usleep(50_000)
            waited += 1
        }
        #expect(names(out).contains { $0.hasPrefix(".apartment.") && $0.hasSuffix(".partial") })
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(names(out) == [])
    }

    @Test func forceKilledAtAnyMomentLeavesTheOldOrTheNewCompleteBundle() throws {
        let temporary = try TemporaryFolder("publish-kill")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("out")
        let path = try scene(in: folder, name: "killed")
        #expect(try run(path, out: out).status == 0)
        for delay: useconds_t in [30_000, 300_000, 1_000_000, 2_500_000] {
            let process = try CommandLineTool.start(["run", path, "--out", out.path, "--no-progress", "--depth-every", "30", "--no-images", "--force"])
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let inspect = try CommandLineTool.run(["inspect", out.appendingPathComponent("killed").path])
            #expect(inspect.status == 0, "killed after \(delay) us: \(inspect.stderr)")
        }
        // The next run removes what the killed ones left under partial names.
        #expect(try run(path, out: out, ["--force"]).status == 0)
        #expect(names(out) == ["killed"])
    }

    @Test func aDiskThatFillsAtAnyStepExits4AndLeavesNothing() throws {
        let temporary = try TemporaryFolder("publish-full")
        defer { temporary.remove() }
        let folder = temporary.url
        let path = try scene(in: folder, name: "full")
        // File systems of their own (root only, as in CI), from one that fills on the first depth frames
        // to one that fills while zipping, to one with room for the bundle.
        var outcomes: [Int32] = []
        for megabytes in [1, 3, 5, 7, 9, 11, 40] {
            let small = folder.appendingPathComponent("small-\(megabytes)")
            try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
            let mount = try CommandLineTool.runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", small.path])
            guard mount.status == 0 else { return }  // no full disk to test on here
            defer { _ = try? CommandLineTool.runProgram("/bin/umount", [small.path]) }
            let out = small.appendingPathComponent("out")
            let r = try run(path, out: out)
            outcomes.append(r.status)
            if r.status == 4 {
                #expect(r.stderr.contains("No space left on device"), "\(megabytes) MB: \(r.stderr)")
                #expect(names(small) == [], "\(megabytes) MB")
            } else {
                #expect(r.status == 0, "\(megabytes) MB: \(r.stderr)")
                #expect(try CommandLineTool.run(["inspect", out.appendingPathComponent("full").path]).status == 0)
            }
        }
        #expect(outcomes.first == 4 && outcomes.last == 0)
    }
}
