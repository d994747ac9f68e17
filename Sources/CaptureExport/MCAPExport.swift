import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport

/// The MCAP export: one file of Foxglove's well-known schemas in JSON encoding, every message stamped with
/// its frame's time on the capture clock (nanoseconds; 0 is the session's first input).
///
/// | topic | schema | per frame |
/// |---|---|---|
/// | `/capture/pose` | `foxglove.PoseInFrame` | the camera's pose in frame `world` (Z up) |
/// | `/tf` | `foxglove.FrameTransform` | `world` -> `camera` (the OpenCV camera) |
/// | `/camera/depth` | `foxglove.RawImage` | depth, `16UC1` little-endian millimetres, 0 = no data |
/// | `/camera/confidence` | `foxglove.RawImage` | confidence, `mono8`, 0 low, 1 medium, 2 high |
/// | `/camera/depth/calibration` | `foxglove.CameraCalibration` | the depth map's intrinsics |
/// | `/camera/image` | `foxglove.CompressedImage` | the camera image, `jpeg` (frames that have one) |
/// | `/camera/image/calibration` | `foxglove.CameraCalibration` | the image's intrinsics |
enum MCAPExport {
    /// The channels, in id order (ids from 1).
    enum Topic: Int, CaseIterable {
        case pose = 1, transform, depth, confidence, depthCalibration, image, imageCalibration

        var name: String {
            switch self {
            case .pose: return "/capture/pose"
            case .transform: return "/tf"
            case .depth: return "/camera/depth"
            case .confidence: return "/camera/confidence"
            case .depthCalibration: return "/camera/depth/calibration"
            case .image: return "/camera/image"
            case .imageCalibration: return "/camera/image/calibration"
            }
        }

        var schema: FoxgloveSchemas.Kind {
            switch self {
            case .pose: return .poseInFrame
            case .transform: return .frameTransform
            case .depth, .confidence: return .rawImage
            case .depthCalibration, .imageCalibration: return .cameraCalibration
            case .image: return .compressedImage
            }
        }

        var id: UInt16 { UInt16(rawValue) }
    }

    /// The world frame's and the camera frame's names.
    static let worldFrame = "world", cameraFrame = "camera"

    /// Writes `frames` of `capture` to the new MCAP file `file`.
    static func write(_ capture: ExportCapture, frames: [ExportFrame], to file: OutputFile,
                      progress: (Int, Int) -> Void) throws -> (images: Int, depthMaps: Int) {
        let writer = try MCAPWriter(file: file, profile: "", library: "capture-sim export")
        for kind in FoxgloveSchemas.Kind.allCases {
            try writer.add(MCAPWriter.Schema(id: UInt16(kind.rawValue), name: kind.name, encoding: "jsonschema",
                                             data: Array(kind.schemaText.utf8)))
        }
        let hasImages = capture.imageIntrinsics != nil && frames.contains { $0.imageIndex != nil }
        let hasDepth = capture.depthIntrinsics != nil && frames.contains { $0.depthIndex != nil }
        for topic in Topic.allCases {
            switch topic {
            case .depth, .confidence, .depthCalibration: if !hasDepth { continue }
            case .image, .imageCalibration: if !hasImages { continue }
            case .pose, .transform: break
            }
            try writer.add(MCAPWriter.Channel(id: topic.id, schemaID: UInt16(topic.schema.rawValue), topic: topic.name,
                                              messageEncoding: "json"))
        }
        let images = hasImages ? try ExportImages(capture: capture) : nil
        var imageCount = 0, depthCount = 0
        for (i, frame) in frames.enumerated() {
            let time = nanoseconds(frame.time)
            let stamp = timestamp(time)
            let pose = frame.cameraToWorld
            try writer.write(channel: Topic.pose.id, time: time, data: json([
                ("timestamp", stamp), ("frame_id", .string(worldFrame)),
                ("pose", .object([("position", vector(pose.translation)), ("orientation", quaternion(pose.rotation))])),
            ]))
            try writer.write(channel: Topic.transform.id, time: time, data: json([
                ("timestamp", stamp), ("parent_frame_id", .string(worldFrame)), ("child_frame_id", .string(cameraFrame)),
                ("translation", vector(pose.translation)), ("rotation", quaternion(pose.rotation)),
            ]))
            if hasDepth, frame.depthIndex != nil, let intrinsics = capture.depthIntrinsics {
                let depth = try capture.depth(of: frame)
                var bytes = [UInt8](repeating: 0, count: depth.millimetres.count * 2)
                for (j, sample) in depth.millimetres.enumerated() {
                    bytes[2 * j] = UInt8(truncatingIfNeeded: sample)
                    bytes[2 * j + 1] = UInt8(truncatingIfNeeded: sample >> 8)
                }
                try writer.write(channel: Topic.depth.id, time: time,
                                 data: rawImage(stamp, width: depth.width, height: depth.height, encoding: "16UC1", step: depth.width * 2, bytes))
                try writer.write(channel: Topic.confidence.id, time: time,
                                 data: rawImage(stamp, width: depth.width, height: depth.height, encoding: "mono8", step: depth.width, depth.confidence))
                try writer.write(channel: Topic.depthCalibration.id, time: time, data: calibration(stamp, intrinsics, nil))
                depthCount += 1
            }
            if let images, frame.imageIndex != nil, let intrinsics = capture.imageIntrinsics {
                let jpeg = try images.jpeg(of: frame)
                try writer.write(channel: Topic.image.id, time: time, data: binaryMessage(
                    prefix: [("timestamp", stamp), ("frame_id", .string(cameraFrame)), ("format", .string("jpeg"))],
                    key: "data", jpeg))
                try writer.write(channel: Topic.imageCalibration.id, time: time,
                                 data: calibration(stamp, intrinsics, capture.imageDistortion))
                imageCount += 1
            }
            progress(i + 1, frames.count)
        }
        try writer.finish()
        return (imageCount, depthCount)
    }

