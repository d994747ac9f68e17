import CaptureEngine
import CaptureReplay
import Foundation
import JSONSupport
import TestSupport
import Testing

/// The raw package's `poses.csv` with its `time` column (seconds on the capture clock), and packages
/// written before it: their rate from `manifest.json`, from `--fps`, or refused naming `--fps`.
@Suite struct RawTimeColumnTests {
    /// 31 poses at 10 Hz from 2.5 s on the capture clock.
    static let poses = (0...30).map { i in
        TimedPose(time: 2.5 + Double(i) / 10, pose: CameraPose.make(position: SIMD3(0.01 * Double(i), 1.4, 0), headingDegrees: 0, pitchDegrees: -20))
    }

    static func times(_ log: ReplayLog) -> [Double] { ReaderTestSupport.frames(log).map(\.time) }

    @Test func theTimeColumnIsKeptOnTheCaptureClock() throws {
        let log = try ReaderTestSupport.read(LogWriter.raw(Self.poses), format: .raw, file: "raw/poses.csv")
        #expect(Self.times(log) == Self.poses.map(\.time))
        #expect(log.inputs.first?.time == 2.5)
        #expect(log.diagnostics.isEmpty)
        // --fps does not apply to a log with times: said once.
        let given = try ReaderTestSupport.read(LogWriter.raw(Self.poses), format: .raw, options: ReplayOptions(framesPerSecond: 60))
        #expect(Self.times(given) == Self.poses.map(\.time))
        #expect(given.diagnostics.map(\.kind) == [.frameRate])
    }

    @Test func anOldPackageWithoutManifestIsRefusedNamingFps() throws {
        let scratch = try TemporaryFolder("old-raw")
        defer { scratch.remove() }
        let path = try LogWriter.write(LogWriter.rawWithoutTime(Self.poses), to: "package/raw/poses.csv", in: scratch.path)
        #expect {
            try ReplayReader.read(path: scratch.path + "/package")
        } throws: { error in
            (error as? InputError)?.description == "\(path): the log has no time column (frame,x,y,z,qx,qy,qz,qw) and no manifest.json gives its frame rate; give it with --fps N (frames per second)"
        }
        // With --fps: frame i at i / fps from the first pose.
        let log = try ReplayReader.read(path: scratch.path + "/package", options: ReplayOptions(framesPerSecond: 10))
        #expect(Self.times(log).enumerated().allSatisfy { abs($0.element - Double($0.offset) / 10) < 1e-12 })
    }

    @Test func anOldPackageTakesItsRateFromItsManifest() throws {
        let scratch = try TemporaryFolder("old-raw")
        defer { scratch.remove() }
        _ = try LogWriter.write(LogWriter.rawWithoutTime(Self.poses), to: "package/raw/poses.csv", in: scratch.path)
        // 31 depth frames over 3.1 s of recording (2.45 to 5.55 s): 10 Hz.
        let manifest = #"{"format": "raw-rgbd", "recording": {"start": 2.45, "end": 5.55}, "frames": 31}"#
        _ = try LogWriter.write(manifest, to: "package/manifest.json", in: scratch.path)
        let log = try ReplayReader.read(path: scratch.path + "/package")
        #expect(Self.times(log).enumerated().allSatisfy { abs($0.element - Double($0.offset) / 10) < 1e-9 })
        #expect(log.diagnostics.map(\.kind) == [.frameRate])
        #expect(log.diagnostics.first?.message.hasPrefix("no time column: frame rate 10.000 Hz from ") == true)
    }

    @Test func aHeaderWithTheTimeColumnElsewhereIsRefused() throws {
        #expect {
            try ReaderTestSupport.read("frame,time,x,y,z,qx,qy,qz,qw\n0,0,0,0,0,0,0,0,1\n", format: .raw)
        } throws: { error in
            (error as? InputError)?.description == "test.log:1: header is 'frame,time,x,y,z,qx,qy,qz,qw', expected 'frame,x,y,z,qx,qy,qz,qw,time' (the columns in this order)"
        }
    }
}
