import CaptureEngine
import CColorEncode
import CColorShading
import Dispatch
import Foundation

/// Renders the wide camera's RGB image of a scene: the same pose, clock and camera model as the depth
/// (ARKit's 4:3 wide camera; the depth intrinsics are these scaled to 256x192), so depth edges and
/// colour edges fall on the same pixels after scaling.
///
/// Visibility is the depth renderer's patch rasterisation (``PatchRasterSetup``) with a far range; each
/// pixel is shaded in linear RGB by ambient, ceiling and sun light (Lambert and Blinn-Phong; the sun
/// through the room's windows), the sky where no surface is, one reflected ray on mirrors and a tint on
/// glass panes; then motion blur and the rolling shutter (``MotionBlur``), white balance and auto exposure
/// (``AutoExposure``, with a frame's lag as on a phone), sensor noise and the sRGB curve give 8-bit RGB.
/// Shading needs only the pose, so a frame is shaded (``shade(poses:inverseDepth:path:bands:)``) while the
/// one before is exposed (``expose(_:exposure:noiseSeed:shutter:readout:bands:)``). What it models and what
/// it leaves out: docs/scene-format.md, "`camera` (the RGB camera)".
///
/// Cost: light is computed once per 4x4 block of one patch of low gloss, once per 2x2 block of one
/// non-mirror patch otherwise, per pixel at patch boundaries, mirrors and the sky, so edges stay
/// pixel-exact for a fraction of the work; on the SIMDe path in C (`ccolor_shade_rows`, the same bytes as
/// the Swift reference), 32 rows at a time in buffers reused from tile to tile so they stay in cache.
public struct ColorRenderer: Sendable {
    /// The scene's surfaces.
    public let geometry: SceneGeometry
    /// The image's intrinsics: the wide camera scaled to the settings' size.
    public let intrinsics: CameraIntrinsics

    /// The wide camera scaled to `settings`' size.
    public static func intrinsics(for settings: CameraSettings) -> CameraIntrinsics {
        CameraIntrinsics.wideCamera.scaled(toWidth: settings.width, height: settings.height)
    }
    /// Size, lights, exposure, blur, noise.
    public let settings: CameraSettings
    /// The lens distortion's remap (nil: a pinhole camera).
    let distortionRemap: DistortionRemap?
    /// The patches drawn: the scene's (``SceneGeometry/patches``) followed by the colour camera's own wall
    /// decorations (``WallDecorations``, ``ApplianceDecorations``), which the depth map does not see.
    let drawnPatches: [SurfacePatch]
    /// The camera-independent part of each raster, made once: of the scene's patches, of the wall
    /// decorations (the end of `drawnPatches`) and of the glass panes (``SceneGeometry/panes``).
    private let sceneShapes: [PatchRasterShape], decorationShapes: [PatchRasterShape], paneShapes: [PatchRasterShape]
    /// Each drawn patch's material, apart from the patches (whose shape holds arrays) for the shading loop.
    let patchMaterials: [Material]
    /// Whether a patch may be lit once per 4x4 block: not a mirror, gloss below 0.5 (a Blinn-Phong exponent
    /// of at most 32: light that varies little across four pixels).
    let patchLitPerBlock: [Bool]
    /// Each patch's room (index into `lights` and `roomWindows`), or -1.
    let patchRoom: [Int32]
    /// Each room's ceiling light position (world).
    let lights: [SIMD3<Float>]
    /// Each room's windows (to the sun).
    let roomWindows: [[Window]]
    /// The height of the ground outside (world y, metres): ``CameraSettings/groundBelowFloor`` below the
    /// lowest room's floor.
    let groundY: Float
    /// The scene's tables for the C shading pass (``RenderPath/simde``).
    let shadingTables: ColorShadingTables
    /// Each drawn patch's texture, tint and light map (ambient occlusion and the sun's shadows) for the
    /// surface pass, with the textures.
    private(set) var appearance: SurfaceAppearance
    /// The sensor: exposure, noise and the tone curve's table.
    let sensor: CameraSensor
    /// Whole-image buffers reused from frame to frame (the linear image and the blur's inverse depth).
    let imageBuffers = ImageBufferPool()
    /// How far the camera sees, metres.
    public static let rangeMeters = 200.0
    /// The sun disc's angular radius, radians (0.2666 degrees): the width of a window edge's penumbra.
    public static let sunAngularRadius: Float = 0.004653

    /// A window as a world rectangle: `origin + a * u + b * v`, a in 0...width, b in 0...height.
    struct Window: Sendable {
        var origin: SIMD3<Float>, u: SIMD3<Float>, v: SIMD3<Float>, normal: SIMD3<Float>
        var width: Float, height: Float
    }

    public init(scene: Scene) {
        self.init(geometry: SceneGeometry(scene: scene), rooms: scene.rooms, objects: scene.objects, settings: scene.camera)
    }

