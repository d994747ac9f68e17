import CaptureEngine
import Foundation

/// `capture-sim bench render`: depth + confidence frames per second along a scene's scripted walk,
/// for the SIMD and scalar ray-casting paths, on one core and on several row bands.
public enum RenderBenchmark {
    /// One measured configuration.
    public struct Measurement: Sendable {
        public var path: RenderPath
        public var bands: Int
        public var frames: Int
        public var seconds: Double
        /// Frames per second.
        public var framesPerSecond: Double { Double(frames) / seconds }
    }

    /// Renders `frames` depth maps at poses spread over the scene's stream, once per configuration,
    /// and returns the measurements plus a checksum showing every configuration produced the same maps.
    public static func run(scene: Scene, frames: Int, bands: Int) -> (measurements: [Measurement], identical: Bool, report: String) {
        let capture = SyntheticCapture(scene: scene)
        let renderer = capture.depthRenderer
        let count = max(1, frames)
        let poses = (0..<count).map { capture.truePose(at: capture.duration * Double($0) / Double(count)) }
        let configurations: [(RenderPath, Int)] = [(.simd, bands), (.scalar, bands), (.simd, 1), (.scalar, 1)]
        var measurements: [Measurement] = []
        var checksums: [UInt64] = []
        let clock = ContinuousClock()
        for (path, bandCount) in configurations {
            var checksum: UInt64 = 0
            let start = clock.now
            for (i, pose) in poses.enumerated() {
                let map = renderer.render(cameraToWorld: pose, noiseSeed: UInt64(i), path: path, bands: bandCount)
                checksum = SeededRandom.hash(checksum ^ UInt64(map.depth[map.depth.count / 2].bitPattern) ^ UInt64(map.confidence[i % map.confidence.count]))
                for d in map.depth { checksum = checksum &* 31 &+ UInt64(d.bitPattern) }
            }
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            measurements.append(Measurement(path: path, bands: bandCount, frames: count, seconds: seconds))
            checksums.append(checksum)
        }
        let identical = Set(checksums).count == 1
        var lines = ["render benchmark: scene \(scene.name), \(renderer.intrinsics.width)x\(renderer.intrinsics.height) depth + confidence, \(count) poses along the scripted walk"]
        for m in measurements {
            lines.append("  \(m.path.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(m.bands) band(s): \(NumberFormatting.fixed(m.framesPerSecond, decimals: 0)) frames/s")
        }
        let simd = measurements[0].framesPerSecond, scalar = measurements[1].framesPerSecond
        lines.append("  SIMD gain over scalar (\(bands) bands): \(NumberFormatting.fixed(simd / scalar, decimals: 2))x")
        lines.append("  outputs identical across paths and bands: \(identical ? "yes" : "NO")")
        return (measurements, identical, lines.joined(separator: "\n"))
    }
}
