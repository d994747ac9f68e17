import CaptureEngine

/// One row of the raw package's `raw/poses.csv`: camera-to-world in the Z-up world with the OpenCV
/// camera, metres, scalar-last quaternion.
public struct RawPose: Equatable, Sendable {
    /// The frame number (matches `depth/<frame>.png`).
    public var frame: Int
    /// Camera-to-world in the Z-up world with the OpenCV camera, metres.
    public var pose: RigidTransform

    public init(frame: Int, pose: RigidTransform) {
        self.frame = frame
        self.pose = pose
    }

    /// The pose in engine conventions (ARKit world, ARKit camera).
    public var arkitPose: RigidTransform { CoordinateConventions.arkit(fromZUpOpenCV: pose) }

    /// Parses `raw/poses.csv`: the header `frame,x,y,z,qx,qy,qz,qw`, then one row per frame with finite
    /// numbers and a unit quaternion (within 1e-3); errors name the file and line.
    public static func parseCSV(_ text: String, file: String = "raw/poses.csv") throws(BundleReadError) -> [RawPose] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let header = lines.first else { throw BundleReadError(file: file, location: "line 1", reason: "empty file") }
        guard header == "frame,x,y,z,qx,qy,qz,qw" else {
            throw BundleReadError(file: file, location: "line 1", reason: "header is '\(header)', expected 'frame,x,y,z,qx,qy,qz,qw'")
        }
        var poses: [RawPose] = []
        for (i, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let where_ = "line \(i + 1)"
            guard fields.count == 8 else {
                throw BundleReadError(file: file, location: where_, reason: "\(fields.count) fields, expected 8")
            }
            guard let frame = Int(fields[0]) else {
                throw BundleReadError(file: file, location: where_, reason: "frame '\(fields[0])' is not an integer")
            }
            var v: [Double] = []
            for (j, f) in fields.dropFirst().enumerated() {
                guard let d = Double(f), d.isFinite else {
                    let names = ["x", "y", "z", "qx", "qy", "qz", "qw"]
                    throw BundleReadError(file: file, location: where_, reason: "\(names[j]) '\(f)' is not a finite number")
                }
                v.append(d)
            }
            let q = Quaternion(x: v[3], y: v[4], z: v[5], w: v[6])
            guard abs(q.length - 1) < 1e-3 else {
                throw BundleReadError(file: file, location: where_, reason: "quaternion length \(q.length) is not 1")
            }
            poses.append(RawPose(frame: frame, pose: RigidTransform(rotation: q, translation: SIMD3(v[0], v[1], v[2]))))
        }
        return poses
    }
}
