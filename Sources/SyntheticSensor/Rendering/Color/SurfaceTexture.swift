import CColorShading
import Foundation

/// The colour camera's procedural surface textures: what a material looks like up close. Each is a
/// tileable 256x256 pattern of colour factors around 1 (multiplied into the shaded albedo), generated once
/// from fixed seeds (the same bytes on every machine), with its mip levels (2x2 box filter down to 1x1) so
/// that a distant surface reads the average of what it covers instead of shimmering.
///
/// Which texture a surface gets, at which scale and with which per-object offset and tint, is
/// ``SurfaceAppearance``'s choice. The patterns are this project's guesses at typical interior finishes
/// (docs/scene-format.md, "Surfaces"), not measurements.
public enum SurfaceTexture: Int32, Sendable, CaseIterable {
    /// No pattern (glass, mirrors, black screens): factor 1 everywhere.
    case flat
    /// Painted plaster: faint low-frequency light variation and a fine grain.
    case plaster
    /// Painted wood trim: brush strokes along u.
    case paint
    /// Wallpaper: a printed pattern of stripes and small motifs.
    case wallpaper
    /// Curtain fabric: vertical folds (along v) over a weave.
    case curtain
    /// A panel radiator's vertical ribs.
    case radiator
    /// Wood: grain lines along the texture's u axis, pores, darker late wood.
    case wood
    /// Floor planks: four planks across v with staggered joints, each its own tone, grain along u.
    case planks
    /// Ceramic tiles, 2 x 2 per texture, with grout lines.
    case tiles
    /// Woven fabric: a fine weave and slow dye variation.
    case fabric
    /// Carpet: dense fine noise.
    case carpet
    /// Stone or brick: mottled multi-scale noise.
    case stone
    /// Book spines and printed covers: title bands and rows of letter marks.
    case printed
    /// A framed picture: a dark frame, a light mat and a colourful image.
    case picture
    /// Brushed metal: fine streaks along u.
    case brushed
    /// Leaves: veins and mottling.
    case leaf
    /// Cardboard and paper: fibres and a few printed marks.
    case paper
    /// A wall socket's plate: bevelled edge, two holes.
    case socket
    /// A light switch's plate with its rocker.
    case lightSwitch
    /// Printed bedding: a check of broad bands in two tones, small scattered flowers, the weave under it.
    case bedding

    /// Texels per texture (every level), as the C kernel lays them out.
    static let texelsPerTexture = Int(CCOLOR_TEXTURE_TEXELS)
    /// Side of level 0, texels.
    static let size = 1 << Int(CCOLOR_TEXTURE_LOG2)

    /// Paintings of their own: a scene's framed pictures take these in turn (``atlasIndex(_:variant:)``),
    /// so no two of the first 24 show the same painting (issue 47: every picture was one painting, and
    /// feature matching paired the clones).
    static let pictureVariants = 24

    /// The textures drawn tile by tile from ``tileVariants`` variants (CColorSurface.h,
    /// `CCOLOR_TEXTURE_TILED`): those a wall or floor shows over metres, so that no 256-texel pattern
    /// repeats within 2 m (issue 47: the wallpaper's 0.8 m repeat paired walls of different rooms in
    /// feature matching), and those many objects share, so that two shelves or two boxes show different
    /// wood or print, not the same 256 texels at another offset (issue 47: a tenth of COLMAP's verified
    /// pairs contradicted the true geometry, their wrong matches clutter to clutter, shelf to shelf, wall to
    /// wall and floor to floor; tiling the objects' textures halved them). Curtains, radiators and ceramic
    /// tiles keep one pattern: their folds, ribs and grout would break at a tile's edge.
    static let tiledTextures: [SurfaceTexture] = [.plaster, .wallpaper, .planks, .wood, .paper, .printed, .fabric, .leaf, .stone,
                                                  .carpet, .brushed, .bedding, .paint]

