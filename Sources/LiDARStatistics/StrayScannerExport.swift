import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport

/// A Stray Scanner export folder: `depth/NNNNNN.png` (16-bit millimetres), `confidence/NNNNNN.png`
/// (0/1/2), `odometry.csv` (`timestamp, frame, x, y, z, qx, qy, qz, qw`: ARKit camera-to-world) and
/// `camera_matrix.csv` (3x3 intrinsics of the RGB image).
struct StrayScannerExport {
    /// The folder.
    let folder: String
    /// Intrinsics scaled to the depth maps' size.
    let intrinsics: CameraIntrinsics
    /// Depth file (relative to the folder) and pose of each frame, in frame order.
    let frames: [(file: String, confidence: String?, pose: RigidTransform?)]

    init(folder: String) throws(InputError) {
        self.folder = folder
        let depthNames: [String]
        depthNames = try LocalFiles.list(folder + "/depth").filter { $0.hasSuffix(".png") }
        guard let firstName = depthNames.first else {
            throw InputError(file: folder + "/depth", reason: "no PNG depth frames")
        }
        let confidenceNames = Set(LocalFiles.isDirectory(folder + "/confidence") ? try LocalFiles.list(folder + "/confidence") : [])
        let poses = try Self.odometry(folder + "/odometry.csv")
        var frames: [(file: String, confidence: String?, pose: RigidTransform?)] = []
        for name in depthNames {
            let number = Int(name.dropLast(4))
            frames.append(("depth/" + name, confidenceNames.contains(name) ? "confidence/" + name : nil, number.flatMap { poses[$0] }))
        }
        self.frames = frames
        let first = try Self.png(folder + "/depth/" + firstName)
        let matrix = try Self.cameraMatrix(folder + "/camera_matrix.csv")
        // camera_matrix.csv holds the RGB camera's intrinsics; the RGB image's width is taken as 2 cx + 1
        // (principal point at the image centre, pixel centres at integers) to scale them to the depth map.
        let scale = Double(first.width) / (2 * matrix.cx + 1)
        intrinsics = CameraIntrinsics(width: first.width, height: first.height, fx: matrix.fx * scale, fy: matrix.fy * scale,
                                      cx: (matrix.cx + 0.5) * scale - 0.5, cy: (matrix.cy + 0.5) * scale - 0.5)
    }

    /// Frame `index` (in file order).
    func frame(_ index: Int) throws(InputError) -> LiDARFrame {
        let entry = frames[index]
        let depth = try Self.png(folder + "/" + entry.file)
        var confidence: GrayImage?
        if let file = entry.confidence { confidence = try Self.png(folder + "/" + file) }
        return try LiDARFrame(millimetres: depth, confidence: confidence,
                              pose: entry.pose.map { $0 * CoordinateConventions.openCVToARKitCamera },
                              file: folder + "/" + entry.file)
    }

    static func png(_ path: String) throws(InputError) -> GrayImage {
        try BundleReader.decodePNG(try LocalFiles.read(path, limit: BundleReader.maximumFileBytes), file: path)
    }

    /// `camera_matrix.csv`: three lines of three comma-separated numbers, `fx 0 cx / 0 fy cy / 0 0 1`.
    static func cameraMatrix(_ path: String) throws(InputError) -> (fx: Double, fy: Double, cx: Double, cy: Double) {
        let text = try Self.text(path)
        let rows = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) } }
        guard rows.count >= 3, rows.prefix(3).allSatisfy({ $0.count == 3 && $0.allSatisfy { $0?.isFinite == true } }) else {
            throw InputError(file: path, reason: "expected three lines of three comma-separated numbers (fx,0,cx / 0,fy,cy / 0,0,1)")
        }
        let fx = rows[0][0]!, cx = rows[0][2]!, fy = rows[1][1]!, cy = rows[1][2]!
        guard fx > 0, fy > 0, cx > 0, cy > 0 else {
            throw InputError(file: path, reason: "fx, fy, cx and cy must be positive")
        }
        return (fx, fy, cx, cy)
    }

    /// `odometry.csv`: a header, then `timestamp, frame, x, y, z, qx, qy, qz, qw` rows; poses by frame.
    static func odometry(_ path: String) throws(InputError) -> [Int: RigidTransform] {
        let text = try Self.text(path)
        var poses: [Int: RigidTransform] = [:]
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() where number > 0 {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let fields = trimmed.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard fields.count == 9, fields.allSatisfy({ $0?.isFinite == true }) else {
                throw InputError(file: path, reason: "line \(number + 1): expected 9 numbers (timestamp, frame, x, y, z, qx, qy, qz, qw)")
            }
            let v = fields.map { $0! }
            let q = Quaternion(x: v[5], y: v[6], z: v[7], w: v[8])
            guard abs(q.length - 1) < 1e-3, let frame = Int(exactly: v[1]) else {
                throw InputError(file: path, reason: "line \(number + 1): the frame must be an integer and the quaternion of unit length")
            }
            poses[frame] = RigidTransform(rotation: q.normalized, translation: SIMD3(v[2], v[3], v[4]))
        }
        return poses
    }

    private static func text(_ path: String) throws(InputError) -> String {
        String(decoding: try LocalFiles.read(path, limit: BundleReader.maximumFileBytes), as: UTF8.self)
    }
}
