import Foundation
import SyntheticSensor

/// A scene's geometry from the input's bytes: up to 8 rooms (3 to 12 floor corners each, coordinates
/// on a 5 cm grid that may repeat, cross or fold), doors and windows on their walls, objects of every
/// category, then the loader's checks and, for a scene that loads, the geometry built
/// (`SceneGeometry`: triangulation, wall holes, furniture shapes, clutter) and rays cast through it.
/// Nothing may trap or hang; any problem must be a loader error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneGeometry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var cursor = 0
    func byte() -> Int {
        defer { cursor += 1 }
        return cursor < bytes.count ? Int(bytes[cursor]) : 0
    }
    func coordinate() -> String { String(Double(byte() - 128) * 0.05) }
    let categories = SceneObject.Category.allCases.map(\.rawValue)
    var rooms: [String] = []
    for r in 0..<(1 + byte() % 8) {
        let corners = 3 + byte() % 10
        let floor = (0..<corners).map { _ in "[\(coordinate()), \(coordinate())]" }.joined(separator: ", ")
        var openings: [String] = []
        for _ in 0..<(byte() % 4) {
            let kind = byte() % 2 == 0 ? "doors" : "windows"
            openings.append("\"\(kind)\": [{\"wall\": \(byte() % corners), \"offset\": \(Double(byte()) * 0.02), \"width\": \(0.05 + Double(byte()) * 0.01)}]")
        }
        let clutter = byte() % 5 == 0 ? ", \"clutter\": {\"count\": \(byte() % 20), \"seed\": \(byte())}" : ""
        rooms.append("{\"name\": \"r\(r)\", \"floor\": [\(floor)], \"wallHeight\": \(0.5 + Double(byte()) * 0.02)"
                      + (openings.isEmpty ? "" : ", " + openings.joined(separator: ", ")) + clutter + "}")
    }
    var objects: [String] = []
    for _ in 0..<(byte() % 12) {
        let category = categories[byte() % categories.count]
        objects.append("{\"category\": \"\(category)\", \"position\": [\(coordinate()), \(coordinate())], \"dimensions\": {\"width\": \(0.05 + Double(byte()) * 0.01), \"height\": \(0.05 + Double(byte()) * 0.01), \"depth\": \(0.05 + Double(byte()) * 0.01)}, \"yawDegrees\": \(byte() * 3)}")
    }
    let json = """
        {"name": "geometry", "rooms": [\(rooms.joined(separator: ", "))], "objects": [\(objects.joined(separator: ", "))],
         "script": [{"action": "present", "position": [\(coordinate()), \(coordinate())]}, {"action": "pause", "seconds": 1}]}
        """
    guard let scene = try? Scene(jsonText: json, source: "fuzz.json", defaultName: "fuzz") else { return 0 }
    let geometry = SceneGeometry(scene: scene)
    let origin = SIMD3<Double>(Double(byte() - 128) * 0.05, 1.4, Double(byte() - 128) * 0.05)
    for i in 0..<64 {
        let angle = Double(i) * .pi / 32
        _ = geometry.nearestHit(origin: origin, direction: SIMD3(cos(angle), Double(byte() - 128) / 256, sin(angle)), maxDistance: 20)
    }
    return 0
}
