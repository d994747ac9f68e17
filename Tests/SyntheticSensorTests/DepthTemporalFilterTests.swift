import CaptureEngine
import Testing
@testable import SyntheticSensor

/// The LiDAR's refresh rate and `smoothedSceneDepth` (scene keys `lidar.refreshHz`, `lidar.smoothed`).
@Suite struct DepthTemporalFilterTests {
    /// The depth maps of the first `count` frames of a phone held still 2 m from a wall, with `lidar`.
    static func depthMaps(lidar: String, count: Int) throws -> [DepthMap] {
        let text = TestScenes.sceneText(script: #"[ { "action": "present", "position": [3, 2], "orientation": "landscapeRight" }, { "action": "pause", "seconds": 1 } ]"#,
                                        extra: "\n  \"motion\": { \"yawSwayDegrees\": 0, \"jitterDegrees\": 0, \"jitterMeters\": 0, \"swayAmplitude\": 0, \"bobAmplitude\": 0 },\n  \"lidar\": \(lidar),")
        let capture = SyntheticCapture(scene: try Scene(jsonText: text, source: "test.json"))
        var maps: [DepthMap] = []
        for input in capture {
            if case .frame(let f) = input.kind, let depth = f.depth { maps.append(depth) }
            if maps.count == count { break }
        }
        return maps
    }

    @Test func fifteenHertzRefreshCarriesEachMapOverFourSixtyHertzFrames() throws {
        let maps = try Self.depthMaps(lidar: #"{ "refreshHz": 15 }"#, count: 12)
        for group in stride(from: 0, to: 12, by: 4) {
            for k in 1..<4 { #expect(maps[group + k].depth == maps[group].depth, "frame \(group + k)") }
            if group > 0 { #expect(maps[group].depth != maps[group - 1].depth, "frame \(group) renews") }
        }
        let every = try Self.depthMaps(lidar: "{}", count: 2)
        #expect(every[0].depth != every[1].depth)
    }

    @Test func smoothedDepthFlickersLessThanRawDepth() throws {
        func flicker(_ maps: [DepthMap]) -> Double {
            var sum = 0.0, n = 0
            for (a, b) in zip(maps.dropFirst(5), maps.dropFirst(6)) {
                for i in a.depth.indices where a.depth[i] > 0 && b.depth[i] > 0 {
                    sum += Double(abs(a.depth[i] - b.depth[i])); n += 1
                }
            }
            return sum / Double(max(1, n))
        }
        let raw = flicker(try Self.depthMaps(lidar: #"{ "errorModel": "correlated" }"#, count: 12))
        let smoothed = flicker(try Self.depthMaps(lidar: #"{ "errorModel": "correlated", "smoothed": true }"#, count: 12))
        // Not all of it: the error that changes over many frames (the warp, the global scale, the tails)
        // is the same in the frames the filter averages.
        #expect(smoothed < 0.8 * raw, "smoothed \(smoothed), raw \(raw)")
    }

    @Test func refreshAboveTheFrameRateAndWeightsAboveOneAreRejected() {
        func message(_ lidar: String) -> String? {
            let text = TestScenes.sceneText(script: "[]", extra: "\n  \"lidar\": \(lidar),")
            do { _ = try Scene(jsonText: text, source: "x.json"); return nil } catch { return error.description }
        }
        #expect(message(#"{ "refreshHz": 90 }"#) == "x.json: lidar.refreshHz: expected at most the depth frame rate (60 Hz), found 90")
        #expect(message(#"{ "smoothingWeight": 1.5 }"#) == "x.json: lidar.smoothingWeight: must be at most 1 (the new map's whole weight), got 1.5")
        #expect(message(#"{ "refreshHz": 0 }"#) != nil)
    }
}