    /// A renderer of `geometry` (built from `rooms` and `objects`, which place the ambient occlusion).
    public init(geometry: SceneGeometry, rooms: [Room], objects: [SceneObject] = [], settings: CameraSettings) {
        self.geometry = geometry
        self.settings = settings
        intrinsics = Self.intrinsics(for: settings)
        distortionRemap = DistortionRemap(intrinsics: intrinsics, distortion: settings.distortion)
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
        groundY = Float((rooms.map(\.floorHeight).min() ?? 0) - settings.groundBelowFloor)
        let decorated = WallDecorations.patches(geometry: geometry) + ApplianceDecorations.patches(geometry: geometry)
        let decorations = decorated.map(\.patch)
        drawnPatches = geometry.patches + decorations
        sceneShapes = PatchRasterShape.shapes(geometry.patches)
        decorationShapes = PatchRasterShape.shapes(decorations)
        paneShapes = PatchRasterShape.shapes(geometry.panes)
        patchMaterials = drawnPatches.map(\.material)
        patchLitPerBlock = patchMaterials.map(\.litPerBlock)
        patchRoom = drawnPatches.map { patch in
            // The room holding a point just in front of the patch's centre (objects: their own room).
            let corners = patch.corners
            let centre = corners.reduce(SIMD3<Double>.zero, +) / Double(corners.count)
            let probe = centre + patch.normal * 0.02
            let index = rooms.firstIndex { $0.contains(SIMD2(probe.x, probe.z)) && probe.y >= $0.floorHeight - 0.1
                && probe.y <= $0.floorHeight + $0.wallHeight + 0.1 }
                ?? rooms.firstIndex { $0.contains(SIMD2(centre.x, centre.z)) }
            return Int32(index ?? -1)
        }
        shadingTables = ColorShadingTables(materials: patchMaterials, patchRoom: patchRoom, lights: lights, roomWindows: roomWindows,
                                           paneMaterials: geometry.panes.map(\.material))
        var given: [Int: SurfaceTexture] = [:]
        for (k, decoration) in decorated.enumerated() { given[geometry.patches.count + k] = decoration.texture }
        appearance = SurfaceAppearance(patches: drawnPatches, rooms: rooms, objects: objects, patchRoom: patchRoom, textures: given,
                                       settings: settings)
        sensor = CameraSensor(settings: settings)
        if settings.sun > 0 || settings.ceilingLight > 0 {
            let renderer = self, shading = sunShading
            appearance.multiplyLightMaps { point, normal, room in renderer.objectShadow(at: point, normal: normal, room: room, shading: shading) }
        }
    }

    /// A pose-free ``FrameShading`` for the sun's share at world points (``sunlight(at:room:)``).
    private var sunShading: FrameShading {
        FrameShading(renderer: self, pose: RigidTransform(rotation: .identity, translation: .zero), camera: intrinsics, stores: true,
                     panesInView: false)
    }

    /// The share of a room surface's Lambert light `ambient + ceiling + sun` left where objects stand
    /// between it and its room's ceiling light or the sun: the ceiling light's part (`ceilingLight n.l /
    /// d^2`) goes where the segment to the light meets an object's patch, the sun's (`sun n.s coverage`, at
    /// a point that sees the sun through a window) where the ray towards the sun's centre meets one before it
    /// leaves the room; 1 where nothing is in the way. Baked into the light maps (5 cm cells, read bilinearly
    /// per pixel; the cells on a shadow's edge average 4 x 4 points,
    /// ``SurfaceAppearance/multiplyLightMaps(edgeSamples:by:)``), so furniture and clutter cast shadows with
    /// smooth edges on the floors and walls: under a table, behind a sofa, in a sun patch. Objects
    /// themselves receive none (they have no light map). `shading` is ``sunShading``, made once for a whole
    /// bake (nil: made here).
    func objectShadow(at point: SIMD3<Double>, normal: SIMD3<Double>, room: Int, shading: FrameShading? = nil) -> Float {
        guard room >= 0 else { return 1 }
        let origin = point + normal * 2e-3
        var ceiling = 0.0, ceilingBlocked = false
        if settings.ceilingLight > 0 {
            let light = SIMD3<Double>(Double(lights[room].x), Double(lights[room].y), Double(lights[room].z))
            let toLight = light - point
            let distance = toLight.length
            let d2 = max(0.25, distance * distance)
            let ndl = normal.dot(toLight) / max(distance, 1e-9)
            if ndl > 0 {
                ceiling = Double(settings.ceilingLight) * ndl / d2
                ceilingBlocked = geometry.hitsObject(origin: origin, direction: toLight / distance, maxDistance: distance)
            }
        }
        var sun = 0.0, sunBlocked = false
        let direction = settings.sunDirection
        let facing = normal.dot(direction)
        if settings.sun > 0, facing > 0 {
            let coverage = (shading ?? sunShading).sunlight(SIMD3<Float>(Float(point.x), Float(point.y), Float(point.z)), room: room)
            if coverage > 0 {
                sun = Double(settings.sun) * facing * Double(coverage)
                // The nearest hit: an object beyond the window, in another room, casts no shadow here.
                sunBlocked = geometry.nearestHit(origin: origin, direction: direction, maxDistance: Self.rangeMeters)
                    .map { geometry.patches[$0.patch].role == .object } ?? false
            }
        }
        guard ceilingBlocked || sunBlocked else { return 1 }
        let ambient = Double(settings.ambient), total = ambient + ceiling + sun
        let left = ambient + (ceilingBlocked ? 0 : ceiling) + (sunBlocked ? 0 : sun)
        return total > 0 ? Float(left / total) : 1
    }

