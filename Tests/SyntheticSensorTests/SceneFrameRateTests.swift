import CaptureEngine
import Foundation
import SyntheticSensor
import Testing

/// Issue 48, item 7: a scene's skipped-frame share (3.x's 63) counts against its own camera rate,
/// `depth.frameRateHz`, unless the scene sets `frames.expectedRateHz` itself.
@Suite struct SceneFrameRateTests {
    @Test func aSceneIsWatchedAtItsFrameRateUnlessItSetsTheThreshold() throws {
        let base = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes/3.1/complete.json").path, encoding: .utf8)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(base.utf8)) as? [String: Any])
        object["depth"] = ["frameRateHz": 30]
        let at30 = try Scene(jsonText: String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self), source: "a.json")
        #expect(at30.configuration.thresholds.frames.expectedRateHz == 30)
        object["thresholds"] = ["frames": ["expectedRateHz": 45]]
        let set = try Scene(jsonText: String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self), source: "b.json")
        #expect(set.configuration.thresholds.frames.expectedRateHz == 45)
    }
}
