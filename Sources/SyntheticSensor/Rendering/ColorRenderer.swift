import CaptureEngine
import CColorEncode
import Dispatch
import Foundation

/// Renders the wide camera's RGB image of a scene: the same pose, clock and camera model as the depth
/// (ARKit's 4:3 wide camera; the depth intrinsics are these scaled to 256x192), so depth edges and
/// colour edges fall on the same pixels after scaling.
///
/// Visibility uses the depth renderer's patch rasterisation (``PatchRasterSetup``, ``DepthKernels``) with
/// a far range (the room seen through windows), then each pixel is shaded in linear RGB:
/// albedo x (ambient + the room's ceiling light x Lambert / distance² + sun x Lambert where the ray to the
/// sun leaves the room through one of its windows) + a Blinn-Phong specular term of the same lights,
/// weighted and sharpened by the material's gloss. Pixels with no surface see the sky (through windows
/// and openings to the outside). Mirrors reflect the view ray once (a scalar ray cast); glass panes
/// (``SceneGeometry/panes``) tint what lies behind them and add a faint reflection of the sky. Then
/// motion blur (the average of sub-frame renders), auto exposure (``AutoExposure``), sensor noise (a
/// hash of the frame seed and sample: deterministic) and the sRGB curve give 8-bit RGB. No shadows
/// apart from the sun's window test, no interreflection beyond the ambient term: simple, not physical.
///
/// Cost: lighting is computed once per 2x2 block of pixels that all show the same patch (at the block's
/// centre), per pixel elsewhere (patch boundaries, mirrors, the sky), so edges stay pixel-exact while the
/// shading work is about a quarter; surfaces with gloss below 0.15 get no specular term. Objects outside
/// the view and back faces of closed solids are culled before rasterisation, as for the depth map.
public struct ColorRenderer: Sendable {
    /// The scene's surfaces.
    public let geometry: SceneGeometry
    /// The image's intrinsics: the wide camera scaled to the settings' size.
    public let intrinsics: CameraIntrinsics
    /// Size, lights, exposure, blur, noise.
    public let settings: CameraSettings
    private let paddedWidth: Int
    /// Each patch's material, apart from the patches (whose shape holds arrays) for the shading loop.
    private let patchMaterials: [Material]
    /// Each patch's room (index into `lights` and `roomWindows`), or -1.
    private let patchRoom: [Int32]
    /// Each room's ceiling light position (world).
    private let lights: [SIMD3<Float>]
    /// Each room's windows (to the sun).
    private let roomWindows: [[Window]]
    /// Linear 0...1 in 4096 steps to 8-bit sRGB codes (as floats, for the encoder's eight-lane lookups).
    private let srgb: [Float]
    /// The sensor noise's standard deviation, code values, for the same 4096 steps.
    private let noiseSigma: [Float]
    /// How far the camera sees, metres.
    public static let rangeMeters = 200.0

    /// A window as a world rectangle: `origin + a * u + b * v`, a in 0...width, b in 0...height.
    struct Window: Sendable {
        var origin: SIMD3<Float>, u: SIMD3<Float>, v: SIMD3<Float>, normal: SIMD3<Float>
        var width: Float, height: Float
    }

    public init(scene: Scene) {
        self.init(geometry: SceneGeometry(scene: scene), rooms: scene.rooms, settings: scene.camera)
    }

    public init(geometry: SceneGeometry, rooms: [Room], settings: CameraSettings) {
        self.geometry = geometry
        self.settings = settings
        intrinsics = CameraIntrinsics.wideCamera.scaled(toWidth: settings.width, height: settings.height)
        paddedWidth = (settings.width + 7) / 8 * 8
        lights = rooms.map { room in
            let c = room.floor.reduce(SIMD2<Double>.zero, +) / Double(room.floor.count)
            return SIMD3<Float>(Float(c.x), Float(room.floorHeight + room.wallHeight - 0.05), Float(c.y))
        }
        roomWindows = rooms.map { room in
            room.openings.filter { $0.kind == .window }.map { o in
                let (a, b) = room.wallEnds(o.wall)
                let dir = SIMD3<Double>(b.x - a.x, 0, b.y - a.y).normalized
                let origin = SIMD3<Double>(a.x, room.floorHeight + o.sillHeight, a.y) + dir * o.offset
                let u = SIMD3<Float>(Float(dir.x), 0, Float(dir.z)), v = SIMD3<Float>(0, 1, 0)
                return Window(origin: SIMD3<Float>(Float(origin.x), Float(origin.y), Float(origin.z)), u: u, v: v,
                              normal: SIMD3<Float>(-u.z, 0, u.x), width: Float(o.width), height: Float(o.height))
            }
        }
        patchMaterials = geometry.patches.map(\.material)
        patchRoom = geometry.patches.map { patch in
            // The room holding a point just in front of the patch's centre (objects: their own room).
            let corners = patch.corners
            let centre = corners.reduce(SIMD3<Double>.zero, +) / Double(corners.count)
            let probe = centre + patch.normal * 0.02
            let index = rooms.firstIndex { $0.contains(SIMD2(probe.x, probe.z)) && probe.y >= $0.floorHeight - 0.1
                && probe.y <= $0.floorHeight + $0.wallHeight + 0.1 }
                ?? rooms.firstIndex { $0.contains(SIMD2(centre.x, centre.z)) }
            return Int32(index ?? -1)
        }
        noiseSigma = (0..<4096).map { i in
            settings.noiseLevel * (0.5 + 0.5 * (Float(i) / 4095 / settings.exposureKey).squareRoot())
        }
        srgb = (0..<4096).map { i in
            let l = Double(i) / 4095
            let s = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
            return Float(max(0, min(255, (s * 255).rounded())))
        }
    }