    /// Renders one frame. `poses` are camera-to-world poses whose linear images are averaged (one pose:
    /// the usual case); `shutter` the poses at the start and the end of the exposure, for motion blur
    /// (``CameraSettings/motionBlur``; nil: no blur); `readout` the poses when the first and the last row
    /// are exposed, for the rolling shutter (``CameraSettings/rollingShutterReadoutSeconds``; nil: a
    /// global shutter); `exposure` carries auto exposure and white balance
    /// from frame to frame (the image is exposed with the state the previous frames set, as a phone's
    /// pipeline lags a frame; the first frame with its own); `noiseSeed` selects the frame's sensor noise;
    /// `bands` > 1 splits rows over concurrent tasks (same output); `path` picks the C kernels (SIMDe:
    /// rasteriser, shading and surface pass) or the scalar rasteriser, the Swift shading and the scalar
    /// surface pass (same output).
    ///
    /// With one pose, no blur, no rolling shutter, no lens distortion and a previous exposure (the
    /// usual frame without motion) each band shades four rows at a time into a small buffer and encodes
    /// them at once. Otherwise the image is shaded whole (``shade(poses:inverseDepth:path:bands:)``), then
    /// exposed (``expose(_:exposure:noiseSeed:shutter:readout:bands:)``): the same bytes either way.
    public func render(poses: [RigidTransform], exposure: inout AutoExposure, noiseSeed: UInt64,
                       shutter: (start: RigidTransform, end: RigidTransform)? = nil,
                       readout: (first: RigidTransform, last: RigidTransform)? = nil,
                       path: RenderPath = CaptureOptions.defaultRenderPath, bands: Int = 1) -> ColorImage {
        let moves = MotionBlur.moves(renderer: self, shutter: shutter, readout: readout)
        guard poses.count == 1, !moves, distortionRemap == nil, let scale = exposure.scale else {
            let image = shade(poses: poses, inverseDepth: moves, path: path, bands: bands)
            return expose(image, exposure: &exposure, noiseSeed: noiseSeed, shutter: shutter, readout: readout, bands: bands)
        }
        return encodedImage(scale: scale, exposure: &exposure, noiseSeed: noiseSeed) { encoding in
            draw(pose: poses[0], weight: 1, target: .encoded(encoding), first: true, camera: intrinsics, path: path, bands: bands)
        }
    }

    /// The first part of ``render(poses:exposure:noiseSeed:shutter:readout:path:bands:)``, which needs no
    /// exposure: the linear image of `poses` (their images averaged; through the lens distortion's remap
    /// from a larger pinhole render, ``DistortionRemap``), with the first pose's inverse depth when
    /// `inverseDepth` (for motion blur and the rolling shutter). `path` and `bands` as for `render`.
    func shade(poses: [RigidTransform], inverseDepth: Bool, path: RenderPath = CaptureOptions.defaultRenderPath,
               bands: Int = 1) -> LinearImage {
        let w = intrinsics.width, h = intrinsics.height
        let image = LinearImage(pose: poses[0], pixels: w * h, inverseDepth: inverseDepth, pool: imageBuffers)
        // Every sample is stored by the first pose's shading (each band shades all its pixels), so the
        // buffer is not cleared; later poses add to it.
        let weight = 1 / Float(max(1, poses.count))
        if let remap = distortionRemap {
            // A pinhole render of the larger canvas, remapped through the lens.
            let canvas = remap.canvas
            let canvasSamples = canvas.width * canvas.height * 3, canvasPixels = canvas.width * canvas.height
            let canvasLinear = imageBuffers.take(count: canvasSamples)
            defer { imageBuffers.give(back: canvasLinear, count: canvasSamples) }
            let canvasDepth = image.inverseDepth == nil ? nil : imageBuffers.take(count: canvasPixels)
            defer { if let canvasDepth { imageBuffers.give(back: canvasDepth, count: canvasPixels) } }
            for (index, pose) in poses.enumerated() {
                draw(pose: pose, weight: weight, target: .linear(canvasLinear, inverseDepth: index == 0 ? canvasDepth : nil),
                     first: index == 0, camera: canvas, path: path, bands: bands)
            }
            remap.apply(canvasLinear, into: image.linear, channels: 3, bands: bands)
            if let canvasDepth, let inverseDepth = image.inverseDepth { remap.applyNearest(canvasDepth, into: inverseDepth) }
        } else {
            for (index, pose) in poses.enumerated() {
                draw(pose: pose, weight: weight, target: .linear(image.linear, inverseDepth: index == 0 ? image.inverseDepth : nil),
                     first: index == 0, camera: intrinsics, path: path, bands: bands)
            }
        }
        return image
    }

    /// The second part of ``render(poses:exposure:noiseSeed:shutter:readout:path:bands:)``: `image`
    /// blurred along `shutter` and shifted by the rolling shutter's `readout` (which need the image's
    /// inverse depth when they move it), white-balanced and exposed with `exposure`'s state (the first
    /// frame with its own), which it advances, with the sensor noise of `noiseSeed`, encoded and sharpened.
    func expose(_ image: LinearImage, exposure: inout AutoExposure, noiseSeed: UInt64,
                shutter: (start: RigidTransform, end: RigidTransform)? = nil,
                readout: (first: RigidTransform, last: RigidTransform)? = nil, bands: Int = 1) -> ColorImage {
        var blur: MotionBlur?
        if MotionBlur.moves(renderer: self, shutter: shutter, readout: readout) {
            guard let inverseDepth = image.inverseDepth else {
                preconditionFailure("ColorRenderer.expose: an image that moves needs its inverse depth (shade(inverseDepth: true))")
            }
            blur = MotionBlur(renderer: self, pose: image.pose, shutter: shutter, readout: readout, inverseDepth: inverseDepth)
        }
        if let scale = exposure.scale {
            // Blurred (when asked) and encoded four rows at a time with the previous frames' exposure.
            return encodedImage(scale: scale, exposure: &exposure, noiseSeed: noiseSeed) { encoding in
                blurAndEncode(image.linear, blur: blur, encoding: encoding, bands: bands)
            }
        }
        // The first frame: its own exposure, from the whole (blurred) image.
        let w = intrinsics.width, h = intrinsics.height
        let samples = w * h * 3
        var (rgb, luminance, colourSums) = frameOutputs()
        let gains = exposure.whiteBalance
        var linear = UnsafePointer(image.linear)
        let blurred = blur == nil ? nil : imageBuffers.take(count: samples)
        defer { if let blurred { imageBuffers.give(back: blurred, count: samples) } }
        if let blur, let blurred {
            blur.apply(from: image.linear, into: blurred)
            linear = UnsafePointer(blurred)
        }
        luminance.withUnsafeMutableBufferPointer { lum in
            colourSums.withUnsafeMutableBufferPointer { sums in
                let columns = Self.luminanceColumns(width: w)
                for y in Swift.stride(from: 0, to: h, by: 4) {
                    Self.sampleLuminance(row: linear + y * w * 3, width: w, gains: gains, into: lum.baseAddress! + y / 4 * columns,
                                         sums: sums.baseAddress! + y / 4 * 3)
                }
            }
        }
        let current = exposure.expose(meanLogLuminance: Self.mean(luminance), meanColour: Self.meanColour(colourSums, count: luminance.count),
                                      appliedGains: gains, settings: settings)
        // Encoded whole; the luminance is already sampled.
        withEncoding(scale: current, gains: gains, seed: Self.seed32(noiseSeed), rgb: &rgb, luminance: &luminance,
                     colourSums: &colourSums) { encoding in
            encode(linear, count: samples, firstIndex: 0, scales: encoding.scales, pairs: encoding.pairs, seed: encoding.seed,
                   out: encoding.out)
        }
        sharpen(&rgb)
        return ColorImage(width: w, height: h, rgb: rgb)
    }

