import CColorShading
import TestSupport
import Testing
@testable import SyntheticSensor

/// The surface pass reads a texture trilinearly: between two mip levels it blends them by where the
/// pixel's footprint lies between their texel sizes, so a texture's fine detail fades smoothly as the
/// camera backs away instead of halving at a level's edge (issue 47: with one level a pixel, the finest
/// grain that SIFT keypoints sit on came and went between views).
@Suite struct MipFilteringTests {
    /// The fine detail of painted plaster (the spread of each pixel's factor less the mean of its four
    /// neighbours, over the mean factor) seen face on at 61 distances from 0.6 to 1.6 times the one where its
    /// level-1 texels fill a pixel: it falls by 15 % or more over the sweep (1.6 to 1.3 %), and changes by
    /// at most 15 % from one distance to the next, 1.6 % further (1-3 %; 10 % where the pixels fall exactly
    /// one level-1 texel apart, so that bilinear reads every texel at one phase). With one level a pixel it
    /// rose from 1.9 to 3.3 % as the texels shrank towards the level's edge and fell to 1.2 % there, in one
    /// step: the grain's contrast swung 2.7 times with every doubling of the distance.
    @Test func plastersFineDetailFadesSmoothlyWithDistance() throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        let renderer = ColorRenderer(scene: scene)
        let stride = Int(CCOLOR_SURFACE_RECORD)
        let records = renderer.appearance.records
        // A painted surface (plaster: a stationary grain with no printed edges).
        let plaster = try #require(SurfaceTexture.tiledIndex(.plaster))
        let wall = try #require((0..<(records.count / stride)).first {
            Int(Int32(bitPattern: records[$0 * stride + 15].bitPattern)) & Int(CCOLOR_TEXTURE_INDEX_MASK) == plaster
        })
        func vector(_ at: Int) -> SIMD3<Float> { SIMD3(records[wall * stride + at], records[wall * stride + at + 1], records[wall * stride + at + 2]) }
        let origin = vector(0), alongU = vector(4), alongV = vector(8), normal = vector(12)
        let texelsPerMetre = records[wall * stride + 3]
        let width = 96, rows = 64, fx: Float = 530, cx: Float = 47.25, cy: Float = 31.75
        // The principal point off the pixel grid's half steps: at a whole number of texels a pixel, rays on
        // texel centres would read each texel alone, a coincidence no frame meets.
        // Face on, 1 mm in front of the patch's origin, so the rays' footprint has cosine 1 at the centre.
        let camera = origin + 0.001 * normal
        let levelOneFillsAPixel = 2 * fx / texelsPerMetre
        var details: [Double] = []
        for step in 0...60 {
            let depth = levelOneFillsAPixel * (0.6 + 1.0 * Float(step) / 60)
            var out = [Float](repeating: 1, count: rows * width * 3)
            let ids = [Int32](repeating: Int32(wall), count: rows * width)
            let best = [Float](repeating: 1 / depth, count: rows * width)
            renderer.appearance.withSurface(camera: camera, rayX: alongU / fx, rayY: alongV / fx,
                                            rayOrigin: -normal - alongU * (cx / fx) - alongV * (cy / fx), fx: fx, cx: cx, cy: cy,
                                            vignette: 0, inverseHalfDiagonalSquared: 0) { surface in
                ids.withUnsafeBufferPointer { i in
                    best.withUnsafeBufferPointer { b in
                        out.withUnsafeMutableBufferPointer { o in
                            ccolor_surface_rows(surface.pointer, 0, rows, width, width, b.baseAddress!, i.baseAddress!, o.baseAddress!, 0)
                        }
                    }
                }
            }
            func red(_ x: Int, _ y: Int) -> Double { Double(out[(y * width + x) * 3]) }
            var sum = 0.0, squares = 0.0, level = 0.0, count = 0.0
            for y in 1..<(rows - 1) {
                for x in 1..<(width - 1) {
                    let fine = red(x, y) - (red(x - 1, y) + red(x + 1, y) + red(x, y - 1) + red(x, y + 1)) / 4
                    sum += fine
                    squares += fine * fine
                    level += red(x, y)
                    count += 1
                }
            }
            details.append((squares / count - (sum / count) * (sum / count)).squareRoot() / (level / count))
        }
        let steps = zip(details, details.dropFirst()).map { abs($1 / $0 - 1) }
        #expect(details.last! < details.first! * 0.85, "detail \(details.first!) near, \(details.last!) far")
        #expect(steps.max()! < 0.15, "largest change between neighbouring distances \(steps.max()!)")
    }
}
