import CaptureEngine
import CaptureReplay
import Foundation
import JSONSupport
import TestSupport
import Testing

/// `--trace` for the drift, fast-rotation, sideways-walk and proximity detectors: each event says what was
/// measured, the threshold it crossed and the window, and the command prints it under the event.
@Suite struct TraceTests {
    private let level = 1.4
    /// A slow creep along -Z, metres per second, so that no pose stays identical (a frozen transform is 66).
    private let creep = 0.05

    /// Whether the trace's comparison holds between its measured value and its threshold.
    private func holds(_ trace: EventTrace) -> Bool {
        switch trace.comparison {
        case ">": trace.measured > trace.threshold
        case ">=", "≥": trace.measured >= trace.threshold
        case "<": trace.measured < trace.threshold
        case "<=", "≤": trace.measured <= trace.threshold
        default: false
        }
    }

    /// Writes `poses` as an ARKit transform log, replays it with the tool with `--trace` and checks every
    /// traced event's line; returns the events of the in-process replay.
    private func replayWithTrace(_ poses: [TimedPose], name: String, extra: [String] = []) throws -> [Event] {
        let scratch = try TemporaryFolder(name)
        defer { scratch.remove() }
        let path = try LogWriter.write(LogWriter.arkit(poses), to: "\(name).txt", in: scratch.path)
        var log = try ReplayReader.read(path: path)
        for assignment in extra.enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
            log.configuration.thresholds = try log.configuration.thresholds.applying(assignment: assignment)
        }
        let events = ReplayRun(log: log).events
        let run = try CommandLineTool.run(["replay", path, "--trace"] + extra)
        #expect(run.status == 0)
        var expected: [String] = []
        for event in events {
            expected.append(event.line)
            if let trace = event.trace {
                expected.append("           " + trace.summary)
            }
        }
        #expect(run.stdout == expected.map { $0 + "\n" }.joined())
        return events
    }

    /// `count` poses at 60 Hz from `pose(time)`.
    private func walk(seconds: Double, _ pose: (Double) -> RigidTransform) -> [TimedPose] {
        (0..<Int(seconds * 60)).map { i in
            let t = Double(i) / 60
            return TimedPose(time: t, pose: pose(t))
        }
    }

    @Test func driftEventTracesTheDisplacementOverItsInterval() throws {
        let thresholds = Thresholds()
        let poses = walk(seconds: 6) { t in
            RigidTransform(rotation: .identity, translation: SIMD3(0.3 * t + (t >= 3 ? 12 : 0), level, -creep * t))
        }
        let events = try replayWithTrace(poses, name: "drift")
        let drift = try #require(events.first { $0.meaning == .drifted })
        #expect(drift.time >= 3 && drift.time < 3 + thresholds.drift.intervalSeconds)
        let trace = try #require(drift.trace)
        #expect(trace.threshold == thresholds.drift.meters)
        #expect(trace.measured > 12 - 1 && holds(trace))
    }

    @Test func fastRotationEventTracesTheYawRateOverItsWindow() throws {
        let thresholds = Thresholds()
        // Still for 2 s, then turning at 180 deg/s for 1.5 s.
        let poses = walk(seconds: 5) { t in
            let turned = min(max(t - 2, 0), 1.5) * Double.pi
            return RigidTransform(rotation: Quaternion(angle: turned, axis: SIMD3(0, 1, 0)), translation: SIMD3(0, level, -creep * t))
        }
        let events = try replayWithTrace(poses, name: "fast-rotation")
        let fast = try #require(events.first { $0.meaning == .fastRotation })
        #expect(fast.time > 2 && fast.time < 3.5)
        let trace = try #require(fast.trace)
        #expect(trace.threshold == thresholds.fastRotation.degreesPerSecond)
        #expect(trace.measured > 90 && trace.measured < 200 && holds(trace))
        // A threshold above the turn's rate silences it.
        let relaxed = try replayWithTrace(poses, name: "fast-rotation-relaxed", extra: ["--set", "fastRotation.degreesPerSecond=400"])
        #expect(!relaxed.contains { $0.meaning == .fastRotation })
    }

    @Test func sidewaysWalkEventTracesWhatCrossedItsThreshold() throws {
        let thresholds = Thresholds().sideways
        // Looking along -Z, slightly down, walking towards +X (the camera's right) at 0.5 m/s.
        let down = Quaternion(angle: Angle.radians(fromDegrees: -20), axis: SIMD3(1, 0, 0))
        let poses = walk(seconds: 4) { t in RigidTransform(rotation: down, translation: SIMD3(0.5 * t, level, 0)) }
        let events = try replayWithTrace(poses, name: "sideways")
        let sideways = try #require(events.first { $0.meaning == .walkingSidewaysRight })
        #expect(sideways.time >= thresholds.holdSeconds)
        let trace = try #require(sideways.trace)
        let known = [thresholds.minimumSpeedMetersPerSecond, thresholds.lateralFraction, 100 * thresholds.lateralFraction,
                     thresholds.holdSeconds]
        #expect(known.contains(trace.threshold), "\(trace.summary)")
        #expect(holds(trace))
    }

    @Test func proximityEventTracesTheNearFractionOfTheDepthMap() throws {
        let thresholds = Thresholds().proximity
        let scratch = try TemporaryFolder("proximity")
        defer { scratch.remove() }
        let folder = scratch.path
        let width = 32, height = 24
        let near = DepthMap(width: width, height: height, depth: [Float](repeating: 0.25, count: width * height),
                            confidence: [UInt8](repeating: 2, count: width * height))
        let frames = (0..<180).map { i in
            LogWriter.BundleFrame(time: Double(i) / 60,
                                  pose: RigidTransform(rotation: .identity, translation: SIMD3(0, level, -creep * Double(i) / 60)),
                                  depth: i >= 30 ? near : nil)
        }
        try LogWriter.bundle(at: folder, frames: frames, recordPressAfterFrames: 20)
        let log = try ReplayReader.read(path: folder)
        let events = ReplayRun(log: log).events
        let close = try #require(events.first { $0.meaning == .tooClose })
        #expect(close.time >= 0.5 + thresholds.holdSeconds - 1e-9)
        let trace = try #require(close.trace)
        #expect([thresholds.nearFraction, 100 * thresholds.nearFraction, thresholds.nearMeters].contains(trace.threshold),
                "\(trace.summary)")
        #expect(holds(trace))
        let run = try CommandLineTool.run(["replay", folder, "--trace"])
        #expect(run.stdout.contains(close.line + "\n           \(trace.summary)\n"))
    }
}
