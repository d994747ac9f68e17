import CColorShading
import CaptureEngine
import Foundation

/// What each patch the colour camera draws looks like up close: its texture (``SurfaceTexture``), the
/// texture's scale and the object's own offset into it and tint, and its ambient-occlusion light map
/// (``AmbientOcclusion``), as the records the C surface pass reads (`ccolor_surface`).
///
/// Every choice is seeded by what the patch belongs to (the object's or clutter item's index, the wall's
/// patch index, the room for floors and ceilings), never by the frame, so a point of a surface shows the
/// same texture value from every pose: the texture belongs to the surface and features on it track.
struct SurfaceAppearance: Sendable {
    /// Per patch ``CCOLOR_SURFACE_RECORD`` floats (see CColorSurface.h).
    let records: [Float]
    /// Every light map's cells.
    private(set) var lightMaps: [Float]
    /// The baked light maps' grids (map 0, the constant one, is not among them).
    private(set) var grids: [LightMapGrid]

    /// Where a baked light map's cells lie: cell (i, j) (of `width` x `height`, from `start` in the light
    /// maps, row by row) at `origin + (u0 + i / cellsPerMeter) uAxis + (v0 + j / cellsPerMeter) vAxis` on a
    /// surface facing `normal` in room `room`.
    struct LightMapGrid: Sendable {
        var start: Int, width: Int, height: Int
        var origin: SIMD3<Double>, uAxis: SIMD3<Double>, vAxis: SIMD3<Double>, u0: Double, v0: Double
        var normal: SIMD3<Double>, room: Int

        func point(_ i: Int, _ j: Int) -> SIMD3<Double> {
            let c = AmbientOcclusion.cellsPerMeter
            return origin + uAxis * (u0 + Double(i) / c) + vAxis * (v0 + Double(j) / c)
        }
    }

    /// The change in a light-map factor between neighbouring cells that marks a shadow's edge: a shadow
    /// takes 5-40 % of the light away at once, while a light's falloff changes the factor by under 1 % a cell.
    static let edgeStep: Float = 0.02

    /// Multiplies every baked cell by `factor` of its point, normal and room (the objects' shadows,
    /// ``ColorRenderer``'s init). A cell whose factor differs from a neighbour's by more than ``edgeStep``
    /// (it lies on a shadow's edge) takes the mean over `edgeSamples` x `edgeSamples` points spread over its
    /// square instead of its centre's alone, so that the bilinear read draws the edge as a ramp, not as
    /// 5 cm steps.
    mutating func multiplyLightMaps(edgeSamples: Int = 4, by factor: (SIMD3<Double>, SIMD3<Double>, Int) -> Float) {
        let cell = 1 / AmbientOcclusion.cellsPerMeter
        for grid in grids {
            var centre = [Float](repeating: 1, count: grid.width * grid.height)
            for j in 0..<grid.height {
                for i in 0..<grid.width { centre[j * grid.width + i] = factor(grid.point(i, j), grid.normal, grid.room) }
            }
            for j in 0..<grid.height {
                for i in 0..<grid.width {
                    let here = centre[j * grid.width + i]
                    func differs(_ a: Int, _ b: Int) -> Bool {
                        a >= 0 && a < grid.width && b >= 0 && b < grid.height && abs(centre[b * grid.width + a] - here) > Self.edgeStep
                    }
                    var value = here
                    if edgeSamples > 1, differs(i - 1, j) || differs(i + 1, j) || differs(i, j - 1) || differs(i, j + 1) {
                        var sum: Float = 0
                        for b in 0..<edgeSamples {
                            for a in 0..<edgeSamples {
                                // Offsets within the cell's square, kept on the map.
                                let du = min(max((Double(a) + 0.5) / Double(edgeSamples) - 0.5 + Double(i), 0), Double(grid.width - 1)) - Double(i)
                                let dv = min(max((Double(b) + 0.5) / Double(edgeSamples) - 0.5 + Double(j), 0), Double(grid.height - 1)) - Double(j)
                                sum += factor(grid.point(i, j) + grid.uAxis * (du * cell) + grid.vAxis * (dv * cell), grid.normal, grid.room)
                            }
                        }
                        value = sum / Float(edgeSamples * edgeSamples)
                    }
                    lightMaps[grid.start + j * grid.width + i] *= value
                }
            }
        }
    }

