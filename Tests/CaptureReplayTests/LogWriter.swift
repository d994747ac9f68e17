import CaptureEngine
import CaptureReplay
import Foundation
import JSONSupport

/// Writes engine poses in each replay format, as `docs/replay-formats.md` and `docs/bundle-format.md`
/// describe them, with numbers in Swift's shortest round-trip form.
enum LogWriter {
    /// The raw package's `poses.csv`: frame index i, the pose, and its time (the `time` column).
    static func raw(_ poses: [TimedPose]) -> String {
        var out = "frame,x,y,z,qx,qy,qz,qw,time\n"
        for (i, p) in poses.enumerated() {
            let q = CoordinateConventions.zUpOpenCV(fromARKit: p.pose)
            out += "\(i),\(q.translation.x),\(q.translation.y),\(q.translation.z),\(q.rotation.x),\(q.rotation.y),\(q.rotation.z),\(q.rotation.w),\(p.time)\n"
        }
        return out
    }

    /// A `poses.csv` as packages wrote it before the `time` column: frame index i for the pose at i / fps.
    static func rawWithoutTime(_ poses: [TimedPose]) -> String {
        var out = "frame,x,y,z,qx,qy,qz,qw\n"
        for (i, p) in poses.enumerated() {
            let q = CoordinateConventions.zUpOpenCV(fromARKit: p.pose)
            out += "\(i),\(q.translation.x),\(q.translation.y),\(q.translation.z),\(q.rotation.x),\(q.rotation.y),\(q.rotation.z),\(q.rotation.w)\n"
        }
        return out
    }

    /// A TUM trajectory with the world's up axis `up` and an OpenCV camera; times offset by `epoch`.
    static func tum(_ poses: [TimedPose], up: WorldUpAxis, epoch: Double = 0) -> String {
        let convention = PoseConvention(worldUp: up, camera: .openCV)
        var out = "# timestamp tx ty tz qx qy qz qw\n"
        for p in poses {
            let q = convention.loggedCameraToWorld(p.pose)
            out += "\(epoch + p.time) \(q.translation.x) \(q.translation.y) \(q.translation.z) \(q.rotation.x) \(q.rotation.y) \(q.rotation.z) \(q.rotation.w)\n"
        }
        return out
    }

    /// Stray Scanner's `odometry.csv`: ARKit world, camera turned to OpenCV's axes.
    static func stray(_ poses: [TimedPose], epoch: Double = 0) -> String {
        var out = "timestamp, frame, x, y, z, qx, qy, qz, qw\n"
        for (i, p) in poses.enumerated() {
            let q = PoseConvention(worldUp: .y, camera: .openCV).loggedCameraToWorld(p.pose)
            let frame = String(repeating: "0", count: max(0, 6 - String(i).count)) + String(i)
            out += "\(epoch + p.time), \(frame), \(q.translation.x), \(q.translation.y), \(q.translation.z), \(q.rotation.x), \(q.rotation.y), \(q.rotation.z), \(q.rotation.w)\n"
        }
        return out
    }

    /// ARKitScenes' `.traj`: world-to-camera rotation vector and translation, OpenCV camera, world up `up`.
    static func traj(_ poses: [TimedPose], up: WorldUpAxis = .y, epoch: Double = 0) -> String {
        var out = ""
        for p in poses {
            let worldToCamera = PoseConvention(worldUp: up, camera: .openCV).loggedCameraToWorld(p.pose).inverse
            let r = worldToCamera.rotation.rotationVector, t = worldToCamera.translation
            out += "\(epoch + p.time) \(r.x) \(r.y) \(r.z) \(t.x) \(t.y) \(t.z)\n"
        }
        return out
    }

    /// An ARKit camera-transform log: nanoseconds, then the 3x4 matrix row by row.
    static func arkit(_ poses: [TimedPose], startNanoseconds: Int64 = 442_529_146_380_333) -> String {
        var out = "# timestamp r11 r12 r13 tx r21 r22 r23 ty r31 r32 r33 tz\n"
        for p in poses {
            let m = p.pose.matrix
            let ns = startNanoseconds + Int64((p.time * 1e9).rounded())
            var fields = ["\(ns)"]
            for row in 0..<3 { for column in 0..<4 { fields.append("\(m[row, column])") } }
            out += fields.joined(separator: " ") + "\n"
        }
        return out
    }

