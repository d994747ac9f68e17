import CAllocationCounter
import CaptureEngine
import Foundation
import JSONSupport

/// `capture-sim bench engine`: pushes frames of a scripted walk through the session on one core and
/// reports frames per second and heap bytes allocated per frame in steady state.
///
/// The walk is a closed loop (a 2 m circle at 0.5 m/s with gait bob, camera tilted down 20 degrees),
/// precomputed once for one lap as session inputs and replayed with advancing time stamps (set in place),
/// so what is measured is the session's step function, not input generation.
public struct EngineBenchmark {
    /// Frames pushed through the session in the measured loop.
    public var frames: Int

    public init(frames: Int) { self.frames = frames }

    /// What the measured loop took.
    public struct Report: Sendable {
        /// Frames in the measured loop.
        public var frames: Int
        /// Its wall time, seconds.
        public var seconds: Double
        /// Heap bytes allocated in it.
        public var allocatedBytes: UInt64
        /// Heap allocations in it.
        public var allocations: UInt64
        /// Events the session emitted (warm-up included).
        public var events: Int
        /// Allocations the process made before the measured loop (shows the counter is live).
        public var allocationsBefore: UInt64
        /// Frames per second.
        public var framesPerSecond: Double { Double(frames) / seconds }
        /// Heap bytes allocated per frame.
        public var bytesPerFrame: Double { Double(allocatedBytes) / Double(frames) }

        /// The lines `capture-sim bench engine` prints.
        public var lines: [String] {
            ["bench engine: \(frames) frames of a scripted walk through CaptureSession on one core",
             "  time            \(NumberFormatting.fixed(seconds, decimals: 3)) s",
             "  frames/s        \(NumberFormatting.fixed(framesPerSecond / 1e6, decimals: 2)) M",
             "  allocations     \(allocations) in the loop (\(NumberFormatting.fixed(bytesPerFrame, decimals: 3)) bytes/frame); \(allocationsBefore) before it",
             "  events          \(events)"]
        }
    }

    /// One lap of the walk as camera frames at `frameRate` frames per second.
    static func lap(frameRate: Double = 60) -> [CameraFrame] {
        let radius = 2.0, speed = 0.5
        let lapSeconds = 2 * Double.pi * radius / speed
        let count = Int((lapSeconds * frameRate).rounded())
        return (0..<count).map { i in
            let angle = 2 * Double.pi * Double(i) / Double(count)
            let t = Double(i) / frameRate
            let bob = 0.02 * sin(2 * .pi * 1.8 * t)
            let position = SIMD3(radius * cos(angle), 1.45 + bob, -radius * sin(angle))
            // Counter-clockwise seen from above; the tangent heading is angle (0 = -Z, so offset by 180).
            let heading = Angle.degrees(fromRadians: angle) + 180
            return CameraFrame(transform: CameraPose.make(position: position, headingDegrees: heading,
                                                          pitchDegrees: -20 + 2 * sin(2 * .pi * 0.9 * t)),
                               intrinsics: .wideCamera, tracking: .normal)
        }
    }

    /// Runs the warm-up lap and the measured loop; a ``BenchmarkError`` when the session refuses an input.
    public func run() throws(BenchmarkError) -> Report {
        do { return try measure() } catch { throw BenchmarkError(.failure, "bench engine: the session refused an input: \(error)") }
    }

    private func measure() throws(SessionInputError) -> Report {
        var inputs = Self.lap().map { SessionInput(time: 0, .frame($0)) }
        let dt = 1.0 / 60
        var session = CaptureSession()
        var events = 0
        events += try session.step(inputs[0]).events.count
        events += try session.step(SessionInput(time: 0, .user(.recordPressed))).events.count
        // Warm up one lap so windows and buffers reach their steady size.
        var i = 1
        while i < inputs.count {
            inputs[i].time = Double(i) * dt
            events += try session.step(inputs[i]).events.count
            i += 1
        }
        let startCount = capture_sim_allocation_count()
        let startBytes = capture_sim_allocated_bytes()
        let clock = ContinuousClock()
        let start = clock.now
        let end = i + frames
        while i < end {
            let j = i % inputs.count
            inputs[j].time = Double(i) * dt
            events += try session.step(inputs[j]).events.count
            i += 1
        }
        let elapsed = clock.now - start
        let seconds = elapsed.inSeconds
        return Report(frames: frames, seconds: seconds,
                      allocatedBytes: capture_sim_allocated_bytes() - startBytes,
                      allocations: capture_sim_allocation_count() - startCount, events: events,
                      allocationsBefore: startCount)
    }
}
