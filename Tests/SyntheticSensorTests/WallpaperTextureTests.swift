import CColorShading
import Testing
@testable import SyntheticSensor

/// The wallpaper's printed repeat (0.8 m: four stripes of eight motifs): each motif drawn differently, so
/// that a feature tracker does not take a motif for its neighbour along the wall.
@Suite struct WallpaperTextureTests {
    /// The outline of each of the 32 motifs in the repeat (the texels whose red differs from the cell's
    /// median by more than 12 codes: the motif and the stripes' dark bands, not the paper's faint grain)
    /// is unlike every other's.
    @Test func theThirtyTwoMotifsOfTheRepeatAreAllDrawnDifferently() {
        let texels = SurfaceTexture.wallpaper.texels()
        let n = SurfaceTexture.size, cellWidth = n / 4, cellHeight = n / 8
        var outlines = Set<[Bool]>()
        for cellV in 0..<8 {
            for cellU in 0..<4 {
                var red: [Int] = []
                for y in 0..<cellHeight {
                    for x in 0..<cellWidth {
                        let offset = ccolor_texel_offset(0, Int32(cellU * cellWidth + x), Int32(cellV * cellHeight + y))
                        red.append(Int(texels[Int(offset)] & 0xFF))
                    }
                }
                let median = red.sorted()[red.count / 2]
                outlines.insert(red.map { abs($0 - median) > 12 })
            }
        }
        #expect(outlines.count == 32)
    }
}
