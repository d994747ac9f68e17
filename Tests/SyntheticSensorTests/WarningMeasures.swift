import CaptureEngine
import Foundation
@testable import SyntheticSensor

/// What the engine's detectors measure, recomputed from a stream with the documented default
/// thresholds, so motion and scenes can be checked independently of the session.
struct WarningMeasures {
    /// Longest run with horizontal speed >= 0.25 m/s and >= 80 % of it along the camera's
    /// left/right axis (velocity averaged over 0.5 s), seconds.
    var longestSideways: Double = 0
    /// Largest yaw rate averaged over 0.5 s, degrees per second.
    var peakYawRate: Double = 0
    /// Longest run with pitch < -55 degrees, seconds.
    var longestFloor: Double = 0
    /// Longest run with |pitch| < 10 degrees, seconds.
    var longestLevel: Double = 0
    /// Largest displacement within 2 s, metres.
    var largestJump: Double = 0
    /// Longest run with >= 50 % of valid depth pixels nearer than 0.4 m, seconds.
    var longestTooClose: Double = 0
    /// Longest run with >= 60 % of pixels without a return, seconds.
    var longestTooFar: Double = 0
    /// Mean horizontal speed while moving faster than 0.1 m/s, metres per second.
    var meanWalkingSpeed: Double = 0
    /// Frames seen.
    var frames = 0

    init(capture: SyntheticCapture, from start: Double = 0) {
        var poses: [(Double, RigidTransform)] = []
        var sideRun = 0.0, floorRun = 0.0, levelRun = 0.0, closeRun = 0.0, farRun = 0.0
        var lastTime = 0.0, lastDepthTime = 0.0
        var speedSum = 0.0, speedCount = 0
        for input in capture {
            guard case .frame(let frame) = input.kind else { continue }
            let t = input.time
            let dt = t - lastTime
            lastTime = t
            frames += 1
            poses.append((t, frame.transform))
            while let first = poses.first, first.0 < t - 2.01 { poses.removeFirst() }
            guard t >= start else { continue }
            let pose = frame.transform
            let pitch = Angle.degrees(fromRadians: CameraPose.pitch(pose))
            floorRun = pitch < -55 ? floorRun + dt : 0
            levelRun = abs(pitch) < 10 ? levelRun + dt : 0
            longestFloor = max(longestFloor, floorRun)
            longestLevel = max(longestLevel, levelRun)
            for (_, p) in poses { largestJump = max(largestJump, (p.translation - pose.translation).length) }
            if let half = poses.last(where: { $0.0 <= t - 0.5 + 1e-9 }) {
                let v = (pose.translation - half.1.translation) / (t - half.0)
                let horizontal = SIMD3(v.x, 0, v.z)
                let speed = horizontal.length
                let right = CameraPose.right(pose)
                let rightH = SIMD3(right.x, 0, right.z).normalized
                let lateral = abs(horizontal.dot(rightH))
                sideRun = speed >= 0.25 && lateral >= 0.8 * speed ? sideRun + dt : 0
                longestSideways = max(longestSideways, sideRun)
                let yaw = abs(Angle.wrapped(CameraPose.heading(pose) - CameraPose.heading(half.1))) / (t - half.0)
                peakYawRate = max(peakYawRate, Angle.degrees(fromRadians: yaw))
                if speed > 0.1 { speedSum += speed; speedCount += 1 }
            }
            if let depth = frame.depth {
                let dt = t - lastDepthTime
                lastDepthTime = t
                let valid = depth.depth.filter { $0 > 0 }
                let near = valid.filter { $0 < 0.4 }.count
                closeRun = !valid.isEmpty && Double(near) >= 0.5 * Double(valid.count) ? closeRun + dt : 0
                let none = depth.depth.count - valid.count
                farRun = Double(none) >= 0.6 * Double(depth.depth.count) ? farRun + dt : 0
                longestTooClose = max(longestTooClose, closeRun)
                longestTooFar = max(longestTooFar, farRun)
            }
        }
        meanWalkingSpeed = speedCount > 0 ? speedSum / Double(speedCount) : 0
    }
}
