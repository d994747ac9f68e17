import CaptureEngine
import CaptureReplay
import Foundation
import TestSupport
import Testing
import JSONSupport

@Suite struct BundleReaderTests {
    private func depthMap(seed: UInt64) -> DepthMap {
        var random = SplitMix64(seed: seed)
        let width = 8, height = 6
        // Values exactly representable in half precision (multiples of 1/256 m below 8 m), some 0 = no return.
        let depth: [Float] = (0..<width * height).map { _ in
            random.unit() < 0.1 ? 0 : Float((random.next() % 2048)) / 256
        }
        let confidence: [UInt8] = (0..<width * height).map { _ in UInt8(random.next() % 3) }
        return DepthMap(width: width, height: height, depth: depth, confidence: confidence)
    }

    @Test func framesAndInputsAreMergedBySeqWithDepthConfigurationAndThresholds() throws {
        let scratch = try TemporaryFolder("bundle")
        defer { scratch.remove() }
        let folder = scratch.path + "/scan"
        var thresholds = Thresholds()
        thresholds.fastRotation.degreesPerSecond = 120
        thresholds.drift.meters = 7.5
        let options = ScanOptions(speechRecognition: false, meshVisualisation: true, backgroundResume: false,
                                  azimuth: true, storageWarnings: true)
        let device = DeviceCapabilities(hasLiDAR: true, model: "iPhone 15 Pro")
        let depths = [depthMap(seed: 1), depthMap(seed: 2)]
        let frames = (0..<4).map { (i: Int) -> LogWriter.BundleFrame in
            let angle = 0.1 * Double(i)
            let rotation = Quaternion(angle: angle, axis: SIMD3<Double>(0, 1, 0))
            let translation = SIMD3<Double>(Double(i) * 0.01, 1.5, -0.5)
            let depth: DepthMap? = i == 1 ? depths[0] : (i == 3 ? depths[1] : nil)
            return LogWriter.BundleFrame(time: Double(i) / 60, pose: RigidTransform(rotation: rotation, translation: translation),
                                         tracking: i == 2 ? "limited:excessiveMotion" : "normal", depth: depth)
        }
        // seq: 0 record press, 1 system sample, frames 2...5, 6 stop.
        try LogWriter.bundle(at: folder, frames: frames, thresholds: thresholds, options: options, device: device,
                             extraInputs: [
                                (1, 0, [("type", .string("system")), ("thermal", .string("fair")),
                                        ("storageFreeBytes", .integer(5_000_000_000)), ("lowPowerMode", .bool(false)),
                                        ("activeProcessors", .integer(6)), ("processorCount", .integer(6))]),
                                (6, 0.05, [("type", .string("user")), ("action", .string("stopConfirmed"))]),
                             ], firstFrameSeq: 2)
        let log = try ReplayReader.read(path: folder + "/arkitData.json")
        #expect(log.format == .bundle)
        #expect(log.diagnostics.isEmpty)
        #expect(log.configuration.thresholds == thresholds)
        #expect(log.configuration.options == options)
        #expect(log.configuration.device == device)
        #expect(log.configuration.landscapeGating == true)
        #expect(log.inputs.count == 7)
        #expect(log.inputs.depthFrameCount == 2)

        let kinds = log.inputs.map { input -> String in
            switch input.kind {
            case .user(let a): return "user \(a)"
            case .system(let s): return "system \(s.thermal?.name ?? "-") \(s.storageFreeBytes ?? -1)"
            case .frame(let f):
                let tracking = f.tracking == .normal ? "normal" : f.tracking == .limited(.excessiveMotion) ? "excessiveMotion" : "other"
                return "frame \(tracking) depth \(f.depth != nil)"
            case .storage: return "storage"
            }
        }
        #expect(kinds == ["user recordPressed", "system fair 5000000000", "frame normal depth false",
                          "frame normal depth true", "frame excessiveMotion depth false", "frame normal depth true",
                          "user stopConfirmed"])
        let readFrames = ReaderTestSupport.frames(log)
        for (got, want) in zip(readFrames, frames) {
            #expect(got.time == want.time)
            #expect(ReaderTestSupport.same(got.frame.transform, want.pose, tolerance: 1e-12))
            #expect(got.frame.intrinsics == CameraIntrinsics.wideCamera)
        }
        // Depth and confidence read back bit for bit.
        #expect(readFrames[1].frame.depth?.depth == depths[0].depth)
        #expect(readFrames[1].frame.depth?.confidence == depths[0].confidence)
        #expect(readFrames[3].frame.depth?.depth == depths[1].depth)
        #expect(readFrames[3].frame.depth?.width == 8 && readFrames[3].frame.depth?.height == 6)
    }

    @Test func badValueIsNamedByItsJSONPath() throws {
        let scratch = try TemporaryFolder("bad-bundle")
        defer { scratch.remove() }
        let folder = scratch.path
        try LogWriter.bundle(at: folder, frames: [LogWriter.BundleFrame(time: 0, pose: .identity)])
        let path = folder + "/arkitData.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"tracking\":\"normal\"", with: "\"tracking\":\"lost\"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try ReplayReader.read(path: folder)
        } throws: { error in
            (error as? InputError)?.description.hasPrefix("\(path): frames[0].tracking: expected \"normal\"") == true
        }
    }

    @Test func depthIndexBeyondTheDepthFileIsAnError() throws {
        let scratch = try TemporaryFolder("depth-index")
        defer { scratch.remove() }
        let folder = scratch.path
        try LogWriter.bundle(at: folder, frames: [LogWriter.BundleFrame(time: 0, pose: .identity, depth: depthMap(seed: 3))])
        let path = folder + "/arkitData.json"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"depthIndex\":0", with: "\"depthIndex\":4")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try ReplayReader.read(path: folder)
        } throws: { error in
            (error as? InputError)?.description == "\(path): frames[0].depthIndex: 4 is outside 0..<1, the frames in allDepthFrames.bin"
        }
    }

    @Test func truncatedDepthFileIsAnError() throws {
        let scratch = try TemporaryFolder("depth-truncated")
        defer { scratch.remove() }
        let folder = scratch.path
        try LogWriter.bundle(at: folder, frames: [LogWriter.BundleFrame(time: 0, pose: .identity, depth: depthMap(seed: 4))])
        let depthPath = folder + "/allDepthFrames.bin"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: depthPath))
        try bytes.prefix(bytes.count - 10).write(to: URL(fileURLWithPath: depthPath))
        #expect {
            _ = try ReplayReader.read(path: folder)
        } throws: { error in
            (error as? InputError)?.file == depthPath
        }
    }

    @Test func aBundleWithoutFramesIsAnEmptyLogAndAnError() throws {
        let scratch = try TemporaryFolder("no-frames")
        defer { scratch.remove() }
        let folder = scratch.path
        try LogWriter.bundle(at: folder, frames: [])
        #expect {
            _ = try ReplayReader.read(path: folder)
        } throws: { error in
            (error as? InputError)?.description == "\(folder)/arkitData.json: frames: no camera frames (an empty log); nothing to replay"
        }
    }

    @Test func aDepthFileIsReadARecordAtATimeFromTheFolder() throws {
        let scratch = try TemporaryFolder("depth-records")
        defer { scratch.remove() }
        let folder = scratch.path
        let maps = (0..<3).map { depthMap(seed: 10 + $0) }
        try LogWriter.bundle(at: folder, frames: maps.enumerated().map {
            LogWriter.BundleFrame(time: Double($0.offset) / 30, pose: .identity, depth: $0.element)
        })
        let log = try ReplayReader.read(path: folder)
        let depths = ReaderTestSupport.frames(log).compactMap(\.frame.depth)
        #expect(depths.count == 3)
        #expect(depths.map(\.depth) == maps.map { $0.depth.map { Float(Float16($0)) } })
    }

    @Test func aDepthFileCutDuringTheReplayStopsItWithAnErrorNotACrash() throws {
        let scratch = try TemporaryFolder("depth-cut-later")
        defer { scratch.remove() }
        let folder = scratch.path
        let maps = (0..<3).map { depthMap(seed: 20 + $0) }
        try LogWriter.bundle(at: folder, frames: maps.enumerated().map {
            LogWriter.BundleFrame(time: Double($0.offset) / 30, pose: .identity, depth: $0.element)
        })
        let log = try ReplayReader.read(path: folder)
        // The file changes after it was checked: its last record is cut off.
        let depthPath = folder + "/allDepthFrames.bin"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: depthPath))
        try bytes.prefix(bytes.count - 10).write(to: URL(fileURLWithPath: depthPath))
        let run = ReplayRun(log: log)
        let failure = try #require(run.readFailure)
        #expect(failure.description.contains("depth frame 2 cannot be read during the replay"))
        #expect(run.inputCount == log.inputs.count)
    }

    @Test func nullTransformValuesPassThroughAsNonFinite() throws {
        let scratch = try TemporaryFolder("nan-bundle")
        defer { scratch.remove() }
        let folder = scratch.path
        let nan = RigidTransform(rotation: .identity, translation: SIMD3(.nan, 0, 0))
        try LogWriter.bundle(at: folder, frames: [LogWriter.BundleFrame(time: 0, pose: .identity),
                                                  LogWriter.BundleFrame(time: 0.1, pose: nan)])
        let log = try ReplayReader.read(path: folder)
        #expect(ReaderTestSupport.frames(log).map(\.frame.transform.isFinite) == [true, false])
        #expect(log.diagnostics.map(\.kind) == [.nonFinitePose])
    }

    @Test func windowStartingMidRecordingRestartsRecordingAtTheWindow() throws {
        let scratch = try TemporaryFolder("bundle-window")
        defer { scratch.remove() }
        let folder = scratch.path
        let frames = (0..<60).map { LogWriter.BundleFrame(time: Double($0) / 10, pose: .identity) }
        try LogWriter.bundle(at: folder, frames: frames)
        let log = try ReplayReader.read(path: folder, options: ReplayOptions(from: 2, to: 3))
        #expect(log.configuration.landscapeGating == false)
        guard case .user(.recordPressed) = log.inputs.first?.kind else { Issue.record("no record press"); return }
        #expect(log.inputs.first?.time == 2)
        #expect(ReaderTestSupport.frames(log).map(\.time) == (20...30).map { Double($0) / 10 })
        #expect(log.diagnostics.map(\.kind) == [.windowStartsMidRecording])
    }
}