    /// The records of `patches` (the scene's patches followed by the colour camera's own: decorations)
    /// lit in `rooms` with `objects`; `patchRoom` is each patch's room or -1; `textures` gives the
    /// decorations' patterns by patch index (the others are chosen by ``texture(for:rooms:room:)``).
    init(patches: [SurfacePatch], rooms: [Room], objects: [SceneObject], patchRoom: [Int32], textures given: [Int: SurfaceTexture],
         settings: CameraSettings) {
        var records: [Float] = []
        records.reserveCapacity(patches.count * Int(CCOLOR_SURFACE_RECORD))
        // Light map 0: 2 x 2 cells of 1 (patches without occlusion).
        var maps: [Float] = [1, 1, 1, 1]
        var grids: [LightMapGrid] = []
        var wallMaps: [Int: (start: Int, width: Int, height: Int)] = [:]
        var roomFloorMaps: [Int: (start: Int, width: Int, height: Int, u0: Double, v0: Double)] = [:]
        var roomCeilingMaps: [Int: (start: Int, width: Int, height: Int, u0: Double, v0: Double)] = [:]
        let occlusion = AmbientOcclusion(rooms: rooms, objects: objects, strength: settings.ambientOcclusion)
        let cellsPerMeter = AmbientOcclusion.cellsPerMeter
        // Framed pictures take the paintings in turn, in patch order (deterministic, no two alike up to
        // SurfaceTexture.pictureVariants).
        var pictures = 0
        for (index, patch) in patches.enumerated() {
            let room = Int(patchRoom[index])
            var texture = given[index] ?? Self.texture(for: patch, rooms: rooms, room: room)
            if !settings.textures { texture = .flat }
            var textureIndex = SurfaceTexture.atlasIndex(texture)
            if texture == .picture {
                textureIndex = SurfaceTexture.atlasIndex(texture, variant: pictures)
                pictures += 1
            }
            let patchSeed = Self.seed(for: patch, index: index, room: room)
            if let tiled = SurfaceTexture.tiledIndex(texture, design: texture == .wallpaper ? Self.wallpaperDesign(room: room) : 0) {
                // Tiles drawn from the design's variants, from a phase of the patch's own.
                textureIndex = tiled | Int(CCOLOR_TEXTURE_TILED) | Int(SeededRandom.hash(patchSeed ^ 0x7113) & 7) << 24
            }
            let scale = Self.texelsPerMeter(texture, patch: patch)
            var random = SeededRandom(seed: patchSeed)
            var uOffset = Float(random.uniform(0, 256).rounded()), vOffset = Float(random.uniform(0, 256).rounded())
            if texture == .picture || texture == .socket || texture == .lightSwitch {
                // One whole pattern across the (square) patch.
                uOffset = 0
                vOffset = 0
            }
            var tint = SIMD3<Float>(repeating: 1)
            if texture == .wallpaper { tint = Self.wallpaperTint(room: room) }
            if patch.role == .object, given[index] == nil, settings.textures {
                let brightness = Float(random.uniform(0.86, 1.14))
                tint = SIMD3(brightness * Float(random.uniform(0.96, 1.04)), brightness, brightness * Float(random.uniform(0.95, 1.05)))
            }
            var map = (start: 0, width: 2, height: 2, u0: 0.0, v0: 0.0, cells: 0.0)
            if settings.ambientOcclusion > 0 || settings.sun > 0 || settings.ceilingLight > 0, room >= 0, patch.owner == nil {
                switch patch.role {
                case .wall:
                    if case .rectangle(let uMax, let vMax, _) = patch.shape {
                        let key = index
                        let entry = wallMaps[key] ?? {
                            let w = max(2, Int((uMax * cellsPerMeter).rounded(.up)) + 1), h = max(2, Int((vMax * cellsPerMeter).rounded(.up)) + 1)
                            let grid = LightMapGrid(start: maps.count, width: w, height: h, origin: patch.origin, uAxis: patch.uAxis,
                                                    vAxis: patch.vAxis, u0: 0, v0: 0, normal: patch.normal, room: room)
                            for j in 0..<h {
                                for i in 0..<w { maps.append(occlusion.factor(at: grid.point(i, j), normal: patch.normal, room: room)) }
                            }
                            grids.append(grid)
                            return (grid.start, w, h)
                        }()
                        wallMaps[key] = entry
                        map = (entry.start, entry.width, entry.height, 0, 0, cellsPerMeter)
                    }
                case .floor, .ceiling:
                    let r = rooms[room]
                    let xs = r.floor.map(\.x), zs = r.floor.map(\.y)
                    let floor = patch.role == .floor
                    // Floor: u = x, v = -z; ceiling: u = x, v = z.
                    let u0 = xs.min()!, v0 = floor ? -zs.max()! : zs.min()!
                    let cached = floor ? roomFloorMaps[room] : roomCeilingMaps[room]
                    let entry = cached ?? {
                        let w = max(2, Int(((xs.max()! - xs.min()!) * cellsPerMeter).rounded(.up)) + 1)
                        let h = max(2, Int(((zs.max()! - zs.min()!) * cellsPerMeter).rounded(.up)) + 1)
                        let grid = LightMapGrid(start: maps.count, width: w, height: h, origin: patch.origin, uAxis: patch.uAxis,
                                                vAxis: patch.vAxis, u0: u0, v0: v0, normal: patch.normal, room: room)
                        for j in 0..<h {
                            for i in 0..<w { maps.append(occlusion.factor(at: grid.point(i, j), normal: patch.normal, room: room)) }
                        }
                        grids.append(grid)
                        return (grid.start, w, h, u0, v0)
                    }()
                    if floor { roomFloorMaps[room] = entry } else { roomCeilingMaps[room] = entry }
                    map = (entry.start, entry.width, entry.height, entry.u0, entry.v0, cellsPerMeter)
                case .object:
                    break
                }
            }
            let o = patch.origin, u = patch.uAxis, v = patch.vAxis, n = patch.normal
            func bits(_ value: Int) -> Float { Float(bitPattern: UInt32(truncatingIfNeeded: Int32(value))) }
            records += [Float(o.x), Float(o.y), Float(o.z), scale,
                        Float(u.x), Float(u.y), Float(u.z), uOffset,
                        Float(v.x), Float(v.y), Float(v.z), vOffset,
                        Float(n.x), Float(n.y), Float(n.z), bits(textureIndex),
                        tint.x, tint.y, tint.z, bits(map.start),
                        Float(map.u0), Float(map.v0), Float(map.cells), bits(map.width | map.height << 16)]
        }
        self.records = records.isEmpty ? [Float](repeating: 0, count: Int(CCOLOR_SURFACE_RECORD)) : records
        lightMaps = maps
        self.grids = grids
    }

