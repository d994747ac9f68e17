import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport

/// The MCAP export: one file of ROS 2 messages (schemas `ros2msg`, messages CDR: ``ROS2Messages``), which
/// Foxglove and ROS 2's tools read, images and depth as compressed bytes; every message stamped with its
/// frame's time on the capture clock (nanoseconds; 0 is the session's first input), in its header too.
///
/// | topic | type | per frame |
/// |---|---|---|
/// | `/capture/pose` | `geometry_msgs/msg/PoseStamped` | the camera's pose in frame `world` (Z up) |
/// | `/tf` | `tf2_msgs/msg/TFMessage` | `world` -> `camera` (the OpenCV camera) |
/// | `/camera/depth` | `sensor_msgs/msg/CompressedImage` | depth, `png`: a 16-bit grey PNG of millimetres, 0 = no data |
/// | `/camera/confidence` | `sensor_msgs/msg/CompressedImage` | confidence, `png`: 8-bit grey, 0 low, 1 medium, 2 high |
/// | `/camera/depth/calibration` | `sensor_msgs/msg/CameraInfo` | the depth map's intrinsics |
/// | `/camera/image` | `sensor_msgs/msg/CompressedImage` | the camera image, `jpeg` (frames that have one) |
/// | `/camera/image/calibration` | `sensor_msgs/msg/CameraInfo` | the image's intrinsics |
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

        var schema: ROS2Messages.Kind {
            switch self {
            case .pose: return .poseStamped
            case .transform: return .transforms
            case .depth, .confidence, .image: return .compressedImage
            case .depthCalibration, .imageCalibration: return .cameraInfo
            }
        }

        var id: UInt16 { UInt16(rawValue) }
    }

    /// The world frame's and the camera frame's names.
    static let worldFrame = "world", cameraFrame = "camera"

    /// Writes `frames` of `capture` to the new MCAP file `file`.
    static func write(_ capture: ExportCapture, frames: [ExportFrame], to file: OutputFile,
                      progress: (Int, Int) -> Void) throws -> (images: Int, depthMaps: Int) {
        let writer = try MCAPWriter(file: file, profile: "ros2", library: "capture-sim export")
        for kind in ROS2Messages.Kind.allCases {
            try writer.add(MCAPWriter.Schema(id: UInt16(kind.rawValue), name: kind.name, encoding: "ros2msg",
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
                                              messageEncoding: "cdr"))
        }
        let images = hasImages ? try ExportImages(capture: capture) : nil
        var imageCount = 0, depthCount = 0
        for (i, frame) in frames.enumerated() {
            let time = nanoseconds(frame.time)
            let pose = frame.cameraToWorld
            let q = TUMTrajectory.canonical(pose.rotation)
            try writer.write(channel: Topic.pose.id, time: time,
                             data: ROS2Messages.poseStamped(nanoseconds: time, frame: worldFrame, pose: pose, rotation: q))
            try writer.write(channel: Topic.transform.id, time: time,
                             data: ROS2Messages.transform(nanoseconds: time, parent: worldFrame, child: cameraFrame, pose: pose, rotation: q))
            if hasDepth, frame.depthIndex != nil, let intrinsics = capture.depthIntrinsics {
                let depth = try capture.depth(of: frame)
                let depthPNG: [UInt8], confidencePNG: [UInt8]
                do {
                    // zlib at level 6 over up-filtered rows: about a third of the raw depth rows.
                    depthPNG = try PNGCodec.encodeSixteenBit(width: depth.width, height: depth.height, samples: depth.millimetres,
                                                             compression: .small)
                    confidencePNG = try PNGCodec.encodeEightBit(width: depth.width, height: depth.height, samples: depth.confidence,
                                                                compression: .small)
                } catch {
                    throw InputError(file: capture.reader.path, location: "frame \(frame.number)", reason: "depth map not encodable as PNG: \(error)")
                }
                try writer.write(channel: Topic.depth.id, time: time,
                                 data: ROS2Messages.compressedImage(nanoseconds: time, frame: cameraFrame, format: "png", data: depthPNG))
                try writer.write(channel: Topic.confidence.id, time: time,
                                 data: ROS2Messages.compressedImage(nanoseconds: time, frame: cameraFrame, format: "png", data: confidencePNG))
                try writer.write(channel: Topic.depthCalibration.id, time: time,
                                 data: ROS2Messages.cameraInfo(nanoseconds: time, frame: cameraFrame, intrinsics: intrinsics, distortion: nil))
                depthCount += 1
            }
            if let images, frame.imageIndex != nil, let intrinsics = capture.imageIntrinsics {
                let jpeg = try images.jpeg(of: frame)
                try writer.write(channel: Topic.image.id, time: time,
                                 data: ROS2Messages.compressedImage(nanoseconds: time, frame: cameraFrame, format: "jpeg", data: jpeg))
                try writer.write(channel: Topic.imageCalibration.id, time: time,
                                 data: ROS2Messages.cameraInfo(nanoseconds: time, frame: cameraFrame, intrinsics: intrinsics,
                                                               distortion: capture.imageDistortion))
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
}