    /// A frame's outputs before its encoding: the RGB bytes (to be written), the log luminance of every
    /// fourth row and column and each sampled row's colour sums (for auto exposure and white balance).
    private func frameOutputs() -> (rgb: [UInt8], luminance: [Float], colourSums: [Float]) {
        let samples = intrinsics.width * intrinsics.height * 3
        return ([UInt8](unsafeUninitializedCapacity: samples) { _, count in count = samples },
                Self.luminanceSamples(width: intrinsics.width, height: intrinsics.height),
                [Float](repeating: 0, count: 3 * Self.sampledRows(height: intrinsics.height)))
    }

    /// The image `body` encodes into its ``Encoding`` (which samples the luminance as the rows go) with the
    /// previous frames' exposure `scale` and white balance, as `exposure` carries them; the image's
    /// luminance and colour then advance `exposure`; sharpened.
    private func encodedImage(scale: Float, exposure: inout AutoExposure, noiseSeed: UInt64, _ body: (Encoding) -> Void) -> ColorImage {
        var (rgb, luminance, colourSums) = frameOutputs()
        let gains = exposure.whiteBalance
        withEncoding(scale: scale, gains: gains, seed: Self.seed32(noiseSeed), rgb: &rgb, luminance: &luminance, colourSums: &colourSums,
                     body)
        exposure.expose(meanLogLuminance: Self.mean(luminance), meanColour: Self.meanColour(colourSums, count: luminance.count),
                        appliedGains: gains, settings: settings)
        sharpen(&rgb)
        return ColorImage(width: intrinsics.width, height: intrinsics.height, rgb: rgb)
    }