    /// Calls `body` with the surface pass's description of one pose (`ccolor_surface`): the camera and its
    /// rays as ``ColorShadingTables/withFrame`` has them, the focal length and principal point, the
    /// vignetting, and these records. The pointer is valid during `body` only.
    func withSurface<R>(camera: SIMD3<Float>, rayX: SIMD3<Float>, rayY: SIMD3<Float>, rayOrigin: SIMD3<Float>, fx: Float, cx: Float,
                        cy: Float, vignette: Float, inverseHalfDiagonalSquared: Float,
                        _ body: (SendablePointer<ccolor_surface>) -> R) -> R {
        func triple(_ v: SIMD3<Float>) -> (Float, Float, Float) { (v.x, v.y, v.z) }
        return records.withUnsafeBufferPointer { r in
            SurfaceTexture.atlas.withUnsafeBufferPointer { t in
                lightMaps.withUnsafeBufferPointer { l in
                    var surface = ccolor_surface(
                        camera: triple(camera), ray_x: triple(rayX), ray_y: triple(rayY), ray_origin: triple(rayOrigin),
                        fx: fx, cx: cx, cy: cy, vignette: vignette, inverse_half_diagonal_squared: inverseHalfDiagonalSquared,
                        records: r.baseAddress, texels: t.baseAddress, light_maps: l.baseAddress)
                    return withUnsafeMutablePointer(to: &surface) { body(SendablePointer($0)) }
                }
            }
        }
    }

