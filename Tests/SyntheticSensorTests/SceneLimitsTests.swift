import Foundation
import JSONSupport
import SyntheticSensor
import Testing

/// The limits that bound the work a scene implies (`SceneLimits`): each is refused at load, before any
/// geometry is built, naming the JSON path and the limit; a scene exactly at a limit loads.
@Suite struct SceneLimitsTests {
    private func square(_ x: Double, _ size: Double = 0.9) -> String {
        "{\"floor\": [[\(x), 0], [\(x + size), 0], [\(x + size), \(size)], [\(x), \(size)]]}"
    }

    private func load(rooms: [String], objects: [String] = [], script: String = #"[{"action": "present", "position": [0.45, 0.45]}]"#,
                      depth: String = "") throws(InputError) -> Scene {
        try Scene(jsonText: "{\"rooms\": [\(rooms.joined(separator: ","))], \"objects\": [\(objects.joined(separator: ","))], \(depth) \"script\": \(script)}",
                  source: "x.json")
    }

    private func error(_ make: () throws(InputError) -> Scene) -> String {
        do { _ = try make(); return "" } catch { return error.description }
    }

    @Test func roomsBeyondTheLimitAreRefusedAndTheLimitItselfLoads() throws {
        let rooms = (0..<SceneLimits.maximumRooms).map { square(Double($0)) }
        #expect(try load(rooms: rooms).rooms.count == SceneLimits.maximumRooms)
        #expect(error { () throws(InputError) in try load(rooms: rooms + [square(1000)]) }
            == "x.json: rooms: \(SceneLimits.maximumRooms + 1) rooms; a scene may have at most \(SceneLimits.maximumRooms) (SceneLimits: the work of a run grows with them)")
    }

    @Test func wallsFloorCornersOpeningsAndObjectsBeyondTheirLimitsAreRefused() {
        let circle = (0..<(SceneLimits.maximumFloorPoints + 1)).map { k -> String in
            let a = 2 * Double.pi * Double(k) / Double(SceneLimits.maximumFloorPoints + 1)
            return "[\(3 + 2.5 * cos(a)), \(3 + 2.5 * sin(a))]"
        }
        #expect(error { () throws(InputError) in try load(rooms: ["{\"floor\": [\(circle.joined(separator: ","))]}"]) }
            .hasPrefix("x.json: rooms[0].floor: 65 floor points; a room may have at most 64"))
        // 6 rooms of 40 corners: 240 walls.
        let many = (0..<6).map { r -> String in
            let corners = (0..<40).map { k -> String in
                let a = 2 * Double.pi * Double(k) / 40
                return "[\(Double(r) * 10 + 3 + 2.5 * cos(a)), \(3 + 2.5 * sin(a))]"
            }
            return "{\"floor\": [\(corners.joined(separator: ","))]}"
        }
        #expect(error { () throws(InputError) in try load(rooms: many) }.hasPrefix("x.json: rooms: 240 walls in all (one per floor corner); a scene may have at most 200"))
        // 41 rooms of 5 doors: 205 openings.
        let doors = (0..<5).map { "{\"wall\": 0, \"offset\": \(Double($0) * 0.1), \"width\": 0.05}" }.joined(separator: ",")
        let doored = (0..<41).map { "{\"floor\": [[\(Double($0)), 0], [\(Double($0) + 0.9), 0], [\(Double($0) + 0.9), 0.9], [\(Double($0)), 0.9]], \"doors\": [\(doors)]}" }
        #expect(error { () throws(InputError) in try load(rooms: doored) }.hasPrefix("x.json: rooms: 205 doors and windows in all; a scene may have at most 200"))
        let table = #"{"category": "table", "dimensions": {"width": 0.1, "height": 0.1, "depth": 0.1}, "position": [0.4, 0.4]}"#
        #expect(error { () throws(InputError) in try load(rooms: [square(0)], objects: Array(repeating: table, count: SceneLimits.maximumObjects + 1)) }
            .hasPrefix("x.json: objects: 501 objects; a scene may have at most 500"))
    }

    @Test func framesBeyondTheLimitAreRefusedNamingDurationAndRate() throws {
        let long = #"[{"action": "present", "position": [0.45, 0.45]}, {"action": "pause", "seconds": 700}]"#
        let message = error { () throws(InputError) in try load(rooms: [square(0)], script: long) }
        #expect(message.hasPrefix("x.json: script: the scene lasts"), "\(message)")
        #expect(message.contains("a scene may have at most 36000 frames"), "\(message)")
        // The same duration at 30 Hz is within the limit.
        #expect(try load(rooms: [square(0)], script: long, depth: #""depth": {"frameRateHz": 30},"#).rooms.count == 1)
    }
}
