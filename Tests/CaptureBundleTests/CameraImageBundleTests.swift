import CaptureBundle
import Foundation
import TestSupport
import Testing

/// `video.mp4` and `raw/rgb/*.jpg` as written by `capture-sim run --out`, read by independent readers
/// (Debian's `ffprobe`, Python's Pillow) and by `inspect`, and rewritten byte for byte by a rerun.
/// Small images (64x48) and a depth map every thirtieth frame keep the debug build's run short.
@Suite struct CameraImageBundleTests {
    static let scene = PackageFolder.scene("glass-mirror")

    func write(into folder: String) throws {
        let result = try CommandLineTool.run(["run", Self.scene, "--out", folder, "--format", "both", "--video-size", "64x48",
                                              "--no-progress", "--depth-every", "30"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func ffprobeAndPillowReadTheVideoAndJPEGsAndInspectChecksThemAndNamesAShortVideo() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        try write(into: out.path)
        let bundle = out.path + "/glass-mirror"
        let data = try ArkitData(json: out.bytes("glass-mirror/arkitData.json"))
        let video = try #require(data.video)
        let indexed = data.frames.filter { $0.videoIndex != nil }
        #expect(video.frames == indexed.count && video.frames > 600)
        #expect(video.width == 64 && video.height == 48 && video.frameRateHz == 30)
        let probe = try CommandLineTool.runProgram("/usr/bin/env", ["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                                                 "stream=codec_name,width,height,nb_read_frames,duration", "-of", "json", bundle + "/video.mp4"])
        #expect(probe.status == 0, "\(probe.output)")
        let json = try JSONSerialization.jsonObject(with: Data(probe.output.utf8)) as? [String: Any]
        let stream = try #require((json?["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == "h264")
        #expect(stream["width"] as? Int == 64 && stream["height"] as? Int == 48)
        #expect(Int(stream["nb_read_frames"] as? String ?? "") == indexed.count)
        let expected = try #require(indexed.last).time - indexed[0].time + 1.0 / 30
        #expect(abs((Double(stream["duration"] as? String ?? "") ?? 0) - expected) < 1e-3, "duration \(stream["duration"] ?? "?"), expected \(expected)")
        // Pillow decodes every JPEG, of the size raw/rgb_intrinsics.json gives.
        let pillow = try CommandLineTool.runProgram("/usr/bin/env", ["python3", "-c", """
            import glob, json, sys
            from PIL import Image
            k = json.load(open(sys.argv[1] + '/raw/rgb_intrinsics.json'))
            names = sorted(glob.glob(sys.argv[1] + '/raw/rgb/*.jpg'))
            for n in names:
                im = Image.open(n); im.load()
                assert im.size == (k['width'], k['height']) and im.mode == 'RGB', (n, im.size, im.mode)
            print(len(names))
            """, out.path + "/glass-mirror-raw"])
        #expect(pillow.status == 0, "\(pillow.output)")
        #expect(Int(pillow.output.trimmingCharacters(in: .whitespacesAndNewlines)) == data.frames.filter { $0.videoIndex != nil && $0.depthIndex != nil }.count)
        let jpegs = data.frames.filter { $0.videoIndex != nil && $0.depthIndex != nil }.count
        for (path, images) in [(bundle, indexed.count), (out.path + "/glass-mirror-raw", jpegs),
                               (bundle + "/6f1c2a9e-0000-4000-8000-000000000131.zip", indexed.count)] {
            let inspected = try CommandLineTool.run(["inspect", path])
            #expect(inspected.status == 0, "\(inspected.output)")
            #expect(inspected.output.contains("images          \(images) (64x48)"), "\(inspected.output)")
        }
        // The same bundle with only the video's first 100 frames (valid H.264): `inspect` names the difference.
        let cut = try CommandLineTool.runProgram("/usr/bin/env", ["ffmpeg", "-v", "error", "-i", bundle + "/video.mp4", "-frames:v", "100", "-c", "copy",
                                               "-y", out.path + "/short.mp4"])
        #expect(cut.status == 0, "\(cut.output)")
        try FileManager.default.removeItem(atPath: bundle + "/video.mp4")
        try FileManager.default.moveItem(atPath: out.path + "/short.mp4", toPath: bundle + "/video.mp4")
        let inspection = try BundleInspector.inspect(path: bundle)
        #expect(inspection.problems.contains { $0.hasPrefix("video.mp4: 100 frames decoded, arkitData.json has ") }, "\(inspection.problems)")
    }

    @Test func twoRunsWriteByteIdenticalBundlesVideoAndJPEGsIncluded() throws {
        let first = try TemporaryFolder(), second = try TemporaryFolder()
        defer { first.remove(); second.remove() }
        try write(into: first.path)
        try write(into: second.path)
        let files = first.tree().filter { !$0.hasSuffix("/") && FileManager.default.fileExists(atPath: first.path + "/" + $0) }
        #expect(files.contains("glass-mirror/video.mp4") && files.contains("glass-mirror-raw/raw/rgb/00000.jpg"))
        #expect(files == second.tree().filter { !$0.hasSuffix("/") && FileManager.default.fileExists(atPath: second.path + "/" + $0) })
        for file in files {
            #expect(first.bytes(file) == second.bytes(file), "\(file) differs")
        }
    }
}
