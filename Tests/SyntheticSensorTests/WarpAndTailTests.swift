import CaptureEngine
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
        c.warpPerSquareMeter = 0
        c.frameScale = 0
        c.frameOffsetMeters = 0
        c.tailMaximumConfidence = -1
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
        settings.correlated.warpPerSquareMeter = 0.004
        settings.correlated.warpCellPixels = 48
        let renderer = TestScenes.renderer(rooms: [Self.room], settings: settings)
        // The field's value per pixel: (depth - 3) / (warpPerSquareMeter * 3^2).
        var squares = 0.0, count = 0
        var near: ([Double], [Double]) = ([], []), far: ([Double], [Double]) = ([], []), later: ([Double], [Double]) = ([], [])
        for seed in 0..<24 {
            let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1, frameIndex: 0, sequenceSeed: UInt64(seed))
            let next = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 2, frameIndex: 1, sequenceSeed: UInt64(seed))
            let w = map.width
            func field(_ m: DepthMap, _ i: Int) -> Double { (Double(m.depth[i]) - 3) / (0.004 * 9) }
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

    /// The relative depth errors of a wall at 3 m whose pixels are all at confidence `level` (0 or 2),
    /// over a few sequences, with the default tails.
    static func tailErrors(allAtConfidence level: UInt8) -> [Double] {
        var settings = Self.quiet
        settings.correlated.tailMaximumConfidence = CorrelatedErrorSettings().tailMaximumConfidence
        settings.correlated.reliabilityMean = level == 0 ? 20 : -20
        settings.correlated.border = 0
        let renderer = TestScenes.renderer(rooms: [Self.room], settings: settings)
        var out: [Double] = []
        for seed in 0..<16 {
            let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1, frameIndex: 0, sequenceSeed: UInt64(seed))
            for i in map.depth.indices where map.confidence[i] == level { out.append(Double(map.depth[i]) / 3 - 1) }
        }
        return out
    }

    @Test func lowConfidenceDepthHasPatchesWrongByDecimetresToMetres() {
        let errors = Self.tailErrors(allAtConfidence: 0)
        #expect(errors.count > 100_000)
        let wrong = errors.filter { abs($0) > 0.01 }
        // Every pixel of a patch is off by at least exp(tailMinimum) - 1 (30 cm at 3 m) ...
        #expect(wrong.allSatisfy { $0 >= exp(0.1) - 1 - 0.002 || $0 <= exp(-0.1) - 1 + 0.002 })
        // ... the patches cover the documented share of the image (P(field > 0.15), about 41 %) ...
        let share = Double(wrong.count) / Double(errors.count)
        #expect(share > 0.33 && share < 0.49, "share \(share)")
        // ... and a twentieth of the pixels are off by a metre or more at 3 m.
        let p95 = errors.map { abs($0) * 3 }.sorted()[errors.count * 95 / 100]
        #expect(p95 > 1, "p95 \(p95) m")
    }

    @Test func highConfidenceDepthHasNoTails() {
        let errors = Self.tailErrors(allAtConfidence: 2)
        #expect(errors.count > 100_000)
        #expect(errors.allSatisfy { abs($0) < 0.001 })
    }
}
