import Foundation
import JSONSupport
import SyntheticSensor
import Testing

/// Issue 46, item 7: a scene with several mistakes reports them together (up to ten), the first as
/// before, each naming its JSON path.
@Suite struct SceneErrorListTests {
    @Test func aSceneWithThreeMistakesReportsAllThree() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenes/too-far.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var device = object["device"] as? [String: Any] ?? [:]
        device["hasLidar"] = true
        object["device"] = device
        object["colour"] = "red"
        var script = try #require(object["script"] as? [[String: Any]])
        script[1]["sped"] = 2
        object["script"] = script
        let path = NSTemporaryDirectory() + "/scene-errors-\(getpid()).json"
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var message = ""
        do { _ = try Scene.load(path: path) } catch { message = error.description }
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(message)")
        #expect(lines.contains { $0.hasPrefix(path + ": device.hasLidar: unknown key; did you mean 'hasLiDAR'?") }, "\(message)")
        #expect(lines.contains { $0.hasPrefix(path + ": colour: unknown key") }, "\(message)")
        #expect(lines.contains { $0.hasPrefix(path + ": script[1].sped: unknown key") }, "\(message)")
        #expect(lines.last == "(3 errors)")
    }
}
