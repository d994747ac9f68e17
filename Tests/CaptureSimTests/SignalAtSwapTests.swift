import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The attack on `--force`: a signal sent the moment the bundle's name leads to a new folder (its inode
/// polled in a tight loop), so that it lands just after the swap, while the replaced bundle is being
/// deleted. Whatever the moment, the name holds a complete bundle (the old one or the new one) and
/// nothing else is left in the output folder.
@Suite(.serialized) struct SignalAtSwapTests {
    /// Kills that must land after the swap, per layout.
    static let landedKillsWanted = 10
    /// Runs tried at the most, per layout.
    static let triesAllowed = 80

    private func inode(_ path: String) -> UInt64? {
        var st = stat()
        return lstat(path, &st) == 0 ? UInt64(st.st_ino) : nil
    }

    private func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test(arguments: ["cubicapture", "raw-rgbd"])
    func aSignalJustAfterTheForceSwapLeavesTheOldOrTheNewCompleteBundle(format: String) throws {
        let temporary = try TemporaryFolder("swap-signal")
        defer { temporary.remove() }
        let scene = try temporary.sceneCopy(named: "swapped")
        // The raw package is always <name>-raw.
        let name = format == "raw-rgbd" ? "swapped-raw" : "swapped"
        let out = temporary.file("out"), bundle = out + "/" + name
        let arguments = ["run", scene, "--out", out, "--format", format, "--no-progress", "--depth-every", "30", "--no-images"]
        #expect(try CommandLineTool.run(arguments).status == 0)
        var landed = 0, tries = 0
        while landed < Self.landedKillsWanted && tries < Self.triesAllowed {
            tries += 1
            let before = try #require(inode(bundle))
            let process = try CommandLineTool.start(arguments + ["--force"])
            var signalled = false
            while process.isRunning {
                if let now = inode(bundle), now != before {
                    kill(process.processIdentifier, SIGINT)
                    signalled = true
                    break
                }
            }
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal
            if signalled && killed {
                landed += 1
                #expect(process.terminationStatus == SIGINT)
            } else {
                // Not killed: the run ended first and published its bundle.
                #expect(process.terminationStatus == 0)
                #expect(inode(bundle) != before)
            }
            let inspect = try CommandLineTool.run(["inspect", bundle])
            #expect(inspect.status == 0, "\(format), try \(tries): \(inspect.stderr)")
            #expect(names(out) == [name], "\(format), try \(tries)")
            if inspect.status != 0 { break }
        }
        #expect(landed >= Self.landedKillsWanted, "\(landed) of \(tries) signals landed after the swap")
    }
}