    /// Renders one frame. `poses` are the camera-to-world poses across the shutter (one pose: no motion
    /// blur; their linear images are averaged); `exposure` carries auto exposure from frame to frame;
    /// `noiseSeed` selects the frame's sensor noise; `bands` > 1 splits rows over concurrent tasks (same
    /// output); `path` picks the SIMD or scalar rasteriser (same output).
    public func render(poses: [RigidTransform], exposure: inout AutoExposure, noiseSeed: UInt64,
                       path: RenderPath = CaptureOptions.defaultRenderPath, bands: Int = 1) -> ColorImage {
        let w = intrinsics.width, h = intrinsics.height
        // Every sample is stored by the first pose's shading (each band shades all its pixels), so the
        // buffer starts uninitialised (3.7 MB a 640x480 image not cleared); later poses add to it.
        var linear = [Float](unsafeUninitializedCapacity: w * h * 3) { _, count in count = w * h * 3 }
        let weight = 1 / Float(max(1, poses.count))
        for (index, pose) in poses.enumerated() {
            accumulate(pose: pose, weight: weight, into: &linear, first: index == 0, path: path, bands: bands)
        }
        // Auto exposure from the mean log luminance of every fourth row and column.
        var sum = 0.0, count = 0
        for y in Swift.stride(from: 0, to: h, by: 4) {
            for x in Swift.stride(from: 0, to: w, by: 4) {
                let i = (y * w + x) * 3
                let r: Float = 0.2126 * linear[i], g: Float = 0.7152 * linear[i + 1], b: Float = 0.0722 * linear[i + 2]
                let lum: Float = r + g + b
                sum += Double(log(lum + 1e-4))
                count += 1
            }
        }
        let scale = exposure.expose(meanLogLuminance: Float(sum / Double(max(1, count))), key: settings.exposureKey,
                                    adaptation: settings.exposureAdaptation)
        let samples = w * h * 3
        var rgb = [UInt8](unsafeUninitializedCapacity: samples) { _, count in count = samples }
        let seed32 = UInt32(truncatingIfNeeded: noiseSeed ^ (noiseSeed >> 32))
        let noisy = settings.noiseLevel > 0
        linear.withUnsafeBufferPointer { lin in
            rgb.withUnsafeMutableBufferPointer { out in
                srgb.withUnsafeBufferPointer { table in
                    noiseSigma.withUnsafeBufferPointer { sigma in
                        // Exposure, the sRGB table and noise per sample (CColorEncode): the code from the
                        // 4096-step table plus a uniform variate of unit variance (a hash of seed and sample
                        // index) times that step's sigma, rounded half up, clamped to 0...255.
                        ccolor_encode(lin.baseAddress!, samples, scale, table.baseAddress!, noisy ? sigma.baseAddress! : nil,
                                      seed32, out.baseAddress!)
                    }
                }
            }
        }
        return ColorImage(width: w, height: h, rgb: rgb)
    }