    /// Seconds on the capture clock to whole nanoseconds (rounded; negative times clamp to 0, times past
    /// 64 bits of nanoseconds to the largest: ``ExportCapture`` refuses both before any is written).
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        return UInt64(exactly: (seconds * 1e9).rounded()) ?? .max
    }

    static func timestamp(_ nanoseconds: UInt64) -> JSONValue {
        .object([("sec", .integer(Int(nanoseconds / 1_000_000_000))), ("nsec", .integer(Int(nanoseconds % 1_000_000_000)))])
    }

    static func vector(_ v: SIMD3<Double>) -> JSONValue { .object([("x", .number(v.x)), ("y", .number(v.y)), ("z", .number(v.z))]) }

    static func quaternion(_ q: Quaternion) -> JSONValue {
        let n = TUMTrajectory.canonical(q)
        return .object([("x", .number(n.x)), ("y", .number(n.y)), ("z", .number(n.z)), ("w", .number(n.w))])
    }

    static func json(_ members: [(String, JSONValue)]) -> [UInt8] { Array(JSONValue.object(members).serialized().utf8) }

    static func rawImage(_ stamp: JSONValue, width: Int, height: Int, encoding: String, step: Int, _ bytes: [UInt8]) -> [UInt8] {
        binaryMessage(prefix: [("timestamp", stamp), ("frame_id", .string(cameraFrame)), ("width", .integer(width)),
                               ("height", .integer(height)), ("encoding", .string(encoding)), ("step", .integer(step))],
                      key: "data", bytes)
    }

    /// A JSON object of `prefix`'s members and a last member `key` holding `bytes` in base64 (the JSON
    /// encoding of a schema's `bytes` field), built without escaping the base64 text a character at a time.
    static func binaryMessage(prefix: [(String, JSONValue)], key: String, _ bytes: [UInt8]) -> [UInt8] {
        var text = Array(JSONValue.object(prefix).serialized().utf8)
        text.removeLast()  // "}"
        text += Array(",\"\(key)\":\"".utf8)
        text += Array(Data(bytes).base64EncodedString().utf8)
        text += Array("\"}".utf8)
        return text
    }

    /// A `foxglove.CameraCalibration` (K, R, P row-major; `plumb_bob` with D = k1, k2, p1, p2, k3).
    static func calibration(_ stamp: JSONValue, _ k: CameraIntrinsics, _ distortion: LensDistortion?) -> [UInt8] {
        let d = distortion ?? LensDistortion()
        let numbers: ([Double]) -> JSONValue = { .array($0.map { .number($0) }) }
        return json([
            ("timestamp", stamp), ("frame_id", .string(cameraFrame)), ("width", .integer(k.width)), ("height", .integer(k.height)),
            ("distortion_model", .string("plumb_bob")), ("D", numbers([d.k1, d.k2, d.p1, d.p2, d.k3])),
            ("K", numbers([k.fx, 0, k.cx, 0, k.fy, k.cy, 0, 0, 1])),
            ("R", numbers([1, 0, 0, 0, 1, 0, 0, 0, 1])),
            ("P", numbers([k.fx, 0, k.cx, 0, 0, k.fy, k.cy, 0, 0, 0, 1, 0])),
        ])
    }
}
