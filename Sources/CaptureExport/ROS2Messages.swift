import CaptureEngine

/// The ROS 2 message types the MCAP export writes, as MCAP carries them: each schema the `ros2msg` text of
/// its type and those it uses (ROS 2's `.msg` definitions, the dependencies after a line of `=` and
/// `MSG: package/Type`, as `ros2 bag` and Foxglove write them), each message in CDR (``CDRWriter``).
/// Foxglove, `ros2 bag` and the `mcap-ros2-support` decoder read them by these names.
enum ROS2Messages {
    /// The types written, in schema-id order (ids from 1).
    enum Kind: Int, CaseIterable {
        case poseStamped = 1, transforms, compressedImage, cameraInfo

        var name: String {
            switch self {
            case .poseStamped: return "geometry_msgs/msg/PoseStamped"
            case .transforms: return "tf2_msgs/msg/TFMessage"
            case .compressedImage: return "sensor_msgs/msg/CompressedImage"
            case .cameraInfo: return "sensor_msgs/msg/CameraInfo"
            }
        }

        /// The `ros2msg` schema: the type's definition, then each type it uses.
        var schemaText: String {
            switch self {
            case .poseStamped:
                return "std_msgs/Header header\ngeometry_msgs/Pose pose\n"
                    + dependency("std_msgs/Header", ROS2Messages.header) + dependency("builtin_interfaces/Time", ROS2Messages.time)
                    + dependency("geometry_msgs/Pose", ROS2Messages.pose) + dependency("geometry_msgs/Point", ROS2Messages.point)
                    + dependency("geometry_msgs/Quaternion", ROS2Messages.quaternion)
            case .transforms:
                return "geometry_msgs/TransformStamped[] transforms\n"
                    + dependency("geometry_msgs/TransformStamped",
                                 "std_msgs/Header header\nstring child_frame_id\ngeometry_msgs/Transform transform\n")
                    + dependency("std_msgs/Header", ROS2Messages.header) + dependency("builtin_interfaces/Time", ROS2Messages.time)
                    + dependency("geometry_msgs/Transform", "geometry_msgs/Vector3 translation\ngeometry_msgs/Quaternion rotation\n")
                    + dependency("geometry_msgs/Vector3", "float64 x\nfloat64 y\nfloat64 z\n")
                    + dependency("geometry_msgs/Quaternion", ROS2Messages.quaternion)
            case .compressedImage:
                return "std_msgs/Header header\nstring format\nuint8[] data\n"
                    + dependency("std_msgs/Header", ROS2Messages.header) + dependency("builtin_interfaces/Time", ROS2Messages.time)
            case .cameraInfo:
                return "std_msgs/Header header\nuint32 height\nuint32 width\nstring distortion_model\nfloat64[] d\n"
                    + "float64[9] k\nfloat64[9] r\nfloat64[12] p\nuint32 binning_x\nuint32 binning_y\n"
                    + "sensor_msgs/RegionOfInterest roi\n"
                    + dependency("std_msgs/Header", ROS2Messages.header) + dependency("builtin_interfaces/Time", ROS2Messages.time)
                    + dependency("sensor_msgs/RegionOfInterest",
                                 "uint32 x_offset\nuint32 y_offset\nuint32 height\nuint32 width\nbool do_rectify\n")
            }
        }

        private func dependency(_ name: String, _ definition: String) -> String {
            String(repeating: "=", count: 80) + "\nMSG: " + name + "\n" + definition
        }
    }

    static let header = "builtin_interfaces/Time stamp\nstring frame_id\n"
    static let time = "int32 sec\nuint32 nanosec\n"
    static let pose = "geometry_msgs/Point position\ngeometry_msgs/Quaternion orientation\n"
    static let point = "float64 x\nfloat64 y\nfloat64 z\n"
    static let quaternion = "float64 x\nfloat64 y\nfloat64 z\nfloat64 w\n"

