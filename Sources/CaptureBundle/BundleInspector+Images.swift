import BundleIO
import CaptureEngine
import Foundation
import JSONSupport

/// `inspect`'s checks of the camera images: `video.mp4` against `arkitData.json` (CubiCapture) and
/// `raw/rgb/*.jpg` against the poses (raw package).
extension BundleInspector {
    /// Time slack between a video frame's timestamp and its camera frame's time, seconds: the
    /// timestamps' unit (1/90,000 s) plus rounding.
    static let videoTimeTolerance = 2.0 / 90_000

    /// Decodes `video.mp4` through libavformat/libavcodec and checks it against `arkitData.json`: the
    /// `video` object present exactly when the file is, its frame count and size, one frame per
    /// recorded frame with a `videoIndex` (0, 1, ... in order), each frame's timestamp equal to its
    /// camera frame's time minus the first's, and the duration the last time plus 1/frameRateHz.
    static func checkVideo(_ reader: BundleReader, _ data: ArkitData, into result: inout BundleInspection) {
        let indexed = data.frames.compactMap { f in f.videoIndex.map { (f, $0) } }
        guard reader.has("video.mp4") else {
            if data.video != nil || !indexed.isEmpty { result.problems.append("video.mp4: missing (arkitData.json describes a video)") }
            return
        }
        guard let video = data.video else {
            result.problems.append("arkitData.json: no video object, but the bundle has video.mp4")
            return
        }
        if indexed.map(\.1) != Array(0..<indexed.count) || indexed.contains(where: { !$0.0.recorded }) {
            result.problems.append("arkitData.json: frames' videoIndex values are not 0..<\(indexed.count) in order on recorded frames")
            return
        }
        let summary: VideoFileSummary
        do {
            let decoder = try reader.videoDecoder(video, frames: indexed.count)
            summary = try VideoFileSummary(decoding: decoder)
        } catch let error as InputError {
            result.problems.append("video.mp4: " + error.reason)
            return
        } catch {
            let text = "\(error)"
            result.problems.append("video.mp4: " + text.replacingOccurrences(of: reader.path + "/video.mp4: ", with: ""))
            return
        }
        result.videoFrames = summary.frameCount
        result.videoWidth = summary.width
        result.videoHeight = summary.height
        result.videoSeconds = summary.durationSeconds
        if summary.codecName != "h264" { result.problems.append("video.mp4: codec \(summary.codecName), expected h264") }
        if summary.width != video.width || summary.height != video.height {
            result.problems.append("video.mp4: \(summary.width)x\(summary.height), arkitData.json says \(video.width)x\(video.height)")
        }
        guard summary.frameCount == indexed.count, video.frames == indexed.count else {
            result.problems.append("video.mp4: \(summary.frameCount) frames decoded, arkitData.json has \(indexed.count) frames with a videoIndex and video.frames \(video.frames)")
            return
        }
        guard let first = indexed.first?.0.time, let last = indexed.last?.0.time else { return }
        let times = summary.frameTimes.sorted()
        for (i, (frame, _)) in indexed.enumerated() where abs(times[i] - (frame.time - first)) > videoTimeTolerance {
            result.problems.append("video.mp4: frame \(i) is shown at \(times[i]) s, its camera frame (seq \(frame.seq)) at \(frame.time - first) s after the first")
            return
        }
        let expected = last - first + 1 / video.frameRateHz
        if abs(summary.durationSeconds - expected) > videoTimeTolerance {
            result.problems.append("video.mp4: lasts \(summary.durationSeconds) s, expected \(expected) s (last frame's time + 1/\(video.frameRateHz))")
        }
    }

    /// Decodes every `raw/rgb/*.jpg` through libjpeg-turbo: each named after a pose's frame number, of
    /// the size `raw/rgb_intrinsics.json` gives.
    static func checkJPEGs(_ reader: BundleReader, poses: Int, into result: inout BundleInspection) {
        let names = reader.files.filter { $0.hasPrefix("raw/rgb/") }
        guard !names.isEmpty || reader.has("raw/rgb_intrinsics.json") else { return }
        var size: (Int, Int)?
        do {
            let k = try JSONCursor.parse(try reader.bytes("raw/rgb_intrinsics.json"), file: "raw/rgb_intrinsics.json")
            size = (try k["width"].get().int(), try k["height"].get().int())
            for key in ["fx", "fy", "cx", "cy"] where !(try k[key].get().double()).isFinite {
                result.problems.append("raw/rgb_intrinsics.json: \(key) is not finite")
            }
        } catch { result.problems.append(error.description) }
        let valid = Set((0..<poses).map { "raw/rgb/" + RawRGBDStorage.jpegFileName($0) })
        for name in names {
            guard valid.contains(name) else {
                result.problems.append("\(name): not a frame of raw/poses.csv (expected raw/rgb/NNNNN.jpg for frames 0..<\(poses))")
                return
            }
            do {
                let jpeg = try JPEGCodec.decode(try reader.bytes(name))
                if let (w, h) = size, jpeg.width != w || jpeg.height != h {
                    result.problems.append("\(name): \(jpeg.width)x\(jpeg.height), raw/rgb_intrinsics.json says \(w)x\(h)")
                    return
                }
                result.videoWidth = jpeg.width
                result.videoHeight = jpeg.height
            } catch let error as LibraryCallError {
                result.problems.append("\(name): \(error.description)")
                return
            } catch { result.problems.append(error.localizedDescription); return }
        }
        result.videoFrames = names.count
    }
}
