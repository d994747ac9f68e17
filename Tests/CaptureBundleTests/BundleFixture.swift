@testable import CaptureEngine
import CaptureBundle
import Foundation
import TestSupport

/// A small hand-made scan: two frames before recording, a record press, recorded frames with 16x12
/// depth maps (depths that half precision holds exactly), a system sample, a stop, and a session
/// record with events, feedback, scan log, a room label and a relocation. Fed to a storage the way
/// `SessionDriver` does.
struct BundleFixture {
    static let depthWidth = 16, depthHeight = 12
    var recordedFrames = 30
    var seed: UInt64 = 7
    var device = DeviceCapabilities()
    var mesh: TriangleMesh? = BundleFixture.box
    var reconstructionShutDownAt: Double?

    static let box = TriangleMesh(
        vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(1, 2.5, 0), SIMD3(0, 2.5, -1.25)],
        triangles: [SIMD3(0, 1, 2), SIMD3(0, 2, 3)])

    static let recordStart = 0.1
    static func frameTime(_ i: Int) -> Double { recordStart + Double(i + 1) / 60 }

    func pose(_ i: Int) -> RigidTransform {
        RigidTransform(rotation: Quaternion(angle: 0.01 * Double(i), axis: SIMD3(0, 1, 0)) * Quaternion(angle: -0.2, axis: SIMD3(1, 0, 0)),
                       translation: SIMD3(0.02 * Double(i), 1.4, -0.01 * Double(i)))
    }

    func depthMap(_ i: Int) -> DepthMap {
        var rng = SplitMix64(seed: seed &+ UInt64(bitPattern: Int64(i)))
        let n = Self.depthWidth * Self.depthHeight
        var depth = [Float](repeating: 0, count: n)
        var confidence = [UInt8](repeating: 0, count: n)
        for p in 0..<n {
            let k = rng.below(400)
            depth[p] = k < 20 ? 0 : Float(k) / 64          // 0 (no return) or k/64 m, exact in half precision
            confidence[p] = depth[p] == 0 ? 0 : UInt8(rng.below(3))
        }
        return DepthMap(width: Self.depthWidth, height: Self.depthHeight, depth: depth, confidence: confidence)
    }

    func frame(_ i: Int, depth: Bool = true) -> CameraFrame {
        CameraFrame(transform: pose(i), tracking: i == 3 ? .limited(.excessiveMotion) : .normal,
                    depth: depth && device.hasLiDAR ? depthMap(i) : nil)
    }

    var stopTime: Double { Self.frameTime(recordedFrames) }

    var configuration: SessionConfiguration { SessionConfiguration(device: device) }

    func settings(folder: String, name: String = "scan", force: Bool = false, faults: [StorageFault] = []) -> BundleSettings {
        BundleSettings(outputFolder: folder, name: name,
                       metadata: ScanMetadata(uid: "0F1E2D3C-0000-4000-8000-000000000042", propertyType: "house",
                                              address: ScanMetadata.Address(number: "12", street: "Main Street", city: "Oulu"),
                                              azimuthDegrees: 123.5),
                       session: configuration, mesh: mesh, force: force, faults: FaultPlan(faults))
    }

    var record: SessionRecord {
        var r = SessionRecord()
        r.events = [
            Event(time: 0.05, meaning: .landscape),
            Event(time: Self.recordStart, meaning: .recordingStarted),
            Event(time: 0.2, meaning: .fastRotation,
                  trace: EventTrace(quantity: "yaw rate", measured: 112, comparison: ">", threshold: 90, unit: "deg/s",
                                    windowSeconds: 0.5, windowStart: -0.3)),
            Event(time: stopTime, meaning: .finishedWithEnoughData),
        ]
        r.feedback = [FeedbackItem(meaning: .fastRotation, start: 0.2, end: 0.35, pose: pose(5))]
        r.scanLog = [ScanLogLine(time: Self.recordStart, text: "Recording started"),
                     ScanLogLine(time: 0.2, text: "Fast rotation\nwarning")]
        r.roomLabels = [RoomLabel(label: "Kitchen", time: 0.25, pose: pose(8))]
        r.relocations = [RelocationRecord(cause: .trackingLost, start: 0.15, end: 0.18, recovered: true)]
        r.reconstructionShutDownAt = reconstructionShutDownAt
        r.recordingStart = Self.recordStart
        r.recordingEnd = stopTime
        r.recordedFrameCount = recordedFrames
        r.recordedSeconds = stopTime - Self.recordStart
        r.normalTrackingSeconds = stopTime - Self.recordStart - 1.0 / 60
        return r
    }

    /// Every input in order with whether it is recorded; `beginAfter` marks the record press.
    var inputs: [(input: SessionInput, recorded: Bool)] {
        var list: [(SessionInput, Bool)] = [
            (SessionInput(time: 0, .system(SystemSample(thermal: .nominal, storageFreeBytes: 64_000_000_000,
                                                          activeProcessors: 6, processorCount: 6))), false),
            (SessionInput(time: 0.02, .frame(frame(-2, depth: false))), false),
            (SessionInput(time: 0.05, .frame(frame(-1))), false),
            (SessionInput(time: Self.recordStart, .user(.recordPressed)), false),
        ]
        for i in 0..<recordedFrames {
            list.append((SessionInput(time: Self.frameTime(i), .frame(frame(i, depth: i % 5 != 4))), true))
            if i == recordedFrames / 2 {
                list.append((SessionInput(time: Self.frameTime(i), .system(SystemSample(thermal: .fair, memoryWarning: true))), false))
                list.append((SessionInput(time: Self.frameTime(i), .user(.speechResults(["Kitchen", "Kitchen \"2\""]))), false))
            }
        }
        list.append((SessionInput(time: stopTime, .user(.stopConfirmed)), false))
        return list
    }

    /// Frames with depth among the recorded ones.
    var depthFrameIndices: [Int] { device.hasLiDAR ? (0..<recordedFrames).filter { $0 % 5 != 4 } : [] }

    /// Feeds the inputs to a storage as the driver does, up to and including the zip; returns the
    /// zip result, or the first storage error.
    @discardableResult
    func write<S: ScanStorage>(to storage: inout S) -> Result<ZipResult, ScanStorageError> {
        do throws(ScanStorageError) {
            var begun = false
            for (input, recorded) in inputs {
                storage.observe(input, recorded: recorded)
                if case .user(.recordPressed) = input.kind, !begun {
                    do throws(ScanStorageError) { try storage.beginRecording(at: input.time) }
                    catch where error.file == .scanLog { /* 90 is not fatal: recording goes on */ }
                    begun = true
                }
                if recorded, case .frame(let f) = input.kind { try storage.appendFrame(f, at: input.time) }
            }
            try storage.writeScanFiles(record, configuration: configuration)
            var result = try storage.zip(rezip: false)
            if result == .invalid { result = try storage.zip(rezip: true) }
            return .success(result)
        } catch {
            return .failure(error)
        }
    }
}
