import Foundation
import TestSupport
import Testing

/// `capture-sim export`'s usage errors, refusals and exit codes, end to end.
@Suite struct ExportCommandTests {
    @Test func usageErrorsExitTwoNamingTheOption() throws {
        for (arguments, message) in [
            (["export"], "which bundle?"),
            (["export", "x"], "--to FORMAT is required (one of tum, colmap, nerfstudio, mcap)"),
            (["export", "x", "--to", "ply", "--out", "y"], "--to expects one of tum, colmap, nerfstudio, mcap, got 'ply'"),
            (["export", "x", "--to", "tum"], "--out PATH is required (the file to write)"),
            (["export", "x", "--to", "colmap", "--out", ""], "--out is empty: give the folder to write"),
            (["export", "x", "--to", "tum", "--out", "y", "--every", "0"], "--every expects a whole number of at least 1, got '0'"),
            (["export", "x", "--to", "tum", "--out", "y", "--start", "5", "--end", "5"], "--end 5.0 is not after --start 5.0"),
        ] {
            let result = try CommandLineTool.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aBundleWithoutImagesIsRefusedForCOLMAPAndAnExistingOutputWithoutForceAndNothingIsLeft() throws {
        let out = try TemporaryFolder("export-cli")
        defer { out.remove() }
        let run = try CommandLineTool.run(["run", PackageFolder.scene("glass-mirror"), "--out", out.path, "--no-images",
                                           "--depth-every", "30", "--no-progress"])
        #expect(run.status == 0, "\(run.output)")
        let bundle = out.file("glass-mirror")
        let refused = try CommandLineTool.run(["export", bundle, "--to", "colmap", "--out", out.file("colmap")])
        #expect(refused.status == 3, "\(refused.output)")
        #expect(refused.stderr.contains("has no camera images (video.mp4): COLMAP and Nerfstudio exports need them"), "\(refused.stderr)")
        let tum = try CommandLineTool.run(["export", bundle, "--to", "tum", "--out", out.file("scan.tum")])
        #expect(tum.status == 0, "\(tum.output)")
        let again = try CommandLineTool.run(["export", bundle, "--to", "tum", "--out", out.file("scan.tum")])
        #expect(again.status == 4 && again.stderr.contains("already exists; give --force to replace it"), "\(again.output)")
        let unreadable = try CommandLineTool.run(["export", out.file("nothing"), "--to", "tum", "--out", out.file("n.tum")])
        #expect(unreadable.status == 3 && unreadable.stderr.contains("no such file or folder"), "\(unreadable.output)")
        let unwritable = try CommandLineTool.run(["export", bundle, "--to", "mcap", "--out", out.file("missing/folder/scan.mcap")])
        #expect(unwritable.status == 4 && unwritable.stderr.contains("its folder \(out.file("missing/folder")) does not exist"), "\(unwritable.output)")
        #expect(out.tree() == ["glass-mirror"] + out.tree().filter { $0.hasPrefix("glass-mirror/") } + ["scan.tum"])
    }
}
