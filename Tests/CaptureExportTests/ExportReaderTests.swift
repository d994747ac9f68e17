import Foundation
import TestSupport
import Testing

/// `capture-sim export` read back by the tools users have (evo, pycolmap, the mcap reader, json, Pillow;
/// Tests/Readers/check_exports.py) from both layouts of one scan, with the convention check: mesh points
/// projected with each export's pose and intrinsics land where the frame's depth sees them.
@Suite struct ExportReaderTests {
    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Readers/check_exports.py").path

    /// The four exports of `source` into `folder`, then the checker's JSON.
    func exportAndCheck(_ source: String, into folder: String) throws -> [String: Any] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for format in ["tum", "colmap", "nerfstudio", "mcap"] {
            let result = try CommandLineTool.run(["export", source, "--to", format, "--out", folder + "/" + format, "--every", "4"])
            #expect(result.status == 0, "export --to \(format): \(result.output)")
            #expect(result.stderr.hasPrefix("export: \(folder)/\(format) (\(format)): "), "\(result.stderr)")
        }
        let check = try CommandLineTool.runProgram("/usr/bin/env", ["python3", Self.checker, source, folder])
        #expect(check.status == 0, "check_exports.py: \(check.output)")
        return try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test func evoPycolmapAndTheMCAPReaderReadBothLayoutsAndTheMeshProjectsOntoTheDepthThatSeesIt() throws {
        let out = try TemporaryFolder("export")
        defer { out.remove() }
        // The convention check needs the true poses and depth without the correlated model's per-frame scale,
        // warp and tails (they move surfaces by centimetres, more than its 3 cm): a copy of glass-mirror with
        // `tracking.poseError` false and the white LiDAR model.
        let scene = try out.sceneCopy(of: "glass-mirror", named: "glass-mirror")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scene))) as? [String: Any])
        var tracking = object["tracking"] as? [String: Any] ?? [:], lidar = object["lidar"] as? [String: Any] ?? [:]
        tracking["poseError"] = false
        lidar["errorModel"] = "white"
        object["tracking"] = tracking
        object["lidar"] = lidar
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: scene))
        let run = try CommandLineTool.run(["run", scene, "--out", out.path, "--format", "both",
                                           "--video-size", "160x120", "--depth-every", "6", "--no-progress"])
        #expect(run.status == 0, "\(run.output)")
        for (layout, source) in [("cubiCapture", "glass-mirror"), ("raw", "glass-mirror-raw")] {
            let summary = try exportAndCheck(out.file(source), into: out.file("exports-" + source))
            #expect(summary["source"] as? String == layout)
            for format in ["colmap", "nerfstudio", "mcap"] {
                let result = try #require(summary[format] as? [String: Any], "\(layout): no \(format) result")
                let agree = result["agreeShare"] as? Double ?? 0, flipped = result["flippedShare"] as? Double ?? 1
                // 0.997 of the points agree within 3 cm with the true poses and white depth; a flipped camera 0.05.
                #expect(agree > 0.9, "\(layout) \(format): \(agree) of the mesh points agree with the depth")
                #expect(flipped < 0.25, "\(layout) \(format): the flipped camera's control agrees \(flipped)")
                #expect(result["framesChecked"] as? Int ?? 0 >= 6)
            }
            let tum = try #require(summary["tum"] as? [String: Any])
            #expect(tum["poses"] as? Int ?? 0 > 50)
        }
    }
}
