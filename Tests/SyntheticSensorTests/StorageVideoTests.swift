import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor

/// A phone without LiDAR writes mostly video: its storage falls at the video's rate, and the minutes 78
/// reports follow it (tens of minutes for 5 GB, not the thousands the JSON alone would give).
@Suite struct StorageVideoTests {
    @Test func withoutLiDARAndFiveGigabytesTheMinutesLeftFollowTheVideosRate() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: """
            [ { "action": "present", "position": [3, 2.5], "orientation": "landscapeRight" }, { "action": "pause", "seconds": 1 },
              { "action": "record" },
              { "action": "pause", "seconds": 70 }, { "action": "stop" } ]
            """, extra: """

              "device": { "hasLiDAR": false, "storageFreeBytes": 5000000000 },
              "camera": { "width": 1920, "height": 1440, "frameRateHz": 60 },
            """), source: "x.json")
        let capture = SyntheticCapture(scene: scene)
        let video = StorageModel.videoBytesPerSecond(camera: scene.camera)
        #expect(abs(video - 14_919 * pow(9, 0.67) * 60) < 1e-6)
        #expect(capture.configuration.videoBytesPerSecond == video)
        var driver = SessionDriver(session: CaptureSession(configuration: capture.configuration), storage: NullScanStorage())
        var reports: [Event] = []
        for input in capture { reports += try driver.feed(input).filter { $0.code == 78 } }
        // At start at the rate recording writes (the JSON's 75,600 B/s with feature-point depths, and the
        // video's), then a minute into the recording (from 1 s) at the rate free storage fell by: the same
        // rate, one minute fewer.
        let rate = 75_600 + video
        #expect(reports.map(\.time) == [0, 61])
        #expect(reports.map(\.message) == ["Storage: 20 minutes left", "Storage: 19 minutes left"])
        let measured = try #require(reports.last?.trace?.measured)
        #expect(abs(measured - (5e9 - 60 * rate) / rate / 60) < 0.05)
        #expect(reports.allSatisfy { $0.severity == .info })
    }
}
