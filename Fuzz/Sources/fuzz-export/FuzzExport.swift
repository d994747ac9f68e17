import CaptureExport
import Foundation
import FuzzSupport

/// The export writers: a raw RGBD package in the scratch folder whose `raw/poses.csv` (byte 0 even) or
/// `raw/intrinsics.json` (odd) is the input, opened with `ExportCapture(path:)` and written in every
/// format (`CaptureExporter.write`, as `capture-sim export` writes: a partial folder published whole),
/// each over the last.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExport(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let package = RawFixture.folder
    RawFixture.restore()
    let target = data[0] % 2 == 0 ? "raw/poses.csv" : "raw/intrinsics.json"
    FileManager.default.createFile(atPath: package + "/" + target, contents: Data(UnsafeRawBufferPointer(start: data + 1, count: size - 1)))
    guard let capture = try? ExportCapture(path: package, frameRateHz: 30) else { return 0 }
    for format in ExportFormat.allCases {
        _ = try? CaptureExporter.write(capture, as: format, to: FuzzScratch.path() + "/out-" + format.rawValue, force: true)
    }
    return 0
}

/// The valid three-frame package every input starts from.
enum RawFixture {
    nonisolated(unsafe) static var files: [String: Data] = [:]

    static let folder: String = {
        let folder = FuzzScratch.path() + "/package"
        for sub in ["raw/depth", "raw/confidence"] {
            try? FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        files["manifest.json"] = Data(#"{"format": "raw-rgbd", "formatVersion": 1, "frames": 3}"#.utf8)
        files["raw/intrinsics.json"] = Data(#"{"width": 16, "height": 12, "fx": 13, "fy": 13, "cx": 7.5, "cy": 5.5}"#.utf8)
        files["raw/poses.csv"] = Data("frame,x,y,z,qx,qy,qz,qw,time\n0,0,0,1,0,0,0,1,0\n1,0.01,0,1,0,0,0,1,0.1\n2,0.02,0,1,0,0,0,1,0.2\n".utf8)
        for k in 0..<3 {
            let name = String(format: "%05d.png", k)
            files["raw/depth/" + name] = PNGBytes.grey(width: 16, height: 12, bitDepth: 16) { x, y in 1200 + x + y + k }
            files["raw/confidence/" + name] = PNGBytes.grey(width: 16, height: 12, bitDepth: 8) { _, _ in 2 }
        }
        return folder
    }()

    static func restore() {
        for (name, bytes) in files { FileManager.default.createFile(atPath: folder + "/" + name, contents: bytes) }
    }
}
