import Foundation
import TestSupport
import Testing

/// The camera block's lens distortion end to end: images rendered through it match the coefficients the
/// package declares (OpenCV's `cv2.undistort` with them gives back the pinhole image;
/// Tests/Readers/distortion_check.py), the coefficients reach `raw/rgb_intrinsics.json`, `arkitData.json`'s
/// `video` and the COLMAP and Nerfstudio exports of both layouts, and the block's defaults (a zero
/// distortion, a global shutter) leave every byte as a scene without the keys writes.
@Suite struct LensDistortionTests {
    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Readers/distortion_check.py").path
    static let coefficients: [String: Double] = ["k1": -0.28, "k2": 0.09, "p1": 0.002, "p2": -0.0015, "k3": -0.01]

    /// A short copy of `glass-mirror` (record, a turn, a walk, stop; 320x240 images at 10 Hz) named `name`,
    /// with `camera` merged into its camera block.
    func scene(in folder: TemporaryFolder, named name: String, camera: [String: Any]) throws -> String {
        let path = try folder.sceneCopy(of: "glass-mirror", named: name)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let script = try #require(object["script"] as? [Any])
        object["script"] = Array(script.prefix(7)) + [["action": "stop", "confirm": true]]
        var block = object["camera"] as? [String: Any] ?? [:]
        block["width"] = 320
        block["height"] = 240
        block["frameRateHz"] = 10
        block.merge(camera) { $1 }
        object["camera"] = block
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    func run(_ scene: String, into folder: TemporaryFolder, format: String) throws {
        let result = try CommandLineTool.run(["run", scene, "--out", folder.path, "--format", format, "--no-progress"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func theDefaultDistortionAndShutterLeaveEveryByteAsWithoutTheKeys() throws {
        let folder = try TemporaryFolder("lens-defaults")
        defer { folder.remove() }
        try run(try scene(in: folder, named: "plain", camera: [:]), into: folder, format: "raw-rgbd")
        let zeros = ["k1": 0, "k2": 0, "p1": 0, "p2": 0, "k3": 0]
        try run(try scene(in: folder, named: "defaults", camera: ["distortion": zeros, "rollingShutterReadoutSeconds": 0]),
                into: folder, format: "raw-rgbd")
        func files(_ name: String) -> [String] {
            let root = folder.file(name)
            return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { relative in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder) && !isFolder.boolValue
            }.sorted()
        }
        // A raw RGBD package is written as <name>-raw.
        let plain = files("plain-raw")
        #expect(plain.contains("raw/rgb_intrinsics.json") && plain.filter { $0.hasPrefix("raw/rgb/") }.count > 50)
        #expect(files("defaults-raw") == plain)
        for file in plain {
            #expect(folder.bytes("plain-raw/" + file) == folder.bytes("defaults-raw/" + file), "\(file) differs")
        }
        #expect(!String(decoding: folder.bytes("plain-raw/raw/rgb_intrinsics.json"), as: UTF8.self).contains("k1"))
    }

    @Test func aDistortedImageMatchesItsCoefficientsAndTheExportsCarryThem() throws {
        let folder = try TemporaryFolder("lens-distortion")
        defer { folder.remove() }
        try run(try scene(in: folder, named: "plain", camera: [:]), into: folder, format: "raw-rgbd")
        try run(try scene(in: folder, named: "lens", camera: ["distortion": Self.coefficients]), into: folder, format: "both")
        let check = try CommandLineTool.runProgram("/usr/bin/env", ["python3", Self.checker, folder.file("plain-raw"), folder.file("lens-raw")])
        #expect(check.status == 0, "distortion_check.py: \(check.output)")

        let arkit = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("lens/arkitData.json"))))
            as? [String: Any])
        let video = try #require(arkit["video"] as? [String: Any])
        for (key, value) in Self.coefficients { #expect(video[key] as? Double == value, "arkitData.json video.\(key)") }

        for source in ["lens", "lens-raw"] {
            for format in ["colmap", "nerfstudio"] {
                let result = try CommandLineTool.run(["export", folder.file(source), "--to", format, "--out", folder.file("\(source)-\(format)"),
                                                      "--every", "20"])
                #expect(result.status == 0, "\(source) --to \(format): \(result.output)")
            }
            let cameras = try String(contentsOfFile: folder.file("\(source)-colmap/sparse/0/cameras.txt"), encoding: .utf8)
            #expect(cameras.hasSuffix(" -0.28 0.09 0.002 -0.0015 -0.01 0 0 0\n") && cameras.contains("1 FULL_OPENCV 320 240 "),
                    "\(source): \(cameras)")
            let transforms = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath:
                folder.file("\(source)-nerfstudio/transforms.json")))) as? [String: Any])
            #expect(transforms["camera_model"] as? String == "OPENCV")
            for (key, value) in Self.coefficients { #expect(transforms[key] as? Double == value, "\(source) transforms.json \(key)") }
        }
    }
}