    /// Stands in for the thresholds object until `Thresholds.jsonText()` replaces it.
    private static let thresholdsPlaceholder = "@thresholds@"

    /// One frame of a bundle fixture.
    struct BundleFrame {
        var time: Double
        var pose: RigidTransform
        var tracking = "normal"
        var depth: DepthMap?
    }

    /// Writes a bundle folder: `arkitData.json` with a record press (seq 0) then the frames (from
    /// `firstFrameSeq`), the given extra `inputs` JSON objects appended, and `allDepthFrames.bin` when a
    /// frame has depth. With `recordPressAfterFrames` k > 0 the record press comes after the first k frames
    /// instead (at the k-th frame's time), as on a phone that was turned to landscape first.
    static func bundle(at folder: String, frames: [BundleFrame], thresholds: Thresholds = Thresholds(),
                       options: ScanOptions = ScanOptions(), device: DeviceCapabilities = DeviceCapabilities(),
                       extraInputs: [(seq: Int, time: Double, fields: [(String, JSONValue)])] = [],
                       firstFrameSeq: Int = 1, recordPressAfterFrames: Int = 0) throws {
        var frameObjects: [JSONValue] = []
        var depthRecords: [DepthMap] = []
        var depthTimes: [Double] = []
        for (i, f) in frames.enumerated() {
            var depthIndex: JSONValue = .null
            if let d = f.depth {
                depthIndex = .integer(depthRecords.count)
                depthRecords.append(d)
                depthTimes.append(f.time)
            }
            let intrinsics = CameraIntrinsics.wideCamera
            frameObjects.append(.object([
                ("seq", .integer(recordPressAfterFrames > 0 ? (i < recordPressAfterFrames ? i : i + 1) : firstFrameSeq + i)),
                ("time", .number(f.time)),
                ("transform", .array(f.pose.matrix.columnMajor.map { .number($0) })),
                ("intrinsics", .array([.number(intrinsics.fx), .number(intrinsics.fy), .number(intrinsics.cx),
                                       .number(intrinsics.cy), .integer(intrinsics.width), .integer(intrinsics.height)])),
                ("tracking", .string(f.tracking)),
                ("recorded", .bool(true)),
                ("depthIndex", depthIndex),
            ]))
        }
        let pressSeq = recordPressAfterFrames
        let pressTime = recordPressAfterFrames > 0 ? frames[recordPressAfterFrames - 1].time : frames.first?.time ?? 0
        var inputObjects: [JSONValue] = [.object([("seq", .integer(pressSeq)), ("time", .number(pressTime)),
                                                  ("type", .string("user")), ("action", .string("recordPressed"))])]
        for extra in extraInputs {
            inputObjects.append(.object([("seq", .integer(extra.seq)), ("time", .number(extra.time))] + extra.fields))
        }
        let root: JSONValue = .object([
            ("sdkVersion", .string("2.10.0")),
            ("dataVersion", .string("1")),
            ("platform", .string("iOS")),
            ("device", .object([("model", .string(device.model)), ("hasLiDAR", .bool(device.hasLiDAR))])),
            ("propertyType", .string("apartment")),
            ("scanningFeatures", .array(options.enabledNames.map { .string($0) })),
            ("thresholds", .string(thresholdsPlaceholder)),
            ("inputs", .array(inputObjects)),
            ("frames", .array(frameObjects)),
        ])
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let json = root.serialized().replacingOccurrences(of: "\"\(thresholdsPlaceholder)\"", with: thresholds.jsonText())
        try json.write(toFile: folder + "/arkitData.json", atomically: true, encoding: .utf8)
        if let first = depthRecords.first {
            var bytes = Data("CSDEPTH1".utf8)
            let pixels = first.width * first.height
            for v in [UInt32(1), UInt32(first.width), UInt32(first.height), UInt32(depthRecords.count),
                      UInt32(8 + 3 * pixels), UInt32(0)] {
                withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
            }
            for (d, time) in zip(depthRecords, depthTimes) {
                withUnsafeBytes(of: time.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
                for z in d.depth { withUnsafeBytes(of: Float16(z).bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
                bytes.append(contentsOf: d.confidence)
            }
            try bytes.write(to: URL(fileURLWithPath: folder + "/allDepthFrames.bin"))
        }
    }

    /// Writes `text` to `name` in `folder` and returns the path.
    @discardableResult
    static func write(_ text: String, to name: String, in folder: String) throws -> String {
        let path = (folder as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
