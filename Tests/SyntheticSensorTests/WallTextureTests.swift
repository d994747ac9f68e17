import CColorShading
import TestSupport
import Testing
@testable import SyntheticSensor

/// The wall textures a feature tracker leans on: the wallpaper's printed repeat (0.8 m: four stripes of
/// eight motifs), each motif drawn differently so that a tracker does not take one for its neighbour along
/// the wall, and the pictures, painted with hard edges so that a picture seen from close by has corners.
@Suite struct WallTextureTests {
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

    /// Issue 47: every framed picture showed the same painting and feature matching paired the clones.
    /// The apartment's pictures now each show their own (an atlas entry of their own), and the paintings
    /// differ texel by texel.
    @Test func noTwoPicturesOfTheApartmentShowTheSamePainting() throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        let renderer = ColorRenderer(scene: scene)
        let record = Int(CCOLOR_SURFACE_RECORD)
        let records = renderer.appearance.records
        let indices = stride(from: 0, to: records.count, by: record).map { Int(Int32(bitPattern: records[$0 + 15].bitPattern)) }
        let pictureRange = SurfaceTexture.allCases.count..<(SurfaceTexture.allCases.count + SurfaceTexture.pictureVariants - 1)
        let pictures = indices.filter { $0 == Int(SurfaceTexture.picture.rawValue) || pictureRange.contains($0) }
        #expect(pictures.count >= 8)
        #expect(pictures.count <= SurfaceTexture.pictureVariants)
        #expect(Set(pictures).count == pictures.count)
        let first = SurfaceTexture.picture.texels(), second = SurfaceTexture.picture.texels(variant: 1)
        let differing = zip(first, second).filter { $0 != $1 }.count
        #expect(Double(differing) > 0.5 * Double(first.count))
    }

    /// Issue 47: a wall showed one 0.8 m pattern over and over, and feature matching paired walls of
    /// different rooms. Walls, ceilings and floors now draw each 256-texel tile from eight variants: two
    /// tiles that show the same variant lie at least 2.26 m apart (two tiles each way), every apartment
    /// wall's texture is tiled, papered rooms in turn take designs of their own, and the variants differ.
    @Test func noWallTextureRepeatsWithinTwoMetres() throws {
        let metres: Float = 0.8  // the smallest wall or floor texture's side (wallpaper, planks; plaster 1 m)
        for phase in 0..<8 {
            let texture = Int32(Int(CCOLOR_TEXTURE_TILED) | phase << 24)
            for tu in -4..<4 {
                for tv in -4..<4 {
                    for du in -3...3 {
                        for dv in -3...3 where du != 0 || dv != 0 {
                            let distance = (Float(du * du + dv * dv)).squareRoot() * metres
                            guard distance < 2 else { continue }
                            #expect(ccolor_tile_variant(texture, Int32(tu), Int32(tv)) != ccolor_tile_variant(texture, Int32(tu + du), Int32(tv + dv)),
                                    "tiles (\(tu), \(tv)) and (\(tu + du), \(tv + dv)), phase \(phase)")
                        }
                    }
                }
            }
        }

        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        let renderer = ColorRenderer(scene: scene)
        let record = Int(CCOLOR_SURFACE_RECORD)
        let records = renderer.appearance.records
        let geometry = SceneGeometry(scene: scene)
        for (index, patch) in geometry.patches.enumerated() where patch.role == .wall && patch.material.kind != .mirror && patch.material.kind != .glass {
            let bits = Int(Int32(bitPattern: records[index * record + 15].bitPattern))
            #expect(bits & Int(CCOLOR_TEXTURE_TILED) != 0, "wall patch \(index)")
        }
        let papered = scene.rooms.indices.filter { SurfaceAppearance.wallpapered(room: $0) }
        #expect(Set(papered.map { SurfaceAppearance.wallpaperDesign(room: $0) }).count == papered.count)

        for texture in SurfaceTexture.tiledTextures {
            let tiles = (0..<SurfaceTexture.tileVariants).map { texture.texels(variant: UInt32($0)) }
            for a in tiles.indices {
                for b in tiles.indices where b > a {
                    let differing = zip(tiles[a], tiles[b]).filter { $0 != $1 }.count
                    #expect(Double(differing) > 0.3 * Double(tiles[a].count), "\(texture) tiles \(a) and \(b): \(differing)")
                }
            }
        }
    }

    /// Inside the mat, the painting has hard edges: at least 1 % of its neighbouring texel pairs differ by
    /// more than 40 codes in some channel (2.3 % now; the soft blobs it had before: none).
    @Test func aPictureIsPaintedWithHardEdges() {
        let texels = SurfaceTexture.picture.texels()
        let n = SurfaceTexture.size
        func texel(_ x: Int, _ y: Int) -> UInt32 { texels[Int(ccolor_texel_offset(0, Int32(x), Int32(y)))] }
        func step(_ a: UInt32, _ b: UInt32) -> Int {
            (0..<3).map { abs(Int((a >> (8 * UInt32($0))) & 0xFF) - Int((b >> (8 * UInt32($0))) & 0xFF)) }.max()!
        }
        let inside = (n * 12 / 100)..<(n * 88 / 100)
        var pairs = 0, hard = 0
        for y in inside {
            for x in inside.dropLast() {
                pairs += 1
                if step(texel(x, y), texel(x + 1, y)) > 40 { hard += 1 }
            }
        }
        #expect(Double(hard) > 0.01 * Double(pairs), "\(hard) of \(pairs)")
    }
}

/// The texture memory layout (`ccolor_texel_offset`, `ccolor_texture_level_start`): every texel of every
/// mip level has a place of its own inside the texture's `CCOLOR_TEXTURE_TEXELS`, the levels in order.
@Suite struct TextureLayoutTests {
    @Test func everyTexelOfEveryLevelHasItsOwnPlaceInsideItsLevel() {
        var taken = [Bool](repeating: false, count: Int(CCOLOR_TEXTURE_TEXELS))
        for level in 0..<Int32(CCOLOR_TEXTURE_LEVELS) {
            let side = Int32(1 << (Int(CCOLOR_TEXTURE_LOG2) - Int(level)))
            let start = ccolor_texture_level_start(level)
            let end = level + 1 < Int32(CCOLOR_TEXTURE_LEVELS) ? ccolor_texture_level_start(level + 1) : Int32(CCOLOR_TEXTURE_TEXELS)
            #expect(end - start >= side * side, "level \(level) holds \(end - start) places for \(side * side) texels")
            var clashes = 0, outside = 0
            for v in 0..<side {
                for u in 0..<side {
                    let offset = ccolor_texel_offset(level, u, v)
                    guard offset >= start, offset < end else { outside += 1; continue }
                    if taken[Int(offset)] { clashes += 1 }
                    taken[Int(offset)] = true
                }
            }
            #expect(clashes == 0 && outside == 0, "level \(level): \(clashes) texels share a place, \(outside) lie outside the level")
        }
    }
}
