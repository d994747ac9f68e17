import CaptureBundle
import CaptureEngine
import Foundation

/// `capture-sim bench bundle`: streams recorded LiDAR frames (256x192 depth and confidence, 60 Hz)
/// into the bundle storages, writes the scan files and zips, and reports frames written per second,
/// the time of each phase, the bytes written and the process's peak resident memory (which stays flat
/// as the frame count grows, since frames go straight to disk).
struct BundleBenchmark {
    var frames: Int
    var outputFolder: String
    /// Also write the raw RGBD package (PNGs per frame).
    var raw: Bool

    struct Report {
        var frames: Int
        var streamSeconds: Double
        var writeSeconds: Double
        var zipSeconds: Double
        var bundleBytes: Int
        var zipBytes: Int
        var peakResidentKilobytes: Int?
        var framesPerSecond: Double { Double(frames) / streamSeconds }
    }

    /// A depth map of a tilted plane 2...5 m away (values exact in half precision) with full confidence
    /// near and low far.
    static func depthMap(frame: Int) -> DepthMap {
        let w = CameraIntrinsics.lidarDepth.width, h = CameraIntrinsics.lidarDepth.height
        var depth = [Float](repeating: 0, count: w * h)
        var confidence = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let k = 512 + (x + 2 * y + frame) % 768
                depth[y * w + x] = Float(k) / 256
                confidence[y * w + x] = k < 768 ? 2 : (k < 1024 ? 1 : 0)
            }
        }
        return DepthMap(width: w, height: h, depth: depth, confidence: confidence)
    }

    func run() throws -> Report {
        let metadata = ScanMetadata(uid: "BENCH000-0000-4000-8000-000000000000")
        let cubi = CubiCaptureStorage(settings: BundleSettings(outputFolder: outputFolder, name: "bench", metadata: metadata, force: true))
        let rawStorage = RawRGBDStorage(settings: BundleSettings(outputFolder: outputFolder, name: "bench-raw", metadata: metadata, force: true))
        var storage: any ScanStorage = raw ? CombinedStorage(cubi, rawStorage) as any ScanStorage : cubi
        let maps = (0..<60).map { Self.depthMap(frame: $0) }
        let clock = ContinuousClock()
        func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

        storage.observe(SessionInput(time: 0, .user(.recordPressed)), recorded: false)
        try storage.beginRecording(at: 0)
        let streamStart = clock.now
        for i in 0..<frames {
            let t = Double(i + 1) / 60
            let pose = RigidTransform(rotation: Quaternion(angle: 0.001 * Double(i), axis: SIMD3(0, 1, 0)),
                                      translation: SIMD3(0.005 * Double(i % 600), 1.4, 0))
            let frame = CameraFrame(transform: pose, depth: maps[i % maps.count])
            let input = SessionInput(time: t, .frame(frame))
            storage.observe(input, recorded: true)
            try storage.appendFrame(frame, at: t)
        }
        let streamSeconds = seconds(clock.now - streamStart)
        var record = SessionRecord()
        record.recordingStart = 0
        record.recordingEnd = Double(frames) / 60
        record.recordedFrameCount = frames
        let writeStart = clock.now
        try storage.writeScanFiles(record, configuration: SessionConfiguration())
        let writeSeconds = seconds(clock.now - writeStart)
        let zipStart = clock.now
        guard case .valid = try storage.zip(rezip: false) else {
            throw CommandFailure("bench bundle: the zip failed validation", exitCode: .failure)
        }
        let zipSeconds = seconds(clock.now - zipStart)
        let folder = outputFolder + "/bench"
        var bundleBytes = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasSuffix(".zip") {
            bundleBytes += ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.size] as? Int) ?? 0
        }
        let zipBytes = ((try? FileManager.default.attributesOfItem(atPath: cubi.zipPath))?[.size] as? Int) ?? 0
        return Report(frames: frames, streamSeconds: streamSeconds, writeSeconds: writeSeconds, zipSeconds: zipSeconds,
                      bundleBytes: bundleBytes, zipBytes: zipBytes, peakResidentKilobytes: Self.peakResidentKilobytes())
    }

    /// `VmHWM` from /proc/self/status (Linux), kilobytes.
    static func peakResidentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }
}
