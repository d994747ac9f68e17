import CaptureEngine
import Foundation
import JSONSupport

/// `capture-sim bench render`: depth + confidence frames per second along a scene's scripted walk,
/// for the SIMD, SIMDe and scalar paths, on one core and on several row bands.
public enum RenderBenchmark {
    /// One measured configuration.
    public struct Measurement: Sendable {
        /// SIMD, SIMDe or scalar rendering.
        public var path: RenderPath
        /// Row bands per frame.
        public var bands: Int
        /// Frames rendered at the same time (frame-parallel workers).
        public var workers: Int
        /// Frames rendered.
        public var frames: Int
        /// Wall-clock time, seconds.
        public var seconds: Double
        /// Frames per second.
        public var framesPerSecond: Double { Double(frames) / seconds }
    }

    /// Renders `frames` depth maps at poses spread over the scene's stream, once per configuration
    /// (SIMDe and scalar; `bands` frames rendered concurrently, one frame split into `bands` row
    /// bands, and one core), and checks outside the timing that every configuration gives the same maps.
    public static func run(scene: Scene, frames: Int, bands: Int) -> (measurements: [Measurement], identical: Bool, report: String) {
        let capture = SyntheticCapture(scene: scene)
        let renderer = capture.depthRenderer
        let count = max(1, frames)
        let times = (0..<count).map { capture.duration * Double($0) / Double(count) }
        let poses = times.map { capture.truePose(at: $0) }
        // (path, row bands per frame, frames rendered concurrently)
        let layouts = [(1, bands), (bands, 1), (1, 1)]
        let configurations: [(RenderPath, Int, Int)] = layouts.flatMap { layout in
            [RenderPath.simde, .scalar].map { ($0, layout.0, layout.1) }
        }
        var measurements: [Measurement] = []
        let clock = ContinuousClock()
        for (path, bandCount, workers) in configurations {
            let start = clock.now
            let work: @Sendable (Int) -> Void = { worker in
                var i = worker
                while i < poses.count {
                    let map = renderer.render(cameraToWorld: poses[i], noiseSeed: UInt64(i), frameIndex: i, path: path, bands: bandCount)
                    precondition(map.depth.count == renderer.intrinsics.width * renderer.intrinsics.height)
                    i += workers
                }
            }
            if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
            let elapsed = clock.now - start
            let seconds = elapsed.inSeconds
            measurements.append(Measurement(path: path, bands: bandCount, workers: workers, frames: count, seconds: seconds))
        }
        // Outside the timing: every configuration gives the same maps (checked on a sample of the poses).
        var identical = true
        for (i, pose) in poses.enumerated() where i % max(1, count / 50) == 0 {
            let reference = renderer.render(cameraToWorld: pose, noiseSeed: UInt64(i), frameIndex: i, path: .scalar, bands: 1)
            for (path, bandCount, _) in configurations {
                let map = renderer.render(cameraToWorld: pose, noiseSeed: UInt64(i), frameIndex: i, path: path, bands: bandCount)
                if map.depth != reference.depth || map.confidence != reference.confidence { identical = false }
            }
        }
        let color = colorFrames(capture: capture, times: times)
        var lines = ["render benchmark: scene \(scene.name), \(renderer.intrinsics.width)x\(renderer.intrinsics.height) depth + confidence, \(count) poses along the scripted walk"]
        for m in measurements {
            let layout = m.workers > 1 ? "\(m.workers) frames at a time" : "\(m.bands) row band(s)   "
            lines.append("  \(m.path.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(layout): \(NumberFormatting.fixed(m.framesPerSecond, decimals: 0)) frames/s")
        }
        func rate(_ path: RenderPath) -> Double { measurements.first { $0.path == path }!.framesPerSecond }
        lines.append("  SIMDe gain over scalar (\(bands) frames at a time): \(NumberFormatting.fixed(rate(.simde) / rate(.scalar), decimals: 2))x")
        lines.append("  outputs identical across paths and bands: \(identical ? "yes" : "NO")")
        func milliseconds(_ seconds: Double) -> String { NumberFormatting.fixed(seconds * 1000 / Double(color.frames), decimals: 2) }
        lines.append("  colour camera \(color.width)x\(color.height), \(color.frames) frames along the walk "
                     + "(\(color.blurred) with motion blur), 1 row band: \(NumberFormatting.fixed(Double(color.frames) / color.seconds, decimals: 0)) frames/s, "
                     + "\(milliseconds(color.cpuSeconds)) ms CPU a frame (shading \(milliseconds(color.shadeCPUSeconds)), "
                     + "exposure with blur, noise, encoding and sharpening \(milliseconds(color.exposeCPUSeconds)))")
        return (measurements, identical, lines.joined(separator: "\n"))
    }

    /// What ``colorFrames(capture:times:)`` measured.
    struct ColorTiming {
        var frames: Int, width: Int, height: Int, blurred: Int
        /// Wall time and the thread's CPU time of the whole loop, and the CPU time of its two parts, seconds.
        var seconds: Double, cpuSeconds: Double, shadeCPUSeconds: Double, exposeCPUSeconds: Double
    }

    /// Renders the colour camera at a quarter of `times` (every fourth, at least one) along `capture`'s walk,
    /// one row band, in order (auto exposure carried along), as a capture does: shaded, then exposed with
    /// motion blur along the poses at the start and the end of the exposure time when the camera moves.
    static func colorFrames(capture: SyntheticCapture, times: [Double]) -> ColorTiming {
        let renderer = ColorRenderer(scene: capture.scene)
        let chosen = Swift.stride(from: 0, to: times.count, by: 4).map { times[$0] }
        var exposure = AutoExposure()
        let clock = ContinuousClock()
        let cpuStart = threadCPUSeconds()
        let start = clock.now
        var checksum = 0, shadeCPU = 0.0, exposeCPU = 0.0, blurred = 0
        for (i, t) in chosen.enumerated() {
            var shutter: (start: RigidTransform, end: RigidTransform)? = nil
            if renderer.settings.motionBlur, let seconds = renderer.realisedExposure(exposure)?.seconds {
                shutter = (capture.truePose(at: max(0, t - seconds / 2)), capture.truePose(at: t + seconds / 2))
            }
            let moves = MotionBlur.moves(renderer: renderer, shutter: shutter, readout: nil)
            if moves { blurred += 1 }
            let before = threadCPUSeconds()
            let shaded = renderer.shade(poses: [capture.truePose(at: t)], inverseDepth: moves, bands: 1)
            let between = threadCPUSeconds()
            let image = renderer.expose(shaded, exposure: &exposure, noiseSeed: UInt64(i), shutter: shutter, bands: 1)
            let after = threadCPUSeconds()
            shadeCPU += between - before
            exposeCPU += after - between
            checksum &+= Int(image.rgb[image.rgb.count / 2])
        }
        let elapsed = clock.now - start
        let cpu = threadCPUSeconds() - cpuStart
        precondition(checksum >= 0)
        return ColorTiming(frames: chosen.count, width: renderer.intrinsics.width, height: renderer.intrinsics.height, blurred: blurred,
                           seconds: elapsed.inSeconds, cpuSeconds: cpu, shadeCPUSeconds: shadeCPU, exposeCPUSeconds: exposeCPU)
    }

    /// The calling thread's CPU time (user + system), seconds.
    private static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