    /// `geometry_msgs/msg/PoseStamped`.
    static func poseStamped(nanoseconds: UInt64, frame: String, pose: RigidTransform, rotation q: Quaternion) -> [UInt8] {
        var w = CDRWriter()
        w.header(nanoseconds: nanoseconds, frame: frame)
        w.float64s([pose.translation.x, pose.translation.y, pose.translation.z, q.x, q.y, q.z, q.w])
        return w.bytes
    }

    /// `tf2_msgs/msg/TFMessage` with one transform, `parent` -> `child`.
    static func transform(nanoseconds: UInt64, parent: String, child: String, pose: RigidTransform, rotation q: Quaternion) -> [UInt8] {
        var w = CDRWriter()
        w.uint32(1)
        w.header(nanoseconds: nanoseconds, frame: parent)
        w.string(child)
        w.float64s([pose.translation.x, pose.translation.y, pose.translation.z, q.x, q.y, q.z, q.w])
        return w.bytes
    }

    /// `sensor_msgs/msg/CompressedImage`: `format` (`jpeg`, `png`) and the file's bytes.
    static func compressedImage(nanoseconds: UInt64, frame: String, format: String, data: [UInt8]) -> [UInt8] {
        var w = CDRWriter()
        w.header(nanoseconds: nanoseconds, frame: frame)
        w.string(format)
        w.bytes(data)
        return w.bytes
    }

    /// `sensor_msgs/msg/CameraInfo`: `plumb_bob` with D = k1, k2, p1, p2, k3; K, R, P row-major.
    static func cameraInfo(nanoseconds: UInt64, frame: String, intrinsics k: CameraIntrinsics, distortion: LensDistortion?) -> [UInt8] {
        let d = distortion ?? LensDistortion()
        var w = CDRWriter()
        w.header(nanoseconds: nanoseconds, frame: frame)
        w.uint32(UInt32(clamping: k.height))
        w.uint32(UInt32(clamping: k.width))
        w.string("plumb_bob")
        w.uint32(5)
        w.float64s([d.k1, d.k2, d.p1, d.p2, d.k3])
        w.float64s([k.fx, 0, k.cx, 0, k.fy, k.cy, 0, 0, 1])
        w.float64s([1, 0, 0, 0, 1, 0, 0, 0, 1])
        w.float64s([k.fx, 0, k.cx, 0, 0, k.fy, k.cy, 0, 0, 0, 1, 0])
        w.uint32(0)
        w.uint32(0)
        for _ in 0..<4 { w.uint32(0) }
        w.bool(false)
        return w.bytes
    }
}

/// A message in OMG CDR as ROS 2 writes it: the 4-byte encapsulation header (little-endian CDR), then
/// each field aligned to its own size counted from the end of that header; strings as a 32-bit length
/// (the terminating NUL included), the bytes and a NUL; sequences as a 32-bit count, then the items.
struct CDRWriter {
    private(set) var bytes: [UInt8] = [0x00, 0x01, 0x00, 0x00]

    private mutating func align(_ size: Int) {
        while (bytes.count - 4) % size != 0 { bytes.append(0) }
    }

    mutating func uint32(_ v: UInt32) {
        align(4)
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func int32(_ v: Int32) { uint32(UInt32(bitPattern: v)) }

    mutating func float64(_ v: Double) {
        align(8)
        withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func float64s(_ values: [Double]) { for v in values { float64(v) } }

    mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }

    mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        uint32(UInt32(utf8.count + 1))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    /// A `uint8[]`.
    mutating func bytes(_ data: [UInt8]) {
        uint32(UInt32(data.count))
        bytes.append(contentsOf: data)
    }

    /// `std_msgs/Header`: `builtin_interfaces/Time` (seconds, nanoseconds) and the frame id.
    mutating func header(nanoseconds: UInt64, frame: String) {
        int32(Int32(clamping: nanoseconds / 1_000_000_000))
        uint32(UInt32(nanoseconds % 1_000_000_000))
        string(frame)
    }
}
