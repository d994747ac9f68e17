import CaptureBundle
import Foundation
import TestSupport
import Testing

/// The minutes of storage 78 reports against what the bundle really writes (issue 48: the model counted
/// 94,890 B/s of video while the encoder wrote 321,576, and the minutes jumped 6x when recording
/// started). A LiDAR and a non-LiDAR phone, each at two video sizes, record 12 s of Scenes/fast-rotation's
/// room with images; the bundle's measured write rate (`video.mp4`, `allDepthFrames.bin` and
/// `arkitData.json` over the recorded seconds) must be within 10 % of the rate the minutes assume, at
/// start and while recording, and the minutes must not jump when recording starts.
@Suite struct StorageRateBundleTests {
    /// fast-rotation's rooms and objects, a short walk with a turn, a 78 report every 6 s of recording.
    static func sceneText(hasLiDAR: Bool) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: PackageFolder.scene("fast-rotation")))
        var scene = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        scene["name"] = "storage-rate"
        scene["expect"] = nil
        scene["device"] = ["hasLiDAR": hasLiDAR, "storageFreeBytes": 20_000_000_000]
        scene["thresholds"] = ["storage": ["reportIntervalSeconds": 6]]
        scene["script"] = [
            ["action": "present", "position": [3, 3.5], "headingDegrees": 0, "pitchDegrees": -15, "orientation": "landscapeRight"],
            ["action": "pause", "seconds": 1], ["action": "record"],
            ["action": "walkTo", "to": [3, 2.0], "speed": 0.45],
            ["action": "turn", "degrees": 60, "seconds": 2],
            ["action": "walkTo", "to": [2, 2.6], "speed": 0.45],
            ["action": "pause", "seconds": 1], ["action": "stop", "confirm": true],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: scene, options: [.sortedKeys]), as: UTF8.self)
    }

    /// 78's minutes and the rate they assume, from `run --json`'s trace ("storage left at [the expected] X MB/s").
    struct Report { var time: Double; var minutes: Double; var bytesPerSecond: Double }

    static func reports(_ output: String) throws -> [Report] {
        try output.split(separator: "\n").compactMap { line -> Report? in
            guard line.hasPrefix("{"), let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  event["code"] as? Int == 78, let trace = event["trace"] as? [String: Any],
                  let quantity = trace["quantity"] as? String, let measured = trace["measured"] as? Double,
                  let time = event["time"] as? Double else { return nil }
            let words = quantity.split(separator: " ")
            let rate = try #require(words.firstIndex(of: "MB/s").flatMap { Double(words[$0 - 1]) })
            return Report(time: time, minutes: measured, bytesPerSecond: rate * 1_000_000)
        }
    }

    @Test(arguments: [(true, "640x480"), (true, "1280x960"), (false, "640x480"), (false, "1280x960")])
    func theMinutesLeftFollowTheBytesTheBundleWrites(hasLiDAR: Bool, size: String) throws {
        let folder = try TemporaryFolder("storage-rate")
        defer { folder.remove() }
        let scene = folder.path + "/storage-rate.json"
        try Data(try Self.sceneText(hasLiDAR: hasLiDAR).utf8).write(to: URL(fileURLWithPath: scene))
        let run = try CommandLineTool.run(["run", scene, "--out", folder.path + "/out", "--json", "--no-progress",
                                           "--video-size", size])
        #expect(run.status == 0, "\(run.output)")
        let reports = try Self.reports(run.output)
        try #require(reports.count >= 2, "\(run.output)")

        let bundle = folder.path + "/out/storage-rate"
        func bytes(of name: String) -> Double {
            ((try? FileManager.default.attributesOfItem(atPath: bundle + "/" + name))?[.size] as? NSNumber)?.doubleValue ?? 0
        }
        let data = try ArkitData(json: folder.bytes("out/storage-rate/arkitData.json"))
        let seconds = data.recording.seconds
        #expect(seconds > 10)
        #expect((bytes(of: "allDepthFrames.bin") > 0) == hasLiDAR)
        let written = (bytes(of: "video.mp4") + bytes(of: "allDepthFrames.bin") + bytes(of: "arkitData.json")) / seconds
        for report in reports {
            // Minutes = free bytes / rate: the reported minutes over those at the bundle's rate is the
            // bundle's rate over the assumed one.
            let ratio = written / report.bytesPerSecond
            #expect(abs(ratio - 1) <= 0.10, "\(size) LiDAR \(hasLiDAR) at \(report.time) s: the bundle wrote \(Int(written)) B/s, 78 assumed \(Int(report.bytesPerSecond))")
        }
        // No jump: the first report while recording is the start's minus the minutes recorded.
        let start = reports[0], next = reports[1]
        let recorded = (next.time - start.time) / 60
        #expect(abs(next.minutes - (start.minutes - recorded)) < 0.02 * start.minutes, "\(reports.map(\.minutes))")
    }
}
