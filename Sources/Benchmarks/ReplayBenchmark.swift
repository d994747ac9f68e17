import CaptureEngine
import CaptureReplay
import Foundation
import JSONSupport

/// `capture-sim bench replay`: parses and replays a generated hour-long pose log, in memory.
///
/// The log is a deterministic walk round a 6 m x 4 m room at 0.8 m/s with a gait bob and sway, turning
/// 90 degrees over 2 s round each corner, the camera held in landscape-right and pitched about 15 degrees
/// down, sampled at 60 Hz. It is written in the ARKit camera-transform format (13 fields per line,
/// 6 decimals) and in the TUM format; each is parsed from memory and replayed.
public struct ReplayBenchmark {
    /// Number of poses (216,000 = one hour at 60 Hz).
    public var poses: Int
    /// Sampling rate, frames per second.
    public var framesPerSecond = 60.0

    public init(poses: Int) { self.poses = poses }

    /// Generates, parses and replays the log in each format; returns the lines `capture-sim bench replay`
    /// prints (per format: size, frames, events, parse and replay seconds, poses per second).
    public func run() throws(BenchmarkError) -> [String] {
        guard poses > 0, poses <= ReplayReader.maximumPoses else {
            throw BenchmarkError(.usage, "--poses expects a positive number up to \(ReplayReader.maximumPoses), the most a log may hold")
        }
        var lines = ["replay benchmark: \(poses) poses (\(NumberFormatting.compact(Double(poses) / framesPerSecond / 3600)) h at \(NumberFormatting.compact(framesPerSecond)) Hz)"]
        for format in [ReplayFormat.arkit, .tum] {
            let text = Data(log(format: format).utf8)
            let clock = ContinuousClock()
            let start = clock.now
            let replayLog: ReplayLog
            do {
                replayLog = try ReplayReader.read(bytes: text, file: "generated.\(format.rawValue)", format: format)
            } catch {
                throw BenchmarkError(.failure, "generated log did not parse: \(error.description)")
            }
            let parsed = clock.now
            let run = ReplayRun(log: replayLog)
            let end = clock.now
            let parseSeconds = (parsed - start).inSeconds, replaySeconds = (end - parsed).inSeconds
            let total = parseSeconds + replaySeconds
            lines.append("  \(format.rawValue): \(NumberFormatting.fixed(Double(text.count) / 1_000_000, decimals: 1)) MB, "
                  + "\(replayLog.inputs.frameCount) frames, \(run.events.count) events; parse \(NumberFormatting.fixed(parseSeconds, decimals: 3)) s, "
                  + "replay \(NumberFormatting.fixed(replaySeconds, decimals: 3)) s, total \(NumberFormatting.fixed(total, decimals: 3)) s = "
                  + "\(Int((Double(poses) / total).rounded())) poses/s")
        }
        lines.append("command: capture-sim bench replay --poses \(poses)")
        return lines
    }

    /// The engine-convention camera-to-world pose of the walk at `time` seconds.
    func pose(at time: Double) -> RigidTransform {
        let width = 6.0, depth = 4.0, speed = 0.8
        let perimeter = 2 * (width + depth)
        var s = (time * speed).truncatingRemainder(dividingBy: perimeter)
        // Corners of the room's floor (x, z), walked anticlockwise seen from above.
        let corners: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(width, 0), SIMD2(width, -depth), SIMD2(0, -depth)]
        var side = 0
        let lengths = [width, depth, width, depth]
        while s > lengths[side] { s -= lengths[side]; side = (side + 1) % 4 }
        let a = corners[side], b = corners[(side + 1) % 4]
        let direction = (b - a) / lengths[side]
        let ground = a + direction * s
        let step = 2 * Double.pi * 1.8 * time
        let bob = 0.02 * sin(2 * step), sway = 0.015 * sin(step)
        let lateral = SIMD2(-direction.y, direction.x)
        let position = SIMD3(ground.x + lateral.x * sway, 1.4 + bob, ground.y + lateral.y * sway)
        // Heading along the walk (0 along -Z), turning 90 degrees over the 1.6 m centred on each corner
        // (2 s, 45 deg/s).
        var heading = atan2(-direction.x, -direction.y)
        let remaining = lengths[side] - s
        if remaining < 0.8 { heading += (Double.pi / 2) * (0.8 - remaining) / 1.6 }
        if s < 0.8 { heading -= (Double.pi / 2) * (0.8 - s) / 1.6 }
        let yaw = Quaternion(angle: heading, axis: SIMD3(0, 1, 0))
        let pitch = Quaternion(angle: Angle.radians(fromDegrees: -15 + 2 * sin(step / 2)), axis: SIMD3(1, 0, 0))
        return RigidTransform(rotation: yaw * pitch, translation: position)
    }

    /// The whole log's text in `format`.
    func log(format: ReplayFormat) -> String {
        var out = format == .arkit ? "# generated walk, ARKit camera transforms\n" : "# timestamp tx ty tz qx qy qz qw\n"
        out.reserveCapacity(poses * (format == .arkit ? 120 : 90))
        let startNanoseconds: Int64 = 1_000_000_000_000
        for i in 0..<poses {
            let time = Double(i) / framesPerSecond
            let p = pose(at: time)
            func f(_ v: Double) -> String { NumberFormatting.fixed(v, decimals: 6) }
            if format == .arkit {
                let m = p.matrix
                let ns = startNanoseconds + Int64((time * 1e9).rounded())
                out += "\(ns) \(f(m[0, 0])) \(f(m[0, 1])) \(f(m[0, 2])) \(f(m[0, 3])) \(f(m[1, 0])) \(f(m[1, 1])) \(f(m[1, 2])) \(f(m[1, 3])) \(f(m[2, 0])) \(f(m[2, 1])) \(f(m[2, 2])) \(f(m[2, 3]))\n"
            } else {
                let q = CoordinateConventions.zUpOpenCV(fromARKit: p)
                out += "\(f(1000 + time)) \(f(q.translation.x)) \(f(q.translation.y)) \(f(q.translation.z)) \(f(q.rotation.x)) \(f(q.rotation.y)) \(f(q.rotation.z)) \(f(q.rotation.w))\n"
            }
        }
        return out
    }
}
