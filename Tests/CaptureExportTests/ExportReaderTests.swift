import Foundation
import TestSupport
import Testing

/// `capture-sim export` read back by the tools users have (evo, pycolmap, the mcap reader, json, Pillow;
/// Tests/Readers/check_exports.py) from both layouts of one scan, with the convention check: mesh points
/// projected with each export's pose and intrinsics land where the frame's depth sees them.
@Suite struct ExportReaderTests {
    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Readers/check_exports.py").path

    /// The four exports of `source` into `folder` with the true poses, then the checker's JSON.
    func exportAndCheck(_ source: String, into folder: String) throws -> [String: Any] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for format in ["tum", "colmap", "nerfstudio", "mcap"] {
            let result = try CommandLineTool.run(["export", source, "--to", format, "--out", folder + "/" + format, "--every", "4",
                                                  "--poses", "true"])
            #expect(result.status == 0, "export --to \(format): \(result.output)")
            #expect(result.stderr.hasPrefix("export: \(folder)/\(format) (\(format)): "), "\(result.stderr)")
        }
        let check = try CommandLineTool.runProgram("/usr/bin/env", ["python3", Self.checker, "--poses", "true", source, folder])
        #expect(check.status == 0, "check_exports.py: \(check.output)")
        return try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test func evoPycolmapAndTheMCAPReaderReadBothLayoutsAndTheMeshProjectsOntoTheDepthThatSeesIt() throws {
        let out = try TemporaryFolder("export")
        defer { out.remove() }
        // The convention check needs the true poses (exported with `--poses true`, read from the bundle's
        // truth files) and depth without the correlated model's per-frame scale, warp and tails (they move
        // surfaces by centimetres, more than its 3 cm): a copy of glass-mirror with the white LiDAR model.
        let scene = try out.sceneCopy(of: "glass-mirror", named: "glass-mirror")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scene))) as? [String: Any])
        var lidar = object["lidar"] as? [String: Any] ?? [:]
        lidar["errorModel"] = "white"
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
            // evo_ape of the estimate against the true poses: the tracking model's documented drift
            // (docs/scene-format.md, `tracking`), RMS over the walk: per horizontal axis
            // driftPerRootMeter^2 x (path + turnMetersPerRadian x turn) / 2, plus the steady
            // driftPerMeter x path's mean square, path^2 / 3.
            let estimate = out.file("exports-" + source + "/estimate.tum")
            let export = try CommandLineTool.run(["export", out.file(source), "--to", "tum", "--out", estimate, "--every", "4"])
            #expect(export.status == 0, "\(export.output)")
            let ape = try apeOfEstimate(true: out.file("exports-" + source + "/tum"), estimate: estimate)
            let path = ape["pathMetres"] ?? 0, effective = path + 0.5 * (ape["turnRadians"] ?? 0)
            let expected = (0.0025 * 0.0025 * effective + 0.002 * 0.002 * path * path / 3).squareRoot()
            let rmse = ape["rmse"] ?? 0
            #expect(rmse > expected / 3 && rmse < expected * 3, "\(layout): APE RMSE \(rmse) m, the model's \(expected) m over \(path) m")
        }
    }

    /// evo's APE (Tests/Readers/ape_true_vs_estimate.py) of two TUM exports.
    func apeOfEstimate(true truth: String, estimate: String) throws -> [String: Double] {
        let script = URL(fileURLWithPath: Self.checker).deletingLastPathComponent().appendingPathComponent("ape_true_vs_estimate.py").path
        let result = try CommandLineTool.runProgram("/usr/bin/env", ["python3", script, truth, estimate])
        #expect(result.status == 0, "\(result.output)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Double] ?? [:]
    }

    @Test func withoutPoseErrorTheEstimateIsTheTruthToEvo() throws {
        let out = try TemporaryFolder("export-truth")
        defer { out.remove() }
        let scene = try out.sceneCopy(of: "too-far", named: "exact")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scene))) as? [String: Any])
        object["tracking"] = ["poseError": false]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: scene))
        let run = try CommandLineTool.run(["run", scene, "--out", out.path, "--format", "both", "--no-images", "--depth-every", "30", "--no-progress"])
        #expect(run.status == 0, "\(run.output)")
        for source in ["exact", "exact-raw"] {
            for poses in ["true", "estimate"] {
                let export = try CommandLineTool.run(["export", out.file(source), "--to", "tum", "--poses", poses, "--out", out.file("\(source)-\(poses).tum")])
                #expect(export.status == 0, "\(export.output)")
            }
            let ape = try apeOfEstimate(true: out.file(source + "-true.tum"), estimate: out.file(source + "-estimate.tum"))
            #expect(ape["max"] == 0, "\(source): \(ape)")
            #expect(ape["poses"] ?? 0 > 10)
        }
    }
}
