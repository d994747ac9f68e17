import Foundation
import FuzzSupport
import LiDARStatistics

/// The Stray Scanner reader of `lidar stats` and `lidar fit`: a small export (12 depth and confidence
/// PNGs, `odometry.csv`, `camera_matrix.csv`) in the scratch folder, one of its files replaced by the
/// input (byte 0 picks which: odometry, camera matrix, a depth PNG, a confidence PNG), then
/// `LiDARCapture(path:)` and the statistics over a few frames and pairs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrayExport(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let folder = StrayFixture.folder
    let rest = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let targets = ["odometry.csv", "camera_matrix.csv", "depth/000003.png", "confidence/000005.png"]
    let target = targets[Int(data[0]) % targets.count]
    StrayFixture.restore()
    FileManager.default.createFile(atPath: folder + "/" + target, contents: Data(rest))
    if let capture = try? LiDARCapture(path: folder) {
        _ = try? LiDARStatisticsCalculator(maximumFrames: 4, maximumPairs: 2).statistics(of: capture)
    }
    return 0
}

/// The valid export every input starts from, its files kept in memory to restore between inputs.
enum StrayFixture {
    nonisolated(unsafe) static var files: [String: Data] = [:]

    static let folder: String = {
        let folder = FuzzScratch.path() + "/stray"
        try? FileManager.default.createDirectory(atPath: folder + "/depth", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: folder + "/confidence", withIntermediateDirectories: true)
        var odometry = "timestamp, frame, x, y, z, qx, qy, qz, qw\n"
        for k in 0..<12 {
            let name = String(format: "%06d.png", k)
            files["depth/" + name] = PNGBytes.grey(width: 16, height: 12, bitDepth: 16) { x, y in 1500 + 3 * x + 2 * y + k }
            files["confidence/" + name] = PNGBytes.grey(width: 16, height: 12, bitDepth: 8) { _, _ in 2 }
            odometry += "\(Double(k) / 60), \(k), \(0.01 * Double(k)), 0, 0, 0, 0, 0, 1\n"
        }
        files["odometry.csv"] = Data(odometry.utf8)
        files["camera_matrix.csv"] = Data("125,0,79.5\n0,125,59.5\n0,0,1\n".utf8)
        return folder
    }()

    static func restore() {
        for (name, bytes) in files { FileManager.default.createFile(atPath: folder + "/" + name, contents: bytes) }
    }
}
