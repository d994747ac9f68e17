@testable import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import TestSupport

/// Writes a small Stray Scanner export (depth/, confidence/, odometry.csv, camera_matrix.csv) into a
/// temporary folder, removed by ``remove()``.
struct StrayScannerFolder {
    let path: String
    static let width = 64, height = 48
    /// Depth intrinsics the folder's camera_matrix.csv scales to: fx = fy = 50, cx = 31.5, cy = 23.5.
    static let intrinsics = CameraIntrinsics(width: 64, height: 48, fx: 50, fy: 50, cx: 31.5, cy: 23.5)

    /// `frames[k]` = (depth in metres, confidence, camera-to-world translation of the OpenCV camera, as
    /// Stray Scanner writes it; rotation `rotation`, identity by default).
    init(frames: [(depth: [Float], confidence: [UInt8], translation: SIMD3<Double>)], rotation: Quaternion = .identity) throws {
        path = try TemporaryFolder("lidar-stats").path
        try FileManager.default.createDirectory(atPath: path + "/depth", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/confidence", withIntermediateDirectories: true)
        var odometry = "timestamp, frame, x, y, z, qx, qy, qz, qw\n"
        for (k, frame) in frames.enumerated() {
            let name = String(format: "%06d.png", k)
            let millimetres = frame.depth.map { UInt16(min(65535, max(0, ($0 * 1000).rounded()))) }
            let depthPNG = try PNGCodec.encodeSixteenBit(width: Self.width, height: Self.height, samples: millimetres)
            let confidencePNG = try PNGCodec.encodeEightBit(width: Self.width, height: Self.height, samples: frame.confidence)
            try Data(depthPNG).write(to: URL(fileURLWithPath: path + "/depth/" + name))
            try Data(confidencePNG).write(to: URL(fileURLWithPath: path + "/confidence/" + name))
            let t = frame.translation
            odometry += "\(Double(k) / 60), \(k), \(t.x), \(t.y), \(t.z), \(rotation.x), \(rotation.y), \(rotation.z), \(rotation.w)\n"
        }
        try odometry.write(toFile: path + "/odometry.csv", atomically: true, encoding: .utf8)
        // RGB intrinsics of a 640x480 image (ten times the depth map).
        try "500,0,319.5\n0,500,239.5\n0,0,1\n".write(toFile: path + "/camera_matrix.csv", atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// A Gaussian sample (Box-Muller) from the generator.
    static func gaussian(_ random: inout SplitMix64) -> Double {
        let u = max(1e-12, random.unit()), v = random.unit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