    /// Renders one pose's linear radiance, times `weight`, stored into `linear` (`first`) or added to it.
    private func accumulate(pose: RigidTransform, weight: Float, into linear: inout [Float], first: Bool, path: RenderPath,
                            bands: Int) {
        let w = intrinsics.width, h = intrinsics.height
        let rasters = PatchRasterSetup.rasters(geometry, pose: pose, intrinsics: intrinsics, paddedWidth: paddedWidth,
                                               rangeMeters: Self.rangeMeters)
        let paneRasters = PatchRasterSetup.rasters(geometry.panes, pose: pose, intrinsics: intrinsics, paddedWidth: paddedWidth,
                                                   rangeMeters: Self.rangeMeters)
        var best = [Float](repeating: 0, count: paddedWidth * h + 16)
        var ids = [Int32](repeating: -1, count: paddedWidth * h)
        var paneIds = [Int32](repeating: -1, count: paddedWidth * h)
        let minimumInverseDepth = Float(1 / Self.rangeMeters)
        let bandCount = max(1, min(bands, h))
        // Even band heights: the shading's 2x2 blocks never straddle two bands (same output for any count).
        let rowsPerBand = ((h + bandCount - 1) / bandCount + 1) / 2 * 2
        let shading = FrameShading(renderer: self, pose: pose, stores: first)
        best.withUnsafeMutableBufferPointer { bestBuffer in
            ids.withUnsafeMutableBufferPointer { idBuffer in
                paneIds.withUnsafeMutableBufferPointer { paneBuffer in
                    linear.withUnsafeMutableBufferPointer { linearBuffer in
                        let bestPointer = SendablePointer(bestBuffer.baseAddress! + 8), idPointer = SendablePointer(idBuffer.baseAddress!)
                        let panePointer = SendablePointer(paneBuffer.baseAddress!), out = SendablePointer(linearBuffer.baseAddress!)
                        let stride = paddedWidth
                        let band: @Sendable (Int) -> Void = { band in
                            let r0 = band * rowsPerBand, r1 = min(h, r0 + rowsPerBand)
                            guard r0 < r1 else { return }
                            for raster in rasters {
                                Self.raster(raster, rows: r0..<r1, best: bestPointer.pointer, ids: idPointer.pointer, stride: stride,
                                            minimumInverseDepth: minimumInverseDepth, path: path)
                            }
                            // Panes in front of the nearest surface: their own ids, the surface's depth kept
                            // for what lies behind (a copy of the rows' nearest inverse depths).
                            var paneBest = [Float](repeating: 0, count: (r1 - r0) * stride + 16)
                            if !paneRasters.isEmpty {
                                paneBest.withUnsafeMutableBufferPointer { pb in
                                    let base = pb.baseAddress! + 8 - r0 * stride
                                    for y in r0..<r1 { (base + y * stride).update(from: bestPointer.pointer + y * stride, count: stride) }
                                    for raster in paneRasters {
                                        Self.raster(raster, rows: r0..<r1, best: base, ids: panePointer.pointer, stride: stride,
                                                    minimumInverseDepth: minimumInverseDepth, path: path)
                                    }
                                }
                            }
                            shading.shade(rows: r0..<r1, width: w, stride: stride, best: bestPointer.pointer, ids: idPointer.pointer,
                                          paneIds: panePointer.pointer, weight: weight, out: out.pointer)
                        }
                        if bandCount == 1 { band(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: band) }
                    }
                }
            }
        }
    }

    private static func raster(_ r: PatchRaster, rows: Range<Int>, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                               stride: Int, minimumInverseDepth: Float, path: RenderPath) {
        switch path {
        case .simd, .simde: DepthKernels.rasterSIMD(r, rows: rows, best: best, ids: ids, stride: stride, minimumInverseDepth: minimumInverseDepth)
        case .scalar: DepthKernels.rasterScalar(r, rows: rows, best: best, ids: ids, stride: stride, minimumInverseDepth: minimumInverseDepth)
        }
    }

    /// What shading one pose needs: the camera, each patch's normal (facing the camera), material and light.
    private struct FrameShading: Sendable {
        let renderer: ColorRenderer
        let camera: SIMD3<Float>
        /// World ray of pixel (x, y) = rayX * x + rayY * y + rayOrigin (its camera z component is -1, so a
        /// z-depth times it is the offset from the camera).
        let rayX: SIMD3<Float>, rayY: SIMD3<Float>, rayOrigin: SIMD3<Float>
        let normals: [SIMD3<Float>]
        let paneNormals: [SIMD3<Float>]
        let sun: SIMD3<Float>
        /// Whether ``store`` sets the linear samples (the first pose) rather than adding to them.
        let stores: Bool

