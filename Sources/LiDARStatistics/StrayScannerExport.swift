import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport

/// A Stray Scanner export folder: `depth/NNNNNN.png` (16-bit millimetres), `confidence/NNNNNN.png`
/// (0/1/2), `odometry.csv` (read by CaptureBundle's ``StrayScannerOdometry``, the reader `replay` uses:
/// camera-to-world poses of the OpenCV camera) and `camera_matrix.csv` (3x3 intrinsics of the RGB image).
///
/// The camera convention is checked against the data, as the reference does: over 25 pairs of frames 10
/// apart, the median absolute difference between a frame's depth and the previous one's warped through
/// the poses, with the poses as given (OpenCV camera) and with y and z of the camera flipped (ARKit's
/// camera); the smaller one wins and ``convention`` says which, with both figures.
struct StrayScannerExport {
    /// The folder.
    let folder: String
    /// Intrinsics scaled to the depth maps' size.
    let intrinsics: CameraIntrinsics
    /// Depth file (relative to the folder), confidence file and pose (OpenCV camera as written) of each
    /// frame, in file order.
    let frames: [(file: String, confidence: String?, pose: RigidTransform?)]
    /// Whether the poses are read as ARKit's camera (flipped to the OpenCV camera) rather than as given.
    private(set) var flipsCamera = false
    /// Which convention was used and why.
    private(set) var convention: String?

    init(folder: String) throws(InputError) {
        self.folder = folder
        let depthNames = try LocalFiles.list(folder + "/depth").filter { $0.hasSuffix(".png") }
        guard let firstName = depthNames.first else {
            throw InputError(file: folder + "/depth", reason: "no PNG depth frames")
        }
        let confidenceNames = Set(LocalFiles.isDirectory(folder + "/confidence") ? try LocalFiles.list(folder + "/confidence") : [])
        let poses = try Self.odometry(folder + "/odometry.csv")
        var frames: [(file: String, confidence: String?, pose: RigidTransform?)] = []
        for name in depthNames {
            let number = Int64(name.dropLast(4))
            frames.append(("depth/" + name, confidenceNames.contains(name) ? "confidence/" + name : nil, number.flatMap { poses[$0] }))
        }
        self.frames = frames
        let first = try Self.png(folder + "/depth/" + firstName)
        try LiDARStatisticsDefinitions.checkFrameSize(width: first.width, height: first.height, file: folder + "/depth/" + firstName)
        let matrix = try Self.cameraMatrix(folder + "/camera_matrix.csv")
        // camera_matrix.csv holds the RGB camera's intrinsics; the RGB image's width is taken as 2 cx + 1
        // (principal point at the image centre, pixel centres at integers) to scale them to the depth map.
        let scale = Double(first.width) / (2 * matrix.cx + 1)
        intrinsics = CameraIntrinsics(width: first.width, height: first.height, fx: matrix.fx * scale, fy: matrix.fy * scale,
                                      cx: (matrix.cx + 0.5) * scale - 0.5, cy: (matrix.cy + 0.5) * scale - 0.5)
        try decideConvention()
    }

    /// Frame `index` (in file order), its pose with the OpenCV camera.
    func frame(_ index: Int) throws(InputError) -> LiDARFrame {
        let entry = frames[index]
        let depth = try Self.png(folder + "/" + entry.file)
        var confidence: GrayImage?
        if let file = entry.confidence { confidence = try Self.png(folder + "/" + file) }
        let pose = entry.pose.map { flipsCamera ? $0 * CoordinateConventions.openCVToARKitCamera : $0 }
        return try LiDARFrame(millimetres: depth, confidence: confidence, pose: pose, file: folder + "/" + entry.file)
    }

    /// The reference's `check_pose_convention` (see the type's summary); with fewer than 12 posed frames
    /// the poses are taken as given.
    private mutating func decideConvention() throws(InputError) {
        let gap = LiDARStatisticsDefinitions.viewGapFrames
        guard frames.count >= gap + 2, frames.allSatisfy({ $0.pose != nil }) else {
            convention = StrayScannerOdometry.cameraConvention + " (as written; too few posed frames to check)"
            return
        }
        let pairs = RobustStatistics.evenly(from: 0, to: frames.count - 12, count: LiDARStatisticsDefinitions.conventionCheckPairs)
        var scores: [Double] = []
        for flips in [false, true] {
            flipsCamera = flips
            var medians: [Double] = []
            for t in pairs {
                let a = try frame(t), b = try frame(t + gap)
                let warp = ViewWarp(from: a, to: b, poseA: Matrix4(a.cameraToWorld!), poseB: Matrix4(b.cameraToWorld!),
                                    intrinsics: intrinsics, maskA: { a.depth[$0] > 0 }, maskB: b.depth.map { $0 > 0 })
                if let m = RobustStatistics.median(warp.difference.map(abs)) { medians.append(m) }
            }
            scores.append(RobustStatistics.median(medians) ?? .infinity)
        }
        flipsCamera = scores[1] < scores[0]
        func mm(_ v: Double) -> String {
            guard v.isFinite else { return "none" }
            // Poses a world away give residuals past Int's range: printed in full instead of trapping.
            guard let tenths = Int(exactly: (v * 10_000).rounded()) else { return NumberFormatting.fixed(v * 1000, decimals: 1) + " mm" }
            return String(tenths).insertingDecimalPoint() + " mm"
        }
        convention = (flipsCamera ? "ARKit camera (y, z flipped to OpenCV's)" : "OpenCV camera (as written)")
            + "; median |warp residual| at lag \(gap): as written \(mm(scores[0])), flipped \(mm(scores[1]))"
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

    /// `odometry.csv` through ``StrayScannerOdometry``: poses (OpenCV camera, as written) by frame number;
    /// every number finite and every quaternion of unit length (within 1e-3).
    static func odometry(_ path: String) throws(InputError) -> [Int64: RigidTransform] {
        let bytes = try LocalFiles.read(path, limit: BundleReader.maximumFileBytes)
        let parsed = try bytes.withUnsafeBufferPointer { buffer throws(InputError) in try StrayScannerOdometry.parse(buffer, file: path) }
        if let truncated = parsed.truncatedLastLine {
            throw InputError(file: path, line: truncated.line, reason: truncated.reason)
        }
        var poses: [Int64: RigidTransform] = [:]
        for row in parsed.rows {
            let length = (row.quaternion * row.quaternion).sum().squareRoot()
            guard row.isFinite, abs(length - 1) < 1e-3 else {
                throw InputError(file: path, line: row.line, reason: "every number must be finite and the quaternion of unit length")
            }
            poses[row.frame] = row.cameraToWorld
        }
        return poses
    }

    private static func text(_ path: String) throws(InputError) -> String {
        String(decoding: try LocalFiles.read(path, limit: BundleReader.maximumFileBytes), as: UTF8.self)
    }
}

extension String {
    /// A whole number of ten-thousandths ("1234") as a decimal with one digit ("0.1" style: "123.4").
    func insertingDecimalPoint() -> String {
        let negative = hasPrefix("-"), digits = negative ? String(dropFirst()) : self
        let padded = String(repeating: "0", count: max(0, 2 - digits.count)) + digits
        return (negative ? "-" : "") + padded.dropLast(1) + "." + padded.suffix(1)
    }
}