    /// The texture of a patch: walls and ceilings plaster; floors planks (tiles in rooms named kitchen,
    /// bathroom, toilet, WC or hall, carpet in bedrooms with a floor material of gloss 0); objects by
    /// category, part and material.
    static func texture(for patch: SurfacePatch, rooms: [Room], room: Int) -> SurfaceTexture {
        let material = patch.material
        if material.kind == .mirror || material.kind == .glass { return .flat }
        switch patch.role {
        case .wall:
            return room >= 0 && Self.wallpapered(room: room) ? .wallpaper : .plaster
        case .ceiling:
            return .plaster
        case .floor:
            let name = room >= 0 ? rooms[room].name.lowercased() : ""
            if ["kitchen", "bath", "toilet", "wc", "hall", "entrance"].contains(where: name.contains) { return .tiles }
            if name.contains("bed"), material.gloss == 0 { return .carpet }
            return .planks
        case .object:
            guard let owner = patch.owner else { return .plaster }
            switch owner.part {
            case .book: return .printed
            case .leaf: return .leaf
            case .carton: return .paper
            case .cover: return .bedding
            case .shade, .pillow, .mattress, .cushion: return .fabric
            case .pot: return .stone
            case .handle, .tap, .pole: return .brushed
            case .screen, .burner: return .flat
            case .box, .body, .top, .leg, .back, .arm, .shelf, .side, .door, .basin, .tank, .seat, .stand, .step, .rail, .hearth:
                break
            }
            if material.kind == .dark { return .flat }
            switch owner.category {
            case .sofa?, .bed?: return .fabric
            case .refrigerator?, .dishwasher?: return .brushed
            case .fireplace?: return .stone
            case .sink?, .toilet?, .bathtub?, .washerDryer?, .stove?, .oven?, .television?: return .plaster
            case .storage?, .table?, .chair?, .stairs?: return .wood
            case nil: return owner.clutterKind == nil ? .plaster : .paper
            }
        }
    }

    /// Whether a room's walls are papered (seeded by the room's index: about half the rooms) rather than
    /// painted.
    static func wallpapered(room: Int) -> Bool {
        SeededRandom.hash(0xA11_9A9E ^ UInt64(room)) % 2 == 1
    }

    /// A papered room's wallpaper design: papered rooms take ``SurfaceTexture/wallpaperDesigns`` in turn,
    /// in room order, so that neighbouring papered rooms differ.
    static func wallpaperDesign(room: Int) -> Int {
        guard room >= 0 else { return 0 }
        return (0..<room).filter { wallpapered(room: $0) }.count
    }

    /// A papered room's tint (its paper's colour over the wall material): one of five pale colours.
    static func wallpaperTint(room: Int) -> SIMD3<Float> {
        let tints: [SIMD3<Float>] = [SIMD3(1.0, 0.93, 0.8), SIMD3(0.85, 0.95, 1.0), SIMD3(0.9, 1.0, 0.88), SIMD3(1.0, 0.88, 0.9),
                                     SIMD3(0.95, 0.95, 0.95)]
        return tints[Int(SeededRandom.hash(0x7147 ^ UInt64(room)) % UInt64(tints.count))]
    }

    /// Texels per metre of a texture on a patch: each pattern's natural size (plaster 1 m a texture, wood
    /// 0.6 m, planks 0.8 m, tiles 0.6 m, fabric 0.3 m, carpet 0.5 m, stone 0.8 m, print 0.25 m, metal
    /// 0.4 m, leaves 0.15 m, paper 0.4 m, wallpaper 0.8 m, curtains 0.6 m, radiators 0.5 m, trim 0.5 m); pictures, sockets and switches one pattern
    /// across the patch.
    static func texelsPerMeter(_ texture: SurfaceTexture, patch: SurfacePatch) -> Float {
        let metres: Double
        switch texture {
        case .flat, .plaster: metres = 1
        case .paint: metres = 0.5
        case .wallpaper: metres = 0.8
        case .curtain: metres = 0.6
        case .radiator: metres = 0.5
        case .wood: metres = 0.6
        case .planks: metres = 0.8
        case .tiles: metres = 0.6
        case .fabric: metres = 0.3
        case .carpet: metres = 0.5
        case .stone: metres = 0.8
        case .printed: metres = 0.25
        case .brushed: metres = 0.4
        case .leaf: metres = 0.15
        case .paper: metres = 0.4
        case .bedding: metres = 0.6
        case .picture, .socket, .lightSwitch:
            if case .rectangle(let uMax, _, _) = patch.shape { metres = uMax } else { metres = 1 }
        }
        return Float(Double(SurfaceTexture.size) / metres)
    }

    /// The seed of a patch's offset and tint: its object or clutter item, its room for floors and
    /// ceilings (their texture coordinates are the world's, so a room's triangles join), its index otherwise.
    static func seed(for patch: SurfacePatch, index: Int, room: Int) -> UInt64 {
        if let owner = patch.owner {
            return SeededRandom.hash(0x5EED_0B1E ^ UInt64(owner.objectIndex ?? 0xFFFF) << 20 ^ UInt64(owner.clutterIndex ?? 0xFFFF))
        }
        switch patch.role {
        case .floor, .ceiling: return SeededRandom.hash(0x5EED_F100 ^ UInt64(room + 1) << 4 ^ (patch.role == .floor ? 1 : 2))
        case .wall, .object: return SeededRandom.hash(0x5EED_3A11 ^ UInt64(index))
        }
    }
}