    /// The sensor noise's 32-bit seed from a frame's noise seed.
    private static func seed32(_ noiseSeed: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: noiseSeed ^ (noiseSeed >> 32)) }

    /// Rows whose luminance is sampled: every fourth.
    private static func sampledRows(height: Int) -> Int { (height + 3) / 4 }

    /// Room for the log luminance samples of an image (every fourth row and column).
    private static func luminanceSamples(width: Int, height: Int) -> [Float] {
        let count = luminanceColumns(width: width) * sampledRows(height: height)
        return [Float](unsafeUninitializedCapacity: count) { _, initialised in initialised = count }
    }

    /// Blurs the linear image `linear` with `blur` (nil: no blur) and encodes it (with the luminance
    /// samples) into `encoding`, four rows at a time in a small buffer, rows split over `bands` tasks
    /// (bands start on multiples of four rows: the luminance rows; same output for any band count).
    private func blurAndEncode(_ linear: UnsafeMutablePointer<Float>, blur: MotionBlur?, encoding: Encoding, bands: Int) {
        let w = intrinsics.width, h = intrinsics.height
        let field = blur?.blockField()
        let blocksX = (w + 3) / 4
        let source = SendablePointer(linear)
        let motion = field.map { SendablePointer(UnsafeMutablePointer(mutating: $0.motion)) }
        let offsets = field?.offsets.map { SendablePointer(UnsafeMutablePointer(mutating: $0)) }
        let blockRows = Self.blockRows
        let bandCount = max(1, min(bands, (h + blockRows - 1) / blockRows))
        let rowsPerBand = ((h + bandCount - 1) / bandCount + blockRows - 1) / blockRows * blockRows
        let band: @Sendable (Int) -> Void = { band in
            let b0 = band * rowsPerBand, b1 = min(h, b0 + rowsPerBand)
            guard b0 < b1 else { return }
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: blockRows * w * 3)
            defer { buffer.deallocate() }
            var y = b0
            while y < b1 {
                let y1 = min(b1, y + blockRows)
                if let motion {
                    ccolor_motion_blur_rows(source.pointer, buffer, w, h, motion.pointer, offsets?.pointer, blocksX, y, y1, y)
                    self.encodeRows(buffer, rows: y..<y1, encoding: encoding)
                } else {
                    self.encodeRows(source.pointer + y * w * 3, rows: y..<y1, encoding: encoding)
                }
                y = y1
            }
        }
        withExtendedLifetime(field) {
            if bandCount == 1 { band(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: band) }
        }
    }

    /// Encodes rows `rows` (a first row that is a multiple of 4: a luminance row) of linear RGB held in
    /// `buffer` (its first row is `rows.lowerBound`) into `encoding`, with their luminance samples.
    @inline(__always)
    private func encodeRows(_ buffer: UnsafePointer<Float>, rows: Range<Int>, encoding: Encoding) {
        let w = intrinsics.width, y = rows.lowerBound
        Self.sampleLuminance(row: buffer, width: w, gains: encoding.gains, into: encoding.luminance + y / 4 * Self.luminanceColumns(width: w),
                             sums: encoding.colourSums + y / 4 * 3)
        encode(buffer, count: rows.count * w * 3, firstIndex: y * w * 3, scales: encoding.scales,
               pairs: encoding.pairs, seed: encoding.seed, out: encoding.out + y * w * 3)
    }

    /// The image processor's sharpening (``CameraSettings/sharpening``, `ccolor_sharpen_rgb`) of the
    /// encoded image.
    private func sharpen(_ rgb: inout [UInt8]) {
        let amount = Int32((settings.sharpening * 256).rounded())
        guard amount > 0 else { return }
        let w = intrinsics.width, h = intrinsics.height
        var scratch = [UInt8](repeating: 0, count: 9 * w)
        rgb.withUnsafeMutableBufferPointer { out in
            scratch.withUnsafeMutableBufferPointer { ccolor_sharpen_rgb(out.baseAddress!, w, h, amount, $0.baseAddress!) }
        }
    }

    /// The exposure time and gain a frame would be exposed with after `exposure` (its lagged state).
    public func realisedExposure(_ exposure: AutoExposure) -> (seconds: Double, gain: Double)? {
        exposure.scale.map { let r = sensor.exposure(forScale: $0); return (r.seconds, r.gain) }
    }

    /// Luminance samples per sampled row (every fourth column).
    private static func luminanceColumns(width: Int) -> Int { (width + 3) / 4 }

    /// The log luminance of every fourth pixel of a row of linear RGB white-balanced with `gains` (as the
    /// sensor sees it), stored at `out`, and the sums of those pixels' white-balanced red, green and blue
    /// at `sums`.
    @inline(__always)
    private static func sampleLuminance(row: UnsafePointer<Float>, width: Int, gains: SIMD3<Float>, into out: UnsafeMutablePointer<Float>,
                                        sums: UnsafeMutablePointer<Float>) {
        var k = 0
        var total = SIMD3<Float>.zero
        for x in Swift.stride(from: 0, to: width, by: 4) {
            let i = x * 3
            let pixel = SIMD3(row[i], row[i + 1], row[i + 2]) * gains
            let r: Float = 0.2126 * pixel.x, g: Float = 0.7152 * pixel.y, b: Float = 0.0722 * pixel.z
            let lum: Float = r + g + b
            out[k] = log(lum + 1e-4)
            total += pixel
            k += 1
        }
        sums[0] = total.x
        sums[1] = total.y
        sums[2] = total.z
    }

    /// The mean of the log luminance samples (summed in order, in double precision).
    private static func mean(_ samples: [Float]) -> Float {
        var sum = 0.0
        for v in samples { sum += Double(v) }
        return Float(sum / Double(max(1, samples.count)))
    }

    /// The mean colour of `count` samples from the rows' colour sums (summed in order).
    private static func meanColour(_ sums: [Float], count: Int) -> SIMD3<Float> {
        var total = SIMD3<Double>.zero
        for k in Swift.stride(from: 0, to: sums.count, by: 3) { total += SIMD3(Double(sums[k]), Double(sums[k + 1]), Double(sums[k + 2])) }
        let m = total / Double(max(1, count))
        return SIMD3(Float(m.x), Float(m.y), Float(m.z))
    }

    /// White balance, exposure, the tone curve and noise for samples `firstIndex ..< firstIndex + count` of
    /// the image (CColorEncode, ``CameraSensor/encodingPairs(gain:)`` interleaved): each sample times its
    /// channel's scale in `scales` (the exposure times the channel's white-balance gain), the code from the 8192-step
    /// table plus a uniform variate of unit variance (ten bits of a hash of seed and pixel index, one a channel) times that step's
    /// sigma, rounded half up, clamped to 0...255.
    private func encode(_ linear: UnsafePointer<Float>, count: Int, firstIndex: Int, scales: SIMD3<Float>, pairs: UnsafePointer<Float>,
                        seed: UInt32, out: UnsafeMutablePointer<UInt8>) {
        let noisy: Int32 = settings.noiseLevel > 0 ? 1 : 0
        withUnsafePointer(to: scales) { vector in
            vector.withMemoryRebound(to: Float.self, capacity: 3) { scale in
                ccolor_encode_pairs_at(linear, count, UInt32(truncatingIfNeeded: firstIndex), scale, pairs, noisy, seed, out)
            }
        }
    }

    /// Where shading goes: a whole linear image (with each pixel's inverse depth, for motion blur, when
    /// asked), or encoded 8-bit samples with the luminance samples.
    private enum Target: @unchecked Sendable {
        case linear(UnsafeMutablePointer<Float>, inverseDepth: UnsafeMutablePointer<Float>?)
        case encoded(Encoding)
    }

    /// The one-pass encoding's white-balance gains, their product with the exposure (per channel), table,
    /// noise seed and outputs (the image's bytes, the log luminance samples of every fourth row and column
    /// and those rows' colour sums).
    private struct Encoding: @unchecked Sendable {
        var gains: SIMD3<Float>, scales: SIMD3<Float>, seed: UInt32
        var pairs: UnsafePointer<Float>
        var out: UnsafeMutablePointer<UInt8>, luminance: UnsafeMutablePointer<Float>, colourSums: UnsafeMutablePointer<Float>
    }

    /// Runs `body` with the encoding of exposure scale `scale` (the sensor's realised exposure and its
    /// table) and white-balance `gains` into `rgb`, with the luminance and colour sums auto exposure reads.
    private func withEncoding(scale: Float, gains: SIMD3<Float>, seed: UInt32, rgb: inout [UInt8], luminance: inout [Float],
                              colourSums: inout [Float], _ body: (Encoding) -> Void) {
        let realised = sensor.exposure(forScale: scale)
        let pairs = sensor.encodingPairs(gain: realised.gain)
        rgb.withUnsafeMutableBufferPointer { out in
            luminance.withUnsafeMutableBufferPointer { lum in
                colourSums.withUnsafeMutableBufferPointer { sums in
                    pairs.withUnsafeBufferPointer { table in
                        body(Encoding(gains: gains, scales: CameraSensor.encoderScale(realised.effectiveScale) * gains, seed: seed,
                                      pairs: table.baseAddress!,
                                      out: out.baseAddress!, luminance: lum.baseAddress!, colourSums: sums.baseAddress!))
                    }
                }
            }
        }
    }

    /// Rows shaded (and encoded) at a time, and the height of the largest shading block: bands start on
    /// multiples of it, so the blocks never straddle two bands (same output for any band count).
    private static let blockRows = 4

    /// Rows cleared, rasterised and shaded together within a band (a multiple of ``blockRows``): 32 rows
    /// of a 640-pixel image keep the depth, id and pane buffers (240 KB) in a core's L2 cache while every
    /// patch is drawn into them. Same output for any tile height.
    private static let tileRows = 32

    /// Renders one pose's radiance with its surfaces' textures, occlusion and vignetting, times `weight`,
    /// into `target`: a linear image (stored when `first`, added to otherwise) or white-balanced and
    /// encoded four rows at a time.
    private func draw(pose: RigidTransform, weight: Float, target: Target, first: Bool, camera: CameraIntrinsics,
                      path: RenderPath, bands: Int) {
        let w = camera.width, h = camera.height
        let paddedWidth = (w + 7) / 8 * 8
        var sceneRasters = PatchRasterSetup.rasters(geometry, shapes: sceneShapes, pose: pose, intrinsics: camera, paddedWidth: paddedWidth,
                                                    rangeMeters: Self.rangeMeters)
        // The decorations after the scene's patches, with ids after theirs.
        let decorationStart = Int32(geometry.patches.count)
        for var raster in PatchRasterSetup.rasters(decorationShapes, pose: pose, intrinsics: camera, paddedWidth: paddedWidth,
                                                   rangeMeters: Self.rangeMeters) {
            raster.patchIndex += decorationStart
            sceneRasters.append(raster)
        }
        let rasters = sceneRasters
        let paneRasters = PatchRasterSetup.rasters(paneShapes, pose: pose, intrinsics: camera, paddedWidth: paddedWidth,
                                                   rangeMeters: Self.rangeMeters)
        // Pane ids only when a pane is in view (otherwise never cleared nor read).
        let panesInView = !paneRasters.isEmpty
        let minimumInverseDepth = Float(1 / Self.rangeMeters)
        let bandCount = max(1, min(bands, h))
        let blockRows = Self.blockRows
        let rowsPerBand = ((h + bandCount - 1) / bandCount + blockRows - 1) / blockRows * blockRows
        let shading = FrameShading(renderer: self, pose: pose, camera: camera, stores: true, panesInView: panesInView)
        let stride = paddedWidth
        let k = camera
        // Vignetting falls off over the output image's half-diagonal (a larger canvas reaches beyond it).
        let halfDiagonalSquared = (Double(intrinsics.width) * Double(intrinsics.width) + Double(intrinsics.height) * Double(intrinsics.height)) / 4
        shading.withKernelFrame(path == .simde) { kernelFrame in
          appearance.withSurface(camera: shading.camera, rayX: shading.rayX, rayY: shading.rayY, rayOrigin: shading.rayOrigin, fx: Float(k.fx), cx: Float(k.cx), cy: Float(k.cy), vignette: settings.vignetting,
                                 inverseHalfDiagonalSquared: Float(1 / halfDiagonalSquared)) { surface in
            let band: @Sendable (Int) -> Void = { band in
                let b0 = band * rowsPerBand, b1 = min(h, b0 + rowsPerBand)
                guard b0 < b1 else { return }
                let tileRows = Self.tileRows
                // One tile's nearest inverse depths (guard floats either side) and patch ids, pane ids when a pane
                // is in view, and the nearest inverse depths for the panes: reused from tile to tile, so they stay
                // in cache; each tile addresses them by image row through pointers offset by its first row.
                let tileBest = UnsafeMutablePointer<Float>.allocate(capacity: tileRows * stride + 16)
                defer { tileBest.deallocate() }
                let tileIds = UnsafeMutablePointer<Int32>.allocate(capacity: tileRows * stride)
                defer { tileIds.deallocate() }
                let tilePaneIds = UnsafeMutablePointer<Int32>.allocate(capacity: panesInView ? tileRows * stride : 1)
                defer { tilePaneIds.deallocate() }
                let paneBest = UnsafeMutablePointer<Float>.allocate(capacity: panesInView ? tileRows * stride + 16 : 1)
                defer { paneBest.deallocate() }
                let buffer = UnsafeMutablePointer<Float>.allocate(capacity: blockRows * w * 3)
                defer { buffer.deallocate() }
                // The C shading pass's working memory and the mirror pixels it leaves to Swift.
                let scratch = kernelFrame == nil ? nil : ccolor_scratch_create(w)
                defer { if let scratch { ccolor_scratch_destroy(scratch) } }
                let deferred = UnsafeMutablePointer<Int32>.allocate(capacity: scratch == nil ? 1 : tileRows * w)
                defer { deferred.deallocate() }
                // Tiles of rows, each cleared, rasterised and shaded while its buffers are in cache.
                var r0 = b0
                while r0 < b1 {
                    let r1 = min(b1, r0 + tileRows)
                    defer { r0 = r1 }
                    let cells = (r1 - r0) * stride
                    tileBest.initialize(repeating: 0, count: 8)
                    (tileBest + 8 + cells).initialize(repeating: 0, count: 8)
                    // Image row y of the tile is row y - r0 of the buffers.
                    let best = tileBest + 8 - r0 * stride, ids = tileIds - r0 * stride
                    let paneIds = panesInView ? tilePaneIds - r0 * stride : tilePaneIds
                    (best + r0 * stride).update(repeating: 0, count: cells)
                    (ids + r0 * stride).update(repeating: -1, count: cells)
                    if panesInView { (paneIds + r0 * stride).update(repeating: -1, count: cells) }
                    for raster in rasters where raster.y0 < r1 && raster.y1 > r0 {
                        Self.raster(raster, rows: r0..<r1, best: best, ids: ids, stride: stride,
                                    minimumInverseDepth: minimumInverseDepth, path: path)
                    }
                    // Panes in front of the nearest surface: their own ids, the surface's depth kept
                    // for what lies behind (a copy of the rows' nearest inverse depths).
                    if panesInView {
                        paneBest.initialize(repeating: 0, count: 8)
                        (paneBest + 8 + cells).initialize(repeating: 0, count: 8)
                        let base = paneBest + 8 - r0 * stride
                        (base + r0 * stride).update(from: best + r0 * stride, count: cells)
                        for raster in paneRasters where raster.y0 < r1 && raster.y1 > r0 {
                            Self.raster(raster, rows: r0..<r1, best: base, ids: paneIds, stride: stride,
                                        minimumInverseDepth: minimumInverseDepth, path: path)
                        }
                    }
                    /// Shades rows (at most four) into `out` (whose first row is image row `outFirstRow`) and
                    /// multiplies in the surface pass.
                    func shadeRows(_ rows: Range<Int>, into out: UnsafeMutablePointer<Float>, outFirstRow: Int) {
                        if let frame = kernelFrame, let scratch {
                            shading.shadeKernel(frame: frame.pointer, scratch: scratch, deferred: deferred, rows: rows, width: w,
                                                stride: stride, best: best, ids: ids, paneIds: paneIds, weight: 1, out: out,
                                                outFirstRow: outFirstRow)
                            ccolor_surface_rows(surface.pointer, rows.lowerBound, rows.upperBound, w, stride, best, ids, out, outFirstRow)
                        } else {
                            shading.shade(rows: rows, width: w, stride: stride, best: best, ids: ids, paneIds: paneIds,
                                          weight: 1, out: out, outFirstRow: outFirstRow)
                            ccolor_surface_rows_scalar(surface.pointer, rows.lowerBound, rows.upperBound, w, stride, best, ids, out,
                                                       outFirstRow)
                        }
                    }
                    var y = r0
                    while y < r1 {
                        let y1 = min(r1, y + blockRows)
                        switch target {
                        case .linear(let out, let inverseDepth):
                            if first, weight == 1 {
                                // The only pose: shaded straight into the image.
                                shadeRows(y..<y1, into: out, outFirstRow: 0)
                            } else {
                                shadeRows(y..<y1, into: buffer, outFirstRow: y)
                                let o = out + y * w * 3, count = (y1 - y) * w * 3
                                if first {
                                    for i in 0..<count { o[i] = buffer[i] * weight }
                                } else {
                                    for i in 0..<count { o[i] += buffer[i] * weight }
                                }
                            }
                            if let inverseDepth {
                                for row in y..<y1 { (inverseDepth + row * w).update(from: best + row * stride, count: w) }
                            }
                        case .encoded(let encoding):
                            shadeRows(y..<y1, into: buffer, outFirstRow: y)
                            // y is a multiple of 4: a luminance row.
                            self.encodeRows(buffer, rows: y..<y1, encoding: encoding)
                        }
                        y = y1
                    }
                }
            }
            if bandCount == 1 { band(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: band) }
          }
        }
    }

    private static func raster(_ r: PatchRaster, rows: Range<Int>, best: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<Int32>,
                               stride: Int, minimumInverseDepth: Float, path: RenderPath) {
        switch path {
        case .simde: DepthKernels.rasterSIMDe(r, rows: rows, best: best, ids: ids, stride: stride, minimumInverseDepth: minimumInverseDepth)
        case .scalar: DepthKernels.rasterScalar(r, rows: rows, best: best, ids: ids, stride: stride, minimumInverseDepth: minimumInverseDepth)
        }
    }

    /// MurmurHash3's 32-bit finaliser: the outside's hashes (`mix8` in `color_shading.c`).
    @inline(__always)
    static func mix(_ word: UInt32) -> UInt32 {
        var h = word
        h ^= h >> 15; h = h &* 0x85EB_CA6B; h ^= h >> 13; h = h &* 0xC2B2_AE35; h ^= h >> 16
        return h
    }

    /// The brightness of the distant skyline in a world direction (x, up, z; a unit vector, `up` >= 0), 0
    /// where the sky shows. Buildings stand on the horizon at infinity, 64 around it (a diamond angle of
    /// the direction's x and z: `t = x / (|x| + |z| + 1e-6)`, `a = 1 + t` looking toward +z, `3 - t`
    /// toward -z, 0 ..< 4, 16 buildings a unit), each as high as its hash says (an elevation's sine of
    /// 0.015-0.105: 1-6 degrees) and of its own grey (0.32-0.52), with dark windows (0.55 of it) on a grid
    /// of 96 columns a unit and 120 rows a unit of `up`. At infinity they move only with the camera's
    /// turn, as a window's far view does, and give a tracker corners where the outside was one flat
    /// colour. `sky_rgb8` in `color_shading.c` does the same operations.
    @inline(__always)
    static func skylineBrightness(x: Float, up: Float, z: Float) -> Float {
        let t = x / (abs(x) + abs(z) + 1e-6)
        let a = z >= 0 ? 1 + t : 3 - t
        let h = mix(UInt32(bitPattern: Int32((a * 16).rounded(.down))) &* 0x9E37_79B1)
        let height = 0.015 + 0.09 * (Float(h >> 8) * (1 / 16_777_216))
        guard up < height else { return 0 }
        let tone = 0.32 + 0.2 * (Float(h & 0xFF) * (1 / 256))
        let columns = a * 96, rows = up * 120
        let across = columns - columns.rounded(.down), along = rows - rows.rounded(.down)
        return across >= 0.3 && across < 0.7 && along >= 0.3 && along < 0.7 ? tone * 0.55 : tone
    }

    /// The ground outside as the window shows it, before the sky's brightness: the colour factor of the
    /// world direction `d` (a unit vector pointing down, `d.y` < 0) from `origin`, where the ray meets the
    /// plane `y = groundY` (at most 200 m along it). A courtyard of 8 m plots, each lawn (mottled on 0.25 m
    /// and 1 m cells), paving (0.5 m slabs with dark joints) or asphalt (parking lines every 2 m), with tree
    /// crowns (0.9-1.8 m radius) on a 4 m grid; the detail under 1 m fades out from 30 to 62 m away, the plots and
    /// crowns into the plain ground colour (0.30, 0.32, 0.25) from 136 to 200 m: a view with depth, so the
    /// ground moves against the skyline when the camera walks.
    /// `ground_rgb8` in `color_shading.c` does the same operations.
    @inline(__always)
    static func outsideGround(origin: SIMD3<Float>, direction d: SIMD3<Float>, groundY: Float) -> SIMD3<Float> {
        @inline(__always) func hash(_ ix: Int32, _ iz: Int32, _ salt: UInt32) -> UInt32 {
            mix((UInt32(bitPattern: ix) &* 0x9E37_79B1) ^ (UInt32(bitPattern: iz) &* 0x85EB_CA6B) ^ salt)
        }
        @inline(__always) func unit(_ h: UInt32) -> Float { Float(h >> 8) * (1 / 16_777_216) }
        @inline(__always) func cell(_ v: Float, _ perMeter: Float) -> Int32 { Int32((v * perMeter).rounded(.down)) }
        let t = max(min((origin.y - groundY) / -d.y, 200), 0)
        let x = origin.x + t * d.x, z = origin.z + t * d.z
        // The detail (cells under 1 m, joints, lines) fades out from 30 to 62 m, before it is finer than a pixel.
        let detail = min(max((t - 30) * (1 / 32), 0), 1)
        @inline(__always) func faded(_ v: Float) -> Float { v + (0.5 - v) * detail }
        let region = unit(hash(cell(x, 0.125), cell(z, 0.125), 0x1B87_3593))
        let fine = faded(unit(hash(cell(x, 4), cell(z, 4), 0x2C1B_3C6D))), mid = faded(unit(hash(cell(x, 1), cell(z, 1), 0x297A_2D39)))
        let slab = faded(unit(hash(cell(x, 2), cell(z, 2), 0x3C6E_F372)))
        let sx = x * 2, sz = z * 2
        let joint = (sx - sx.rounded(.down) < 0.06 || sz - sz.rounded(.down) < 0.06) && t < 60
        let lx = x * 0.5
        let line = lx - lx.rounded(.down) < 0.05 && t < 60
        var colour: SIMD3<Float>
        if region < 0.45 {
            colour = SIMD3(0.22, 0.34, 0.14) * (0.7 + 0.35 * fine + 0.25 * mid)
        } else if region < 0.8 {
            colour = SIMD3(0.5, 0.48, 0.44) * (joint ? 0.6 : 0.8 + 0.3 * slab)
        } else {
            colour = line ? SIMD3(0.8, 0.8, 0.78) : SIMD3(0.22, 0.22, 0.24) * (0.9 + 0.2 * fine)
        }
        let tx = cell(x, 0.25), tz = cell(z, 0.25)
        if unit(hash(tx, tz, 0x61C8_8647)) < 0.4 {
            let cx = Float(tx) * 4 + 1.8 + 0.4 * unit(hash(tx, tz, 0x7F4A_7C15))
            let cz = Float(tz) * 4 + 1.8 + 0.4 * unit(hash(tx, tz, 0x5851_F42D))
            let radius = 0.9 + 0.9 * unit(hash(tx, tz, 0x1405_7B7E))
            let dx = x - cx, dz = z - cz
            if dx * dx + dz * dz < radius * radius { colour = SIMD3(0.1, 0.17, 0.07) * (0.6 + 0.5 * fine + 0.3 * mid) }
        }
        let fade = min(max((t - 136) * (1 / 64), 0), 1)
        return colour + (SIMD3(0.3, 0.32, 0.25) - colour) * fade
    }

    /// The share of the sun's disc a world point of room `room` sees through the room's windows, 0...1
    /// (what the shading multiplies the sun's light by).
    func sunlight(at point: SIMD3<Float>, room: Int) -> Float { sunShading.sunlight(point, room: room) }
}