        init(renderer: ColorRenderer, pose: RigidTransform, stores: Bool) {
            self.renderer = renderer
            self.stores = stores
            let k = renderer.intrinsics
            func f(_ v: SIMD3<Double>) -> SIMD3<Float> { SIMD3<Float>(Float(v.x), Float(v.y), Float(v.z)) }
            camera = f(pose.translation)
            rayX = f(pose.rotation.act(SIMD3(1 / k.fx, 0, 0)))
            rayY = f(pose.rotation.act(SIMD3(0, -1 / k.fy, 0)))
            rayOrigin = f(pose.rotation.act(SIMD3(-k.cx / k.fx, k.cy / k.fy, -1)))
            let eye = pose.translation
            func facing(_ p: SurfacePatch) -> SIMD3<Float> {
                let n = p.normal
                return f(n.dot(eye - p.origin) >= 0 ? n : -n)
            }
            normals = renderer.geometry.patches.map(facing)
            paneNormals = renderer.geometry.panes.map(facing)
            sun = f(renderer.settings.sunDirection)
        }

        /// Shades rows `rows` (an even first row: 2x2 blocks never straddle bands). A 2x2 block whose four
        /// pixels show the same non-mirror patch is shaded once, at the block's centre (the inverse depth
        /// is linear across a patch, so the four values' mean is the centre's); other pixels one by one.
        /// Glass panes are applied per pixel.
        func shade(rows: Range<Int>, width: Int, stride: Int, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                   paneIds: UnsafeMutablePointer<Int32>, weight: Float, out: UnsafeMutablePointer<Float>) {
            let materials = renderer.patchMaterials
            var y = rows.lowerBound
            while y < rows.upperBound {
                let pair = y + 1 < rows.upperBound
                var x = 0
                while x < width {
                    let i = y * stride + x
                    let id = ids[i]
                    if pair, x + 1 < width, id >= 0, ids[i + 1] == id, ids[i + stride] == id, ids[i + stride + 1] == id,
                       materials[Int(id)].kind != .mirror {
                        let inverse = (best[i] + best[i + 1] + best[i + stride] + best[i + stride + 1]) * 0.25
                        let ray = rayX * (Float(x) + 0.5) + rayY * (Float(y) + 0.5) + rayOrigin
                        let view = -ray / (ray * ray).sum().squareRoot()
                        let material = materials[Int(id)]
                        let colour = radiance(point: camera + ray * (1 / inverse), normal: normals[Int(id)], view: view,
                                              material: material, room: Int(renderer.patchRoom[Int(id)]))
                        store(colour, x: x, y: y, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out)
                        store(colour, x: x + 1, y: y, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out)
                        store(colour, x: x, y: y + 1, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out)
                        store(colour, x: x + 1, y: y + 1, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out)
                    } else {
                        for dy in 0..<(pair ? 2 : 1) {
                            for dx in 0..<min(2, width - x) {
                                shadePixel(x: x + dx, y: y + dy, width: width, stride: stride, best: best, ids: ids,
                                           paneIds: paneIds, weight: weight, out: out)
                            }
                        }
                    }
                    x += 2
                }
                y += 2
            }
        }

        /// Shades one pixel on its own.
        @inline(__always)
        func shadePixel(x: Int, y: Int, width: Int, stride: Int, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                        paneIds: UnsafeMutablePointer<Int32>, weight: Float, out: UnsafeMutablePointer<Float>) {
            let i = y * stride + x
            let ray = rayX * Float(x) + rayY * Float(y) + rayOrigin
            let view = -ray / (ray * ray).sum().squareRoot()
            var colour: SIMD3<Float>
            let id = Int(ids[i])
            let inverse = best[i]
            if id >= 0, inverse > 0 {
                let point = camera + ray * (1 / inverse)
                let material = renderer.patchMaterials[id]
                if material.kind == .mirror {
                    colour = reflection(point: point, normal: normals[id], view: view) * material.albedo
                } else {
                    colour = radiance(point: point, normal: normals[id], view: view, material: material,
                                      room: Int(renderer.patchRoom[id]))
                }
            } else {
                colour = sky(-view)
            }
            store(colour, x: x, y: y, width: width, stride: stride, paneIds: paneIds, weight: weight, out: out)
        }

        /// Stores (first pose) or adds a pixel's colour (through its glass pane, if any) times `weight` in the linear image.
        @inline(__always)
        func store(_ surface: SIMD3<Float>, x: Int, y: Int, width: Int, stride: Int, paneIds: UnsafeMutablePointer<Int32>,
                   weight: Float, out: UnsafeMutablePointer<Float>) {
            var colour = surface
            let pane = Int(paneIds[y * stride + x])
            if pane >= 0 {
                let ray = rayX * Float(x) + rayY * Float(y) + rayOrigin
                let glass = renderer.geometry.panes[pane].material
                // Transmitted light tinted by the glass, plus a 6 % reflection of the sky.
                let reflected = sky(reflect(ray / (ray * ray).sum().squareRoot(), paneNormals[pane]))
                colour = colour * glass.albedo * 0.94 + reflected * 0.06
            }
            let o = (y * width + x) * 3
            if stores {
                out[o] = colour.x * weight
                out[o + 1] = colour.y * weight
                out[o + 2] = colour.z * weight
            } else {
                out[o] += colour.x * weight
                out[o + 1] += colour.y * weight
                out[o + 2] += colour.z * weight
            }
        }

