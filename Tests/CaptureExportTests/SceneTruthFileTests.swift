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
}