    /// How much stronger than drawn each pattern's deviation from factor 1 is (paintings excepted: their
    /// colours are their own). The patterns were drawn too faint: against the real phone photo
    /// (`../shared/realism/phone-photo.jpg`, docs/camera-realism.md) the apartment's images were low on
    /// every measure of detail (median Laplacian variance 490 against 847, edge pixels 7.1 % against 13.6 %,
    /// ORB features 1,691 against 1,972, SIFT keypoint strength, OpenCV's DoG response, median 0.010-0.017
    /// against 0.025), and faint features are the ones sensor noise, blur, sharpening and JPEG move from
    /// frame to frame. Doubled they come to 752, 13.3 %, 1,842 (a guess fitted to one photo and to COLMAP's
    /// matches, issue 47).
    static let patternContrast: Float = 2
    /// Variants a tiled texture draws its tiles from.
    static let tileVariants = Int(CCOLOR_TILE_VARIANTS)
    /// Wallpaper designs (each ``tileVariants`` tiles): papered rooms take them in turn.
    static let wallpaperDesigns = 4

    /// Designs of a tiled texture.
    static func designs(_ texture: SurfaceTexture) -> Int { texture == .wallpaper ? wallpaperDesigns : 1 }

    /// Every texture's texels, in `SurfaceTexture` order, then the pictures' further paintings
    /// (variants 1..<``pictureVariants``), then each tiled texture's designs of ``tileVariants`` tiles,
    /// each as the C kernel reads it (levels in order, r | g << 8 | b << 16, 128 = factor 1). Built once
    /// (about 31 MB).
    static let atlas: [UInt32] = {
        var out: [UInt32] = []
        let tiled = tiledTextures.map { designs($0) * tileVariants }.reduce(0, +)
        out.reserveCapacity((allCases.count + pictureVariants - 1 + tiled) * texelsPerTexture)
        for texture in allCases { out += texture.texels() }
        for variant in 1..<pictureVariants { out += SurfaceTexture.picture.texels(variant: UInt32(variant)) }
        for texture in tiledTextures {
            for variant in 0..<(designs(texture) * tileVariants) { out += texture.texels(variant: UInt32(variant)) }
        }
        return out
    }()

    /// The atlas index of the first tile of `texture`'s `design` (modulo its designs), or nil when the
    /// texture is not tiled.
    static func tiledIndex(_ texture: SurfaceTexture, design: Int = 0) -> Int? {
        var start = allCases.count + pictureVariants - 1
        for candidate in tiledTextures {
            if candidate == texture { return start + (design % designs(candidate)) * tileVariants }
            start += designs(candidate) * tileVariants
        }
        return nil
    }

    /// The atlas index of `texture`'s `variant` (only pictures have variants; variant 0 is the texture's own).
    static func atlasIndex(_ texture: SurfaceTexture, variant: Int = 0) -> Int {
        guard texture == .picture, variant % pictureVariants != 0 else { return Int(texture.rawValue) }
        return allCases.count + variant % pictureVariants - 1
    }