        /// Light leaving a surface point towards the viewer (linear).
        func radiance(point: SIMD3<Float>, normal n: SIMD3<Float>, view: SIMD3<Float>, material: Material, room: Int) -> SIMD3<Float> {
            let s = renderer.settings
            var diffuse = s.ambient
            var specular: Float = 0
            // Specular weight and Blinn-Phong exponent 2^(2 + 6 * gloss) by repeated squaring.
            let ks = 0.02 + 0.5 * material.gloss * material.gloss
            let squarings = 2 + Int(material.gloss * 6)
            func blinn(_ l: SIMD3<Float>) -> Float {
                let hv = l + view
                let hl = (hv * hv).sum().squareRoot()
                guard hl > 1e-6 else { return 0 }
                var c = max(0, (n * hv).sum() / hl)
                for _ in 0..<squarings { c *= c }
                return c
            }
            // No specular term below gloss 0.15 (its weight would be under 0.03).
            let shiny = material.gloss >= 0.15
            if room >= 0 {
                if s.ceilingLight > 0 {
                    let toLight = renderer.lights[room] - point
                    let d2 = max(0.25, (toLight * toLight).sum())
                    let l = toLight / d2.squareRoot()
                    let ndl = (n * l).sum()
                    if ndl > 0 {
                        diffuse += s.ceilingLight * ndl / d2
                        if shiny { specular += s.ceilingLight * blinn(l) / d2 }
                    }
                }
                let nds = (n * sun).sum()
                if s.sun > 0, nds > 0, sunlit(point, room: room) {
                    diffuse += s.sun * nds
                    if shiny { specular += s.sun * blinn(sun) }
                }
            }
            return material.albedo * diffuse + SIMD3(repeating: ks * specular)
        }

        /// Whether the ray from a point towards the sun leaves the room through one of its windows.
        func sunlit(_ p: SIMD3<Float>, room: Int) -> Bool {
            for window in renderer.roomWindows[room] {
                let denominator = (window.normal * sun).sum()
                guard abs(denominator) > 1e-6 else { continue }
                let t = (window.normal * (window.origin - p)).sum() / denominator
                guard t > 0 else { continue }
                let q = p + sun * t - window.origin
                let a = (q * window.u).sum(), b = (q * window.v).sum()
                if a >= 0, a <= window.width, b >= 0, b <= window.height { return true }
            }
            return false
        }

        /// The sky (and the ground below the horizon) in a world direction, linear.
        func sky(_ direction: SIMD3<Float>) -> SIMD3<Float> {
            let s = renderer.settings.sky
            let up = direction.y
            if up < 0 { return SIMD3(0.30, 0.32, 0.25) * s * 0.5 }
            return (SIMD3(0.75, 0.85, 1.0) * (1 - up) + SIMD3(0.35, 0.55, 0.95) * up) * s
        }

        func reflect(_ d: SIMD3<Float>, _ n: SIMD3<Float>) -> SIMD3<Float> { d - n * (2 * (d * n).sum()) }

        /// What a mirror at `point` shows: one reflected ray cast against every patch (mirrors seen in a
        /// mirror show their own grey).
        func reflection(point: SIMD3<Float>, normal: SIMD3<Float>, view: SIMD3<Float>) -> SIMD3<Float> {
            let d = reflect(-view, normal)
            let origin = SIMD3<Double>(Double(point.x), Double(point.y), Double(point.z))
            let direction = SIMD3<Double>(Double(d.x), Double(d.y), Double(d.z)).normalized
            guard let hit = renderer.geometry.nearestHit(origin: origin + direction * 1e-3, direction: direction,
                                                         maxDistance: ColorRenderer.rangeMeters) else { return sky(d) }
            let patch = renderer.geometry.patches[hit.patch]
            let p = origin + direction * (hit.distance + 1e-3)
            let hitPoint = SIMD3<Float>(Float(p.x), Float(p.y), Float(p.z))
            var n = patch.normal
            if n.dot(direction) > 0 { n = -n }
            let hitNormal = SIMD3<Float>(Float(n.x), Float(n.y), Float(n.z))
            var material = patch.material
            if material.kind == .mirror { material = .preset(.matte) }
            return radiance(point: hitPoint, normal: hitNormal, view: -d, material: material, room: Int(renderer.patchRoom[hit.patch]))
        }
    }
}
