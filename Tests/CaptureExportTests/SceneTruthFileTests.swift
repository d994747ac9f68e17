import Foundation
import TestSupport
import Testing

/// The truth a synthetic bundle carries beside the phone's files: `truth/room.json` read against a schema
/// written from Apple's documented `CapturedRoom` fields and compared with the scene file (walls, doors,
/// windows, openings and objects to the millimetre; Tests/Readers/check_room_json.py), `truth/floorplan.svg`
/// parsed as XML, in both layouts, the same bytes on a second run.
@Suite struct SceneTruthFileTests {
    @Test func roomJSONRoundTripsTheSceneAndTheFloorPlanIsItsPlan() throws {
        let out = try TemporaryFolder("truth")
        defer { out.remove() }
        // The apartment with an opening added between two rooms (none of Scenes/ has one).
        let scene = try out.sceneCopy(of: "apartment", named: "plan")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scene))) as? [String: Any])
        var rooms = try #require(object["rooms"] as? [[String: Any]])
        rooms[1]["openings"] = [["wall": 0, "offset": 0.2, "width": 0.6, "height": 2.2]]
        object["rooms"] = rooms
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: scene))
        for attempt in ["first", "second"] {
            let run = try CommandLineTool.run(["run", scene, "--out", out.file(attempt), "--format", "both", "--no-images",
                                               "--depth-every", "60", "--no-progress"])
            #expect(run.status == 0, "\(run.output)")
        }
        for bundle in ["plan", "plan-raw"] {
            let room = out.file("first/\(bundle)/truth/room.json")
            let check = try CommandLineTool.runProgram("/usr/bin/env", ["python3", PackageFolder.path("Tests/Readers/check_room_json.py"), scene, room])
            #expect(check.status == 0, "\(bundle): \(check.output)")
            #expect(check.stdout.contains("\"openings\": 1"), "\(check.stdout)")
            let svg = try CommandLineTool.runProgram("/usr/bin/env", ["python3", "-c", """
                import sys, xml.etree.ElementTree as ET
                root = ET.parse(sys.argv[1]).getroot()
                lines = root.findall('{http://www.w3.org/2000/svg}line')
                kinds = sorted(set(l.get('class') for l in lines))
                print(len(root.findall('{http://www.w3.org/2000/svg}polygon')), ' '.join(kinds))
                """, out.file("first/\(bundle)/truth/floorplan.svg")])
            #expect(svg.stdout == "24 door opening wall window\n", "\(svg.output)")
            for file in ["room.json", "floorplan.svg"] {
                #expect(out.bytes("first/\(bundle)/truth/\(file)") == out.bytes("second/\(bundle)/truth/\(file)"), "\(bundle)/\(file)")
            }
            let inspect = try CommandLineTool.run(["inspect", out.file("first/\(bundle)")])
            #expect(inspect.status == 0, "\(inspect.output)")
        }
        // `report` of the bundle alone draws the plan of its room.json: the scene's 12 walls and more pieces.
        let report = try CommandLineTool.run(["report", out.file("first/plan"), "--out", out.file("plan.html")])
        #expect(report.status == 0, "\(report.output)")
        let html = String(decoding: out.bytes("plan.html"), as: UTF8.self)
        #expect(html.contains("plan of its truth/room.json"))
        #expect(html.components(separatedBy: "<line class=\"wall\"").count - 1 >= 12)
        #expect(html.contains("<line class=\"opening\""))
    }

    /// `--truth depth,labels`: clean depth back-projected with the true poses lands on mesh.obj (median under
    /// 1 mm, the phone's depth about 10 mm off), labels agree with the depth and with the scene's floor,
    /// ceiling and object boxes, the camera image's labels with the depth map's (Tests/Readers/
    /// check_depth_truth.py); the same bytes on a second run; the phone's files the same bytes as without
    /// the option.
    @Test func cleanDepthLandsOnTheMeshAndLabelsOnTheirObjects() throws {
        let out = try TemporaryFolder("depth-truth")
        defer { out.remove() }
        let scene = PackageFolder.path("Scenes/apartment.json")
        for (folder, extra) in [("a", ["--truth", "depth,labels"]), ("b", ["--truth", "labels,depth"]), ("plain", [])] {
            let run = try CommandLineTool.run(["run", scene, "--out", out.file(folder), "--format", "raw-rgbd", "--video-size", "160x120",
                                               "--depth-every", "60", "--no-progress"] + extra)
            #expect(run.status == 0, "\(run.output)")
        }
        let check = try CommandLineTool.runProgram("/usr/bin/env", ["python3", PackageFolder.path("Tests/Readers/check_depth_truth.py"),
                                                                   out.file("a/apartment-raw"), scene])
        #expect(check.status == 0, "\(check.output)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.file("a/apartment-raw")).sorted()
        #expect(files.contains("raw/depth_true/00000.png") && files.contains("raw/labels/00000.png")
                && files.contains("raw/instances/00000.png") && files.contains("truth/labels.json")
                && files.contains("raw/rgb_labels/00000.png") && files.contains("raw/rgb_instances/00000.png"))
        #expect(!check.stdout.contains("\"imageLabels\": [0, 0]"), "\(check.stdout)")
        for file in files where !file.hasSuffix("/") {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: out.file("a/apartment-raw/" + file), isDirectory: &isFolder)
            guard !isFolder.boolValue else { continue }
            #expect(out.bytes("a/apartment-raw/" + file) == out.bytes("b/apartment-raw/" + file), "\(file) differs between runs")
            let truthOnly = ["raw/depth_true/", "raw/labels/", "raw/instances/", "raw/rgb_labels/", "raw/rgb_instances/"]
                .contains { file.hasPrefix($0) } || file == "truth/labels.json"
            if !truthOnly {
                #expect(out.bytes("a/apartment-raw/" + file) == out.bytes("plain/apartment-raw/" + file), "\(file) changed with --truth")
            }
        }
        let refused = try CommandLineTool.run(["run", scene, "--out", out.file("c"), "--truth", "depth"])
        #expect(refused.status == 2 && refused.stderr.contains("--truth needs --out DIR and --format raw-rgbd or both"), "\(refused.output)")
    }
}