    /// This texture's texels with its mip levels (`variant`: a picture's painting, a tiled texture's tile:
    /// design * ``tileVariants`` + tile).
    func texels(variant: UInt32 = 0) -> [UInt32] {
        let n = Self.size
        var level = [SIMD3<Float>](repeating: SIMD3(repeating: 1), count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                let f = factor(u: (Float(x) + 0.5) / Float(n), v: (Float(y) + 0.5) / Float(n), x: x, y: y, variant: variant)
                level[y * n + x] = self == .picture ? f : 1 + Self.patternContrast * (f - 1)
            }
        }
        // Each level in the kernel's tiled layout (`ccolor_texel_offset`); unused padding stays 0.
        var out = [UInt32](repeating: 0, count: Self.texelsPerTexture)
        var side = n, levelIndex: Int32 = 0
        while true {
            for y in 0..<side {
                for x in 0..<side {
                    func code(_ v: Float) -> UInt32 { UInt32(max(0, min(255, (v * 128).rounded()))) }
                    let f = level[y * side + x]
                    out[Int(ccolor_texel_offset(levelIndex, Int32(x), Int32(y)))] = code(f.x) | code(f.y) << 8 | code(f.z) << 16
                }
            }
            levelIndex += 1
            guard side > 1 else { break }
            let half = side / 2
            var next = [SIMD3<Float>](repeating: .zero, count: half * half)
            for y in 0..<half {
                for x in 0..<half {
                    let top: Int = 2 * y * side + 2 * x
                    let bottom: Int = top + side
                    let sum: SIMD3<Float> = level[top] + level[top + 1] + level[bottom] + level[bottom + 1]
                    next[y * half + x] = sum * 0.25
                }
            }
            level = next
            side = half
        }
        return out
    }

    /// The wallpaper motifs' centre colours.
    private static let motifCentres: [SIMD3<Float>] = [SIMD3(0.6, 0.72, 0.7), SIMD3(0.75, 0.6, 0.62), SIMD3(0.62, 0.66, 0.8),
                                                       SIMD3(0.8, 0.74, 0.55), SIMD3(0.55, 0.6, 0.5)]
    /// The bedding's flower colours: rose, blue, sage.
    private static let flowerColours: [SIMD3<Float>] = [SIMD3(1.35, 0.75, 0.9), SIMD3(0.7, 0.9, 1.35), SIMD3(0.85, 1.2, 0.8)]
    /// The paintings' colours.
    private static let paintColours: [SIMD3<Float>] = [SIMD3(1.9, 0.35, 0.25), SIMD3(0.3, 0.6, 1.9), SIMD3(1.9, 1.5, 0.3),
                                                       SIMD3(0.35, 1.3, 0.45), SIMD3(0.2, 0.2, 0.3), SIMD3(1.8, 1.8, 1.7),
                                                       SIMD3(1.2, 0.5, 1.5)]

    /// The colour factor at texture coordinates (u, v) in 0..<1 (texel (x, y) of level 0).
    private func factor(u: Float, v: Float, x: Int, y: Int, variant: UInt32 = 0) -> SIMD3<Float> {
        let seed = UInt32(rawValue) &* 0x9E37_79B9 &+ variant &* 0x85EB_CA6B
        switch self {
        case .flat:
            return SIMD3(repeating: 1)
        case .plaster:
            // The slow light variation is every tile's (a tile's edge joins its neighbour's); the grain is
            // the tile's own.
            let shared = UInt32(rawValue) &* 0x9E37_79B9
            let f = 1 + 0.04 * Noise.fbm(u, v, cells: 4, octaves: 4, seed: shared) + 0.04 * Noise.value(u, v, cells: 128, seed: seed &+ 7)
                + 0.04 * Noise.value(u, v, cells: 256, seed: seed &+ 9)
            return SIMD3(repeating: f)
        case .paint:
            let f = 1 + 0.04 * Noise.value(u, v, cellsU: 8, cellsV: 128, seed: seed) + 0.025 * Noise.value(u, v, cells: 256, seed: seed &+ 1)
            return SIMD3(repeating: f)
        case .wood:
            return Self.wood(u: u, v: v, seed: seed, rings: 40)
        case .wallpaper:
            // Four stripes across u, each with a column of motifs every 1/8 of v. The 32 motifs of the
            // 0.8 m repeat are drawn differently, as a printed floral repeat's are: each its own shape (a
            // four-pointed star, a diamond or a disc: the L^p ball for p 0.6, 1, 2), size, place in its
            // cell and colour, so neighbouring motifs are not one feature to a tracker.
            // A design (variant / tileVariants) has its own stripes and motif colours; its tiles share
            // them, so that they join, and draw their own motifs.
            let design = Int(variant) / Self.tileVariants
            let cellU = Int(u * 4), cellV = Int(v * 8)
            let su = (u * 4).truncatingRemainder(dividingBy: 1), sv = (v * 8).truncatingRemainder(dividingBy: 1)
            let (wide, narrow): (Float, Float) = [(0.08, 0.04), (0.03, 0), (0.14, 0.02), (0.05, 0.05)][design % 4]
            let stripe: Float = su < wide || (su > 0.5 && su < 0.5 + narrow) ? 0.8 : 1.04
            let shape = Noise.hash(cellU, cellV, seed &+ 21), size = Noise.hash(cellU, cellV, seed &+ 22)
            let du = abs(su - 0.27 - 0.05 * (Noise.hash(cellU, cellV, seed &+ 23) - 0.5)) * 3
            let dv = abs(sv - 0.5 - 0.16 * (Noise.hash(cellU, cellV, seed &+ 24) - 0.5))
            let power: Float = shape < 0.34 ? 0.6 : shape < 0.67 ? 1 : 2
            let distance = power == 1 ? du + dv : power == 2 ? (du * du + dv * dv).squareRoot()
                : pow(pow(du, power) + pow(dv, power), 1 / power)
            let outer: Float = 0.27 + 0.12 * size, inner = outer * (0.45 + 0.25 * Noise.hash(cellU, cellV, seed &+ 25))
            let centre = Self.motifCentres[(Int(Noise.hash(cellU, cellV, seed &+ 26) * 3) + design) % Self.motifCentres.count]
            let motif: SIMD3<Float> = distance < inner ? centre : distance < outer ? SIMD3(1.2, 1.12, 0.95) : SIMD3(repeating: 1)
            return motif * stripe * (1 + 0.03 * Noise.value(u, v, cells: 256, seed: seed))
        case .curtain:
            let fold = 0.5 + 0.5 * cos(2 * Float.pi * (u * 6 + 0.15 * Noise.fbm(u, v, cells: 2, octaves: 2, seed: seed)))
            let weave: Float = ((x >> 1) ^ (y >> 1)) & 1 == 0 ? 1.04 : 0.96
            return SIMD3(repeating: (0.62 + 0.55 * fold) * weave)
        case .radiator:
            let rib = 0.5 + 0.5 * cos(2 * Float.pi * u * 12)
            return SIMD3(repeating: 0.62 + 0.5 * rib * rib)
        case .planks:
            let plank = Int(v * 4)
            let offset = Noise.hash(plank, 0, seed) * 0.9
            let along = (u + offset).truncatingRemainder(dividingBy: 1)
            let piece = Int((u + offset) * 1) &+ plank &* 7
            let tone: Float = 0.82 + 0.36 * Noise.hash(piece, plank, seed &+ 3)
            // A joint at the tile's edge too: the next tile's planks are its own.
            let edgeV = abs(v * 4 - (v * 4).rounded()) * 64, edgeU = min(min(along, 1 - along), min(u, 1 - u)) * 256
            let gap: Float = edgeV < 1.2 || edgeU < 1.2 ? 0.45 : 1
            return Self.wood(u: u + offset, v: v * 4, seed: seed &+ UInt32(plank), rings: 5) * (tone * gap)
        case .tiles:
            let tu = u * 2, tv = v * 2
            let edge = min(abs(tu - tu.rounded()), abs(tv - tv.rounded())) * 128
            if edge < 2.5 { return SIMD3(0.62, 0.62, 0.64) * (1 + 0.1 * Noise.value(u, v, cells: 128, seed: seed)) }
            let tone = 0.95 + 0.1 * Noise.hash(Int(tu), Int(tv), seed)
            let speck = 0.05 * Noise.value(u, v, cells: 256, seed: seed &+ 1) + 0.04 * Noise.fbm(u, v, cells: 8, octaves: 3, seed: seed &+ 2)
            return SIMD3(repeating: tone + speck)
        case .fabric:
            let weave: Float = ((x >> 1) ^ (y >> 1)) & 1 == 0 ? 1.07 : 0.93
            let f = weave * (1 + 0.08 * Noise.fbm(u, v, cells: 4, octaves: 3, seed: seed) + 0.06 * Noise.value(u, v, cells: 256, seed: seed &+ 5))
            return SIMD3(f, f, f * 1.01)
        case .carpet:
            let f = 1 + 0.16 * Noise.value(u, v, cells: 256, seed: seed) + 0.1 * Noise.value(u, v, cells: 64, seed: seed &+ 1)
                + 0.06 * Noise.fbm(u, v, cells: 4, octaves: 2, seed: seed &+ 2)
            return SIMD3(repeating: f)
        case .stone:
            let f = 1 + 0.22 * Noise.fbm(u, v, cells: 8, octaves: 5, seed: seed)
            let g = 0.06 * Noise.fbm(u, v, cells: 4, octaves: 2, seed: seed &+ 11)
            return SIMD3(f + g, f, f - g)
        case .printed:
            // Title bands across u and rows of letter marks; each 1/8 of v its own kind.
            let row = Int(v * 8)
            let kind = Noise.hash(row, 1, seed)
            let cellU = Int(u * 48), cellV = Int(v * 64)
            let inLetterRow = (cellV & 7) >= 2 && (cellV & 7) <= 5
            let letter = Noise.hash(cellU, cellV >> 3, seed &+ 2) > 0.35 && (x % 5) != 0
            var f: SIMD3<Float>
            if kind < 0.3 {
                f = SIMD3(1.75, 1.6, 1.2)  // a light label band
                if inLetterRow && letter { f = SIMD3(0.25, 0.22, 0.2) }
            } else if kind < 0.75 {
                f = SIMD3(repeating: 1)
                if inLetterRow && letter { f = kind < 0.5 ? SIMD3(1.9, 1.7, 0.9) : SIMD3(1.9, 1.9, 1.9) }
            } else {
                f = SIMD3(repeating: 0.8 + 0.4 * Noise.hash(row, 2, seed))
            }
            return f * (1 + 0.05 * Noise.value(u, v, cells: 256, seed: seed &+ 4))
        case .picture:
            let border = min(min(u, 1 - u), min(v, 1 - v))
            if border < 0.05 { return SIMD3(0.28, 0.2, 0.14) * (1 + 0.2 * Noise.value(u, v, cells: 64, seed: seed)) }
            if border < 0.11 { return SIMD3(1.75, 1.72, 1.65) }
            // A painting: 24 hard-edged shapes (ellipses of their own aspect, and rectangles) over a graded
            // ground, shaded toward their rims, with a brush texture at several scales, so that it has the
            // corners and edges a photographed picture has at every distance.
            var colour = SIMD3<Float>(1.1, 1.15, 1.3) * (0.8 + 0.4 * v)
            let palette = Self.paintColours
            for shape in 0..<24 {
                let cx = Noise.hash(shape, 0, seed), cy = Noise.hash(shape, 1, seed), r = 0.04 + 0.14 * Noise.hash(shape, 2, seed)
                let aspect = 0.5 + Noise.hash(shape, 5, seed)
                let du = (u - cx) * aspect, dv = (v - cy) / aspect
                let d = Noise.hash(shape, 6, seed) < 0.3 ? max(du * du, dv * dv) / (r * r) : (du * du + dv * dv) / (r * r)
                guard d < 1 else { continue }
                let c = palette[Int(Noise.hash(shape, 3, seed) * Float(palette.count)) % palette.count] * (0.7 + 0.3 * Noise.hash(shape, 4, seed))
                colour = c * (1.1 - 0.25 * d)
            }
            return colour * (1 + 0.2 * Noise.fbm(u, v, cells: 32, octaves: 4, seed: seed &+ 6))
        case .brushed:
            let f = 1 + 0.07 * Noise.value(u, v, cellsU: 8, cellsV: 256, seed: seed) + 0.03 * Noise.fbm(u, v, cells: 4, octaves: 2, seed: seed &+ 1)
            return SIMD3(repeating: f)
        case .leaf:
            let vein: Float = abs(v - 0.5 - 0.05 * sin(u * 12)) < 0.012 || abs((v + u * 0.8).truncatingRemainder(dividingBy: 0.25) - 0.12) < 0.008
                ? 1.45 : 1
            let f = vein * (1 + 0.2 * Noise.fbm(u, v, cells: 8, octaves: 3, seed: seed))
            return SIMD3(f * 0.95, f, f * 0.9)
        case .paper:
            var f = 1 + 0.08 * Noise.fbm(u, v, cells: 16, octaves: 3, seed: seed) + 0.05 * Noise.value(u, v, cells: 256, seed: seed &+ 1)
            if Noise.hash(Int(u * 12), Int(v * 20), seed &+ 2) > 0.86 { f *= 0.45 }
            return SIMD3(repeating: f)
        case .bedding:
            // Six bands each way, each its own shade, alternate squares warmer; in a 16 x 16 grid of cells a
            // flower in about a third of them, placed and turned by its cell (five petals round a yellow
            // centre), inside its cell so that the texture tiles.
            let bandU = Int(u * 6), bandV = Int(v * 6)
            var f = SIMD3<Float>(repeating: (0.9 + 0.14 * Noise.hash(bandU, 0, seed)) * (0.92 + 0.12 * Noise.hash(0, bandV, seed &+ 1)))
            if (bandU + bandV) & 1 == 0 { f *= SIMD3(1.08, 0.97, 0.9) }
            let cellU = Int(u * 16), cellV = Int(v * 16)
            if Noise.hash(cellU, cellV, seed &+ 2) < 0.35 {
                let du = u * 16 - Float(cellU) - 0.3 - 0.4 * Noise.hash(cellU, cellV, seed &+ 3)
                let dv = v * 16 - Float(cellV) - 0.3 - 0.4 * Noise.hash(cellU, cellV, seed &+ 4)
                let r = (du * du + dv * dv).squareRoot()
                let petal = 0.2 + 0.07 * cos(5 * atan2(dv, du) + 6.28 * Noise.hash(cellU, cellV, seed &+ 5))
                if r < 0.06 {
                    f = SIMD3(1.6, 1.35, 0.55)
                } else if r < petal {
                    f = Self.flowerColours[Int(Noise.hash(cellU, cellV, seed &+ 6) * 3) % 3]
                }
            }
            let weave: Float = ((x >> 1) ^ (y >> 1)) & 1 == 0 ? 1.04 : 0.96
            return f * weave
        case .socket, .lightSwitch:
            let border = min(min(u, 1 - u), min(v, 1 - v))
            var f: Float = border < 0.04 ? 0.7 : (border < 0.08 ? 0.9 : 1.05)
            if self == .socket {
                let du = u - 0.5, dv = v - 0.5
                let r = (du * du + dv * dv).squareRoot()
                if r < 0.3 { f = 0.85 }
                if r < 0.3, abs(dv) < 0.06, abs(abs(du) - 0.12) < 0.045 { f = 0.12 }
            } else if abs(u - 0.5) < 0.22, abs(v - 0.5) < 0.3 {
                f = v > 0.5 ? 1.12 : 0.78
                if abs(v - 0.5) < 0.01 { f = 0.5 }
            }
            return SIMD3(repeating: f)
        }
    }

    /// Wood: grain along u, `rings` growth rings across v, warped by low-frequency noise.
    private static func wood(u: Float, v: Float, seed: UInt32, rings: Float) -> SIMD3<Float> {
        let warp = Noise.fbm(u, v, cells: 4, octaves: 3, seed: seed)
        let phase = (v * rings + 1.2 * warp).truncatingRemainder(dividingBy: 1)
        let ring = 0.5 + 0.5 * cos(2 * Float.pi * phase)
        let late = ring * ring * ring
        let streaks = 0.09 * Noise.value(u, v, cellsU: 16, cellsV: 256, seed: seed &+ 1)
        let pores = 0.05 * Noise.value(u, v, cellsU: 64, cellsV: 256, seed: seed &+ 3)
        let f = 1.12 - 0.34 * late + streaks + pores + 0.05 * Noise.value(u, v, cells: 32, seed: seed &+ 2)
        return SIMD3(f, f * (1 - 0.05 * late), f * (1 - 0.12 * late))
    }

    /// Tileable value noise on a 0..<1 square (lattice of `cells` per side, wrapping).
    enum Noise {
        /// A uniform 0..<1 from a lattice point and a seed (lowbias32).
        static func hash(_ x: Int, _ y: Int, _ seed: UInt32) -> Float {
            var h = UInt32(truncatingIfNeeded: x) &* 0x85EB_CA6B ^ UInt32(truncatingIfNeeded: y) &* 0xC2B2_AE35 ^ seed
            h ^= h >> 16; h = h &* 0x7FEB_352D; h ^= h >> 15; h = h &* 0x846C_A68B; h ^= h >> 16
            return Float(h >> 8) / Float(1 << 24)
        }

        /// Smooth value noise in -1...1 with `cells` lattice cells across the square.
        static func value(_ u: Float, _ v: Float, cells: Int, seed: UInt32) -> Float {
            value(u, v, cellsU: cells, cellsV: cells, seed: seed)
        }

        /// Smooth value noise in -1...1 with `cellsU` by `cellsV` lattice cells (stretched along the fewer).
        static func value(_ u: Float, _ v: Float, cellsU: Int, cellsV: Int, seed: UInt32) -> Float {
            let x = u * Float(cellsU), y = v * Float(cellsV)
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let fx = x - Float(x0), fy = y - Float(y0)
            let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
            func at(_ i: Int, _ j: Int) -> Float {
                hash(((i % cellsU) + cellsU) % cellsU, ((j % cellsV) + cellsV) % cellsV, seed)
            }
            let a = at(x0, y0), b = at(x0 + 1, y0), c = at(x0, y0 + 1), d = at(x0 + 1, y0 + 1)
            let top = a + (b - a) * sx, bottom = c + (d - c) * sx
            return 2 * (top + (bottom - top) * sy) - 1
        }

        /// Fractal sum of `octaves` value noises from `cells` cells, each octave twice the cells and half
        /// the amplitude, normalised to about -1...1.
        static func fbm(_ u: Float, _ v: Float, cells: Int, octaves: Int, seed: UInt32) -> Float {
            var sum: Float = 0, amplitude: Float = 1, total: Float = 0, c = cells
            for octave in 0..<octaves {
                sum += amplitude * value(u, v, cells: c, seed: seed &+ UInt32(octave) &* 101)
                total += amplitude
                amplitude *= 0.5
                c *= 2
            }
            return sum / total
        }
    }
}
