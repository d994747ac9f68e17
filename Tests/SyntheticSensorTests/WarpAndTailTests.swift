import CaptureEngine
import CDepthShading
import Foundation
import Testing
@testable import SyntheticSensor

/// The correlated model's warp field and heavy tails (docs/scene-format.md, `lidar.correlated`), each
/// measured alone on a wall 3 m ahead.
@Suite struct WarpAndTailTests {
    /// The correlated model with every error term off.
    static var quiet: LiDARSettings {
        var s = LiDARSettings()
        s.errorModel = .correlated
        var c = CorrelatedErrorSettings()
        c.coarsePerMeterToOneAndAHalf = 0
        c.finePerSquareMeter = 0
        c.whitePerSquareMeter = 0
        c.warpPerMeter = 0
        c.frameScale = 0
        c.frameOffsetMeters = 0
        c.tailMinimum = 0
        c.tailLogSpread = 0
        s.correlated = c
        return s
    }

    /// A wall 3 m ahead filling the view.
    static let room = Room(name: "Test", floor: [SIMD2(10, -3), SIMD2(-10, -3), SIMD2(-10, 4), SIMD2(10, 4)], wallHeight: 4)

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let ma = a.reduce(0, +) / Double(a.count), mb = b.reduce(0, +) / Double(b.count)
        var ab = 0.0, aa = 0.0, bb = 0.0
        for i in a.indices {
            ab += (a[i] - ma) * (b[i] - mb)
            aa += (a[i] - ma) * (a[i] - ma)
            bb += (b[i] - mb) * (b[i] - mb)
        }
        return ab / (aa * bb).squareRoot()
    }

    @Test func theWarpHasItsDocumentedAmplitudeAndCorrelationLength() {
        var settings = Self.quiet
        settings.correlated.warpPerMeter = 0.012
        settings.correlated.warpCellPixels = 48
        let renderer = TestScenes.renderer(rooms: [Self.room], settings: settings)
        // The field's value per pixel: (depth - 3) / (warpPerMeter * 3).
        var squares = 0.0, count = 0
        var near: ([Double], [Double]) = ([], []), far: ([Double], [Double]) = ([], []), later: ([Double], [Double]) = ([], [])
        for seed in 0..<24 {
            let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1, frameIndex: 0, sequenceSeed: UInt64(seed))
            let next = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 2, frameIndex: 1, sequenceSeed: UInt64(seed))
            let w = map.width
            func field(_ m: DepthMap, _ i: Int) -> Double { (Double(m.depth[i]) - 3) / (0.012 * 3) }
            for y in 0..<map.height {
                for x in 0..<w {
                    let i = y * w + x
                    squares += field(map, i) * field(map, i)
                    count += 1
                    later.0.append(field(map, i)); later.1.append(field(next, i))
                    if x + 24 < w { near.0.append(field(map, i)); near.1.append(field(map, i + 24)) }
                    if x + 96 < w { far.0.append(field(map, i)); far.1.append(field(map, i + 96)) }
                }
            }
        }
        // Bilinear value noise of unit nodes: RMS 2/3 of the node standard deviation; correlation 0.72 half
        // a cell apart, none two cells apart; one frame later nearly the same field.
        let rms = (squares / Double(count)).squareRoot()
        #expect(abs(rms / (2.0 / 3) - 1) < 0.15, "RMS \(rms)")
        #expect(abs(Self.correlation(near.0, near.1) - 0.72) < 0.1)
        #expect(abs(Self.correlation(far.0, far.1)) < 0.12)
        #expect(Self.correlation(later.0, later.1) > 0.98)
    }

    /// The warp grows with depth up to `warpGrowthEndMeters` and no further, linearly (`warpPerMeter`)
    /// or, by `warpQuadraticShare` q, with its square: the same wall seen from 1.5 m, 3 m and 4.5 m (same
    /// sequence and frame) shows the same field (the warp lives in image coordinates) at 1.5 / 3
    /// ((1 - q) + q 1.5 / 3) of the depth error at 3 m (a half when linear, a quarter when quadratic), and
    /// with a growth that ends at 3 m, the same error at 4.5 m as at 3 m.
    @Test(arguments: [(Float(0), 0.5), (0.5, 0.375), (1, 0.25)])
    func theWarpGrowsWithDepthByItsCurveUpToItsEnd(quadraticShare: Float, nearRatio: Double) {
        var settings = Self.quiet
        settings.correlated.warpPerMeter = 0.012
        settings.correlated.warpGrowthEndMeters = 3
        settings.correlated.warpQuadraticShare = quadraticShare
        // The wall 3 m ahead; the camera at 1.5 m from it, and 4.5 m (the room is 7 m deep behind it).
        let room = Room(name: "Test", floor: [SIMD2(10, -3), SIMD2(-10, -3), SIMD2(-10, 6), SIMD2(10, 6)], wallHeight: 5)
        let renderer = TestScenes.renderer(rooms: [room], settings: settings)
        let camera = TestScenes.levelCamera
        func errors(movedBack metres: Double) -> [Double] {
            let pose = RigidTransform(rotation: camera.rotation, translation: camera.translation + SIMD3(0, 0, metres))
            let map = renderer.render(cameraToWorld: pose, noiseSeed: 1, frameIndex: 0, sequenceSeed: 7)
            // The middle half of the rows: only the wall, from every distance (the floor comes into the
            // bottom rows at 4.5 m).
            return (map.height / 4..<(3 * map.height / 4)).flatMap { y in
                (0..<map.width).map { x in Double(map.depth[y * map.width + x]) - (3 + metres) }
            }
        }
        let near = errors(movedBack: -1.5), middle = errors(movedBack: 0), far = errors(movedBack: 1.5)
        func rms(_ v: [Double]) -> Double { (v.map { $0 * $0 }.reduce(0, +) / Double(v.count)).squareRoot() }
        #expect(Self.correlation(middle, near) > 0.98)
        #expect(Self.correlation(middle, far) > 0.98)
        #expect(abs(rms(near) / rms(middle) - nearRatio) < 0.03, "RMS \(rms(near)) m at 1.5 m, \(rms(middle)) m at 3 m")
        #expect(abs(rms(far) / rms(middle) - 1) < 0.03, "RMS \(rms(far)) m at 4.5 m, \(rms(middle)) m at 3 m")
    }

    /// A wall at 3 m seen with the default tails and nothing else: every pixel at confidence 2 but where
    /// the tails lower it. The maps of a few sequences.
    static func tailMaps() -> [DepthMap] {
        var settings = Self.quiet
        let defaults = CorrelatedErrorSettings()
        settings.correlated.tailMinimum = defaults.tailMinimum
        settings.correlated.tailLogSpread = defaults.tailLogSpread
        settings.correlated.reliabilityMean = -20
        settings.correlated.border = 0
        let renderer = TestScenes.renderer(rooms: [Self.room], settings: settings)
        return (0..<24).map { seed in
            renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1, frameIndex: 0, sequenceSeed: UInt64(seed))
        }
    }

    @Test func tailsArePatchesWrongByDecimetresToMetresMarkedLowWithoutADepthEdge() {
        var low: [Double] = [], medium = 0, high: [Double] = [], steepest = 0.0
        for map in Self.tailMaps() {
            for y in 0..<map.height {
                for x in 0..<map.width {
                    let i = y * map.width + x, relative = Double(map.depth[i]) / 3 - 1
                    switch map.confidence[i] {
                    case 0: low.append(relative)
                    case 1: medium += 1
                    default: high.append(relative)
                    }
                    if x + 1 < map.width {
                        let a = Double(map.depth[i]), b = Double(map.depth[i + 1])
                        steepest = max(steepest, abs(a - b) / min(a, b))
                    }
                }
            }
        }
        let all = Double(low.count + medium + high.count)
        // Outside the patches the depth is exact; the patches' cores (a > tailLowAmount) are confidence 0,
        // and a twentieth of them is off by a metre or more at 3 m.
        #expect(high.allSatisfy { abs($0) < 0.001 })
        let share = Double(low.count) / all
        #expect(share > 0.01 && share < 0.15, "confidence-0 share \(share)")
        #expect(Double(medium) / all > 0.01)
        let p95 = low.map { abs($0) * 3 }.sorted()[low.count * 95 / 100]
        #expect(p95 > 1, "p95 \(p95) m")
        // Smooth: no 5 % jump between neighbours, so no depth edge.
        #expect(steepest < 0.05, "steepest step \(steepest)")
    }

    /// The C tails kernel (`.simde`) against the Swift loop (`.scalar`): the same maps, on the default
    /// model (tails and every other term) over frames where the tail patches come and go.
    @Test func theTailsKernelGivesTheSwiftLoopsMaps() {
        var settings = LiDARSettings()
        settings.errorModel = .correlated
        let renderer = TestScenes.renderer(rooms: [Self.room], settings: settings)
        var tailPixels = 0
        for frame in Swift.stride(from: 0, to: 240, by: 16) {
            let simde = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: UInt64(frame), frameIndex: frame,
                                        sequenceSeed: 4, path: .simde)
            let scalar = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: UInt64(frame), frameIndex: frame,
                                         sequenceSeed: 4, path: .scalar)
            #expect(simde.depth.map(\.bitPattern) == scalar.depth.map(\.bitPattern), "frame \(frame)")
            #expect(simde.confidence == scalar.confidence, "frame \(frame)")
            tailPixels += simde.depth.filter { $0 > 0 && $0 < 2.9 }.count
        }
        #expect(tailPixels > 1000, "only \(tailPixels) pixels pulled nearer")
    }

    /// The kernel's exponential, rounded to float, equals libm's double `exp` rounded to float: every
    /// 997th float of [-104, 89] (all 2.2 billion agreed when the kernel was written), and the edges.
    @Test func theTailsKernelsExponentialEqualsLibmsRoundedToFloat() {
        var inputs: [Float] = [0, -0, 1e-30, -1e-30, .leastNonzeroMagnitude, -700, 700, -701, 701, -745, 710, -1e30,
                               .infinity, -.infinity, .nan, 88.72, 88.73, -103.97, -87.34]
        for bits in Swift.stride(from: UInt32(0), through: Float(89).bitPattern, by: 997) { inputs.append(Float(bitPattern: bits)) }
        for bits in Swift.stride(from: UInt32(0x8000_0000), through: Float(-104).bitPattern, by: 997) { inputs.append(Float(bitPattern: bits)) }
        var out = [Float](repeating: 0, count: inputs.count)
        cdepth_exp_to_float(inputs, inputs.count, &out)
        var mismatches: [Float] = []
        for (x, y) in zip(inputs, out) where y.bitPattern != Float(exp(Double(x))).bitPattern && !(x.isNaN && y.isNaN) {
            mismatches.append(x)
        }
        #expect(inputs.count > 2_000_000)
        #expect(mismatches.isEmpty, "\(mismatches.count) inputs differ, first \(mismatches.prefix(5))")
    }
}
