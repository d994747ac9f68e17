import CaptureEngine
import CaptureReplay
import Foundation
import TestSupport
import Testing

@Suite struct FormatEquivalenceTests {
    @Test func realLettersLogReadsEveryFrameFromTheFirstPose() throws {
        let log = try ReplayReader.read(path: TestPaths.letters)
        let frames = ReaderTestSupport.frames(log)
        #expect(log.format == .arkit)
        #expect(frames.count == 1653)
        #expect(log.diagnostics.isEmpty)
        #expect(log.configuration.landscapeGating == false)
        guard case .user(.recordPressed) = log.inputs.first?.kind else {
            Issue.record("the first input is not a record press"); return
        }
        #expect(log.inputs.first?.time == 0)
        #expect(frames.first?.time == 0)
        // 442529146380333 ns to 442529163042166 ns.
        #expect(abs(frames[1].time - 0.016661833) < 1e-12)
        let duration = try #require(frames.last?.time)
        #expect(duration > 27 && duration < 28)
        // The first line's matrix: row 1 is (0.015273, 0.996697, -0.079755 | 0.001212).
        let first = frames[0].frame.transform
        #expect(abs(first.translation.x - 0.001212) < 1e-12)
        #expect(abs(first.translation.y - 0.027334) < 1e-12)
        #expect(abs(first.translation.z - 0.157142) < 1e-12)
        let xAxis = first.rotation.act(SIMD3(1, 0, 0))
        #expect(abs(xAxis.x - 0.015273) < 1e-4 && abs(xAxis.y + 0.997260) < 1e-4 && abs(xAxis.z + 0.072384) < 1e-4)
        for (_, frame) in frames {
            #expect(frame.tracking == .normal && frame.depth == nil)
        }
    }

    @Test func sameTrajectoryInEveryFormatGivesTheSameInputs() throws {
        let poses = try ReaderTestSupport.lettersPoses(count: 240)
        let scratch = try TemporaryFolder("equivalence")
        defer { scratch.remove() }
        let folder = scratch.path
        let reference = try ReaderTestSupport.read(LogWriter.arkit(poses), format: .arkit)
        try LogWriter.bundle(at: folder + "/bundle", frames: poses.map { LogWriter.BundleFrame(time: $0.time, pose: $0.pose) })
        let logs: [(String, ReplayLog)] = [
            ("raw", try ReplayReader.read(path: LogWriter.write(LogWriter.raw(poses), to: "package/raw/poses.csv", in: folder))),
            ("raw folder", try ReplayReader.read(path: folder + "/package")),
            ("tum z", try ReaderTestSupport.read(LogWriter.tum(poses, up: .z, epoch: 1_305_031_102.175304), format: .tum)),
            ("tum y", try ReaderTestSupport.read(LogWriter.tum(poses, up: .y, epoch: 12.5), format: .tum,
                                                 options: ReplayOptions(worldUp: .y))),
            ("stray", try ReplayReader.read(path: LogWriter.write(LogWriter.stray(poses, epoch: 8_123.25), to: "stray/odometry.csv", in: folder))),
            ("traj", try ReplayReader.read(path: LogWriter.write(LogWriter.traj(poses, epoch: 6_000.1), to: "scene.traj", in: folder))),
            ("traj z", try ReaderTestSupport.read(LogWriter.traj(poses, up: .z), format: .traj,
                                                  options: ReplayOptions(worldUp: .z))),
            ("bundle", try ReplayReader.read(path: folder + "/bundle")),
        ]
        let expected = ReaderTestSupport.frames(reference)
        #expect(expected.count == 240)
        for (name, log) in logs {
            #expect(log.diagnostics.isEmpty, "\(name): \(log.diagnostics)")
            guard case .user(.recordPressed) = log.inputs.first?.kind else {
                Issue.record("\(name): the first input is not a record press"); continue
            }
            let frames = ReaderTestSupport.frames(log)
            #expect(frames.count == expected.count, "\(name)")
            for (got, want) in zip(frames, expected) {
                #expect(abs(got.time - want.time) < 1e-6, "\(name) time \(got.time) vs \(want.time)")
                #expect(ReaderTestSupport.same(got.frame.transform, want.frame.transform),
                        "\(name) at \(want.time): \(got.frame.transform) vs \(want.frame.transform)")
            }
        }
    }

    @Test func sameTrajectoryInEveryFormatGivesTheSameEvents() throws {
        // A fast turn (170 deg/s for 1 s, so no window average lands exactly on the 90 deg/s threshold)
        // then a 12 m jump: the fast-rotation and drift detectors fire.
        var poses: [TimedPose] = []
        let rate = Angle.radians(fromDegrees: 170)
        for i in 0..<360 {
            let t = Double(i) / 60
            let yaw = rate * min(max(t - 2, 0), 1)
            let x = t >= 4.5 ? 12.0 : 0.1 * t
            poses.append(TimedPose(time: t, pose: RigidTransform(rotation: Quaternion(angle: yaw, axis: SIMD3(0, 1, 0)),
                                                                translation: SIMD3(x, 1.4, 0))))
        }
        let scratch = try TemporaryFolder("events")
        defer { scratch.remove() }
        let folder = scratch.path
        let logs: [ReplayLog] = [
            try ReaderTestSupport.read(LogWriter.arkit(poses), format: .arkit),
            try ReplayReader.read(path: LogWriter.write(LogWriter.raw(poses), to: "poses.csv", in: folder)),
            try ReaderTestSupport.read(LogWriter.tum(poses, up: .z, epoch: 100), format: .tum),
            try ReaderTestSupport.read(LogWriter.stray(poses, epoch: 5), format: .stray),
            try ReaderTestSupport.read(LogWriter.traj(poses, epoch: 7), format: .traj),
        ]
        let runs = logs.map { ReplayRun(log: $0) }
        let reference = runs[0].events.map { "\($0.line) \($0.trace?.summary ?? "")" }
        #expect(runs[0].events.contains { $0.meaning == .fastRotation } && runs[0].events.contains { $0.meaning == .drifted })
        for run in runs.dropFirst() {
            #expect(run.events.map { "\($0.line) \($0.trace?.summary ?? "")" } == reference)
        }
    }
}
