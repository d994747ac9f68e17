import CaptureEngine
import CColorShading
import Foundation
import TestSupport
import Testing
@testable import SyntheticSensor

/// The colour camera's surfaces and phone camera model: textures that belong to the surface, auto
/// exposure's time constant, motion blur's length, the noise model, and the surface pass's C kernel
/// against its scalar reference.
@Suite struct CameraModelTests {
    /// Everything but the part under test off: ``ColorRendererTests/clean`` (no noise, no white
    /// balance) without vignetting, sharpening or exposure smoothing.
    static var plain: CameraSettings {
        var s = ColorRendererTests.clean
        (s.vignetting, s.sharpening, s.exposureTimeConstantSeconds) = (0, 0, 0)
        return s
    }

    static func pixel(_ image: ColorImage, _ x: Int, _ y: Int) -> SIMD3<Int> {
        let i = (y * image.width + x) * 3
        return SIMD3(Int(image.rgb[i]), Int(image.rgb[i + 1]), Int(image.rgb[i + 2]))
    }

    /// A point of a textured wall shows the same texture value from two poses: the camera 2 m from the
    /// wall moves sideways by exactly 40 pixels' worth at the wall, so pixel (x, y) of the first image
    /// and (x - 40, y) of the second see the same wall point (same distance: same mip level; a shift of
    /// a multiple of four: the same lighting blocks); the region is textured, not flat. Its decorations
    /// too keep their pattern; only their specular highlights move with the viewer.
    @Test func aWallPointShowsTheSameTextureValueFromTwoPoses() {
        let room = TestScenes.roomFacingWall()
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: [room], objects: []), rooms: [room], settings: Self.plain)
        let shift = 40
        let a = TestScenes.levelCamera
        let metres = Double(shift) * 2 / renderer.intrinsics.fx
        let b = RigidTransform(rotation: a.rotation, translation: a.translation + SIMD3(metres, 0, 0))
        var exposure = AutoExposure()
        let first = renderer.render(poses: [a], exposure: &exposure, noiseSeed: 1, path: .simde)
        let second = renderer.render(poses: [b], exposure: &exposure, noiseSeed: 1, path: .simde)
        var compared = 0, equal = 0
        var values: [Double] = []
        for y in Swift.stride(from: 60, to: 420, by: 3) {
            for x in Swift.stride(from: 100, to: 560, by: 3) {
                let p = Self.pixel(first, x, y), q = Self.pixel(second, x - shift, y)
                compared += 1
                if (p &- q).max() <= 1, (q &- p).max() <= 1 { equal += 1 }
                values.append(Double(p.x + p.y + p.z) / 3)
            }
        }
        let mean = values.reduce(0, +) / Double(values.count)
        let spread = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        // Not every point: the decorations' specular highlights (pictures behind glass, trim, plates)
        // move with the viewer.
        #expect(Double(equal) >= 0.97 * Double(compared), "\(equal) of \(compared) wall points within one code")
        #expect(spread > 3, "the wall is textured: grey spread \(spread) codes")
    }

    /// An image shaded ahead and exposed later (``ColorRenderer/shade(poses:inverseDepth:path:bands:)``,
    /// then ``ColorRenderer/expose(_:exposure:noiseSeed:shutter:readout:bands:)``, as the capture renders
    /// its images ahead) is the image `render` makes, byte for byte, and leaves the same exposure: the
    /// first frame (its own exposure), a still frame (`render`'s one-pass path, which shades and encodes
    /// four rows at a time), a turning frame with motion blur and one with a rolling shutter too (which
    /// `render` shades whole and exposes itself, here in one band against two); white balance at full
    /// strength, so its gains move away from 1 and the encoder applies them.
    @Test func anImageShadedAheadThenExposedIsTheImageRenderMakes() throws {
        let room = TestScenes.roomFacingWall()
        var settings = CameraSettings(width: 160, height: 120)
        settings.whiteBalanceStrength = 1
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: [room], objects: []), rooms: [room], settings: settings)
        let pose = TestScenes.levelCamera
        let half = 0.01
        let start = RigidTransform(rotation: Quaternion(angle: -half, axis: SIMD3(0, 1, 0)), translation: pose.translation)
        let end = RigidTransform(rotation: Quaternion(angle: half, axis: SIMD3(0, 1, 0)), translation: pose.translation)
        let frames: [(shutter: (start: RigidTransform, end: RigidTransform)?, readout: (first: RigidTransform, last: RigidTransform)?)] =
            [(nil, nil), (nil, nil), ((start, end), nil), ((start, end), (start, end))]
        var state = AutoExposure()
        for (n, frame) in frames.enumerated() {
            var rendered = state, exposed = state
            let whole = renderer.render(poses: [pose], exposure: &rendered, noiseSeed: UInt64(n), shutter: frame.shutter,
                                        readout: frame.readout, path: .simde, bands: 1)
            let shaded = renderer.shade(poses: [pose], inverseDepth: true, path: .simde, bands: 2)
            let image = renderer.expose(shaded, exposure: &exposed, noiseSeed: UInt64(n), shutter: frame.shutter, readout: frame.readout,
                                        bands: 2)
            let differing = zip(image.rgb, whole.rgb).filter { $0 != $1 }.count
            #expect(image.rgb.count == whole.rgb.count && differing == 0, "frame \(n): \(differing) bytes differ")
            #expect(exposed == rendered, "frame \(n)")
            state = rendered
        }
        #expect(abs(state.whiteBalance.x - 1) > 0.01 || abs(state.whiteBalance.z - 1) > 0.01, "gains \(state.whiteBalance)")
        // The turning frames are blurred: they differ from the still frame's image.
        var still = state, turned = state
        let sharp = renderer.render(poses: [pose], exposure: &still, noiseSeed: 9, path: .simde)
        let blurred = renderer.render(poses: [pose], exposure: &turned, noiseSeed: 9, shutter: (start, end), path: .simde)
        #expect(sharp.rgb != blurred.rgb)
    }

    /// Auto exposure closes the log error between its scale and the frame's target with the documented
    /// time constant: after n frames a fraction exp(-n / (frame rate x time constant)) is left, 1/e after
    /// one time constant.
    @Test func autoExposureAdaptsWithItsTimeConstant() {
        var settings = CameraSettings()
        settings.exposureTimeConstantSeconds = 0.2
        settings.frameRateHz = 30
        var exposure = AutoExposure()
        let grey = SIMD3<Float>(repeating: 0.2)
        exposure.expose(meanLogLuminance: log(0.5), meanColour: grey, appliedGains: SIMD3(repeating: 1), settings: settings)
        let start = try! #require(exposure.scale)
        let target = settings.exposureKey / 0.05
        let initial = log(Double(start) / Double(target))
        for n in 1...12 {
            exposure.expose(meanLogLuminance: log(0.05), meanColour: grey, appliedGains: SIMD3(repeating: 1), settings: settings)
            let left = log(Double(exposure.scale!) / Double(target)) / initial
            #expect(abs(left - exp(-Double(n) / 6)) < 1e-4, "frame \(n): \(left) of the log error left")
        }
    }

    /// Motion blur's length is the pose's speed times the exposure time: a yaw of 60 deg/s over 1/120 s
    /// moves the image centre by fx * 2 tan(0.25 deg), and a sideways walk of 0.6 m/s 2 m from the wall by
    /// fx * 0.005 / 2; a turned frame is smoothed across, not along, the turn.
    @Test func blurLengthIsThePosesSpeedTimesTheExposureTime() throws {
        let room = TestScenes.roomFacingWall()
        var settings = Self.plain
        settings.width = 160
        settings.height = 120
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: [room], objects: []), rooms: [room], settings: settings)
        let pose = TestScenes.levelCamera
        let seconds = 1.0 / 120
        let half = 60.0 * .pi / 180 * seconds / 2
        let start = RigidTransform(rotation: Quaternion(angle: -half, axis: SIMD3(0, 1, 0)), translation: pose.translation)
        let end = RigidTransform(rotation: Quaternion(angle: half, axis: SIMD3(0, 1, 0)), translation: pose.translation)
        let blur = try #require(MotionBlur(renderer: renderer, pose: pose, start: start, end: end))
        var exposure = AutoExposure()
        let sharp = renderer.render(poses: [pose], exposure: &exposure, noiseSeed: 1, path: .simde)
        var blurredExposure = AutoExposure()
        let blurred = renderer.render(poses: [pose], exposure: &blurredExposure, noiseSeed: 1, shutter: (start, end), path: .simde)
        // The centre block's motion (the inverse depth the render left for it).
        let motion = blur.blockMotionAtCentre(renderer: renderer)
        let expected = renderer.intrinsics.fx * 2 * tan(half)
        #expect(abs(Double(motion.x) - expected) < 0.02 * expected, "centre moved \(motion) px, expected \(expected) px right")
        #expect(abs(Double(motion.y)) < 0.02 * expected)
        // Sideways at 0.6 m/s, 2 m from the wall.
        let step = SIMD3<Double>(0.6 * seconds / 2, 0, 0)
        let walk = try #require(MotionBlur(renderer: renderer, pose: pose,
                                           start: RigidTransform(rotation: pose.rotation, translation: pose.translation - step),
                                           end: RigidTransform(rotation: pose.rotation, translation: pose.translation + step)))
        let walked = walk.blockMotionAtCentre(renderer: renderer)
        let expectedWalk = renderer.intrinsics.fx * 0.6 * seconds / 2
        #expect(abs(Double(-walked.x) - expectedWalk) < 0.02 * expectedWalk, "centre moved \(walked) px, expected \(expectedWalk) px")
        // The turned frame lost more of its horizontal detail than of its vertical.
        func detail(_ image: ColorImage, dx: Int, dy: Int) -> Double {
            var sum = 0.0
            for y in 10..<(image.height - 10) {
                for x in 10..<(image.width - 10) {
                    sum += Double(abs(Self.pixel(image, x, y).y - Self.pixel(image, x + dx, y + dy).y))
                }
            }
            return sum
        }
        let across = detail(blurred, dx: 1, dy: 0) / detail(sharp, dx: 1, dy: 0)
        let along = detail(blurred, dx: 0, dy: 1) / detail(sharp, dx: 0, dy: 1)
        #expect(across < 0.8 * along, "horizontal detail kept \(across), vertical \(along)")
        // No motion: no blur.
        #expect(MotionBlur(renderer: renderer, pose: pose, start: pose, end: pose) == nil)
    }

    /// A rolling shutter shows each row as the camera sees it when that row is read out: panning at 60
    /// deg/s with a 30 ms readout (first row at -0.9 deg of yaw, last at +0.9), the centre column's point of
    /// row y moves by fx * tan(yaw at y) against the frame's pose (y / (height - 1) of the way from first to
    /// last), one way at the top, the other at the bottom, not at all in the middle, and not vertically. In
    /// the image, a band of rows shows the global-shutter image moved by its row's shift: a vertical edge
    /// leans. A sideways walk shifts rows by fx x the distance walked / the depth.
    @Test func rollingShutterShiftsEachRowByWhereTheCameraIsAtItsReadout() throws {
        let room = TestScenes.roomFacingWall()
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: [room], objects: []), rooms: [room], settings: Self.plain)
        let k = renderer.intrinsics
        let pose = TestScenes.levelCamera
        let readoutSeconds = 0.03
        let half = 60.0 * .pi / 180 * readoutSeconds / 2
        let first = RigidTransform(rotation: pose.rotation * Quaternion(angle: -half, axis: SIMD3(0, 1, 0)), translation: pose.translation)
        let last = RigidTransform(rotation: pose.rotation * Quaternion(angle: half, axis: SIMD3(0, 1, 0)), translation: pose.translation)
        // Yaw at row y, and where the centre column's point (straight ahead) then shows: a camera turned
        // left by a sees it fx tan(a) to the right.
        func yaw(atRow y: Double) -> Double { -half + 2 * half * y / Double(k.height - 1) }
        let turn = try #require(MotionBlur(renderer: renderer, pose: pose, shutter: nil, readout: (first, last)))
        let offsets = turn.blockOffsetsInCentreColumn(renderer: renderer)
        for (row, offset) in offsets {
            let expected = k.fx * tan(yaw(atRow: row))
            #expect(abs(Double(offset.x) - expected) < 0.02 * k.fx * tan(half) + 0.01,
                    "block row at y \(row): shifted \(offset.x) px, expected \(expected) px")
            #expect(abs(Double(offset.y)) < 0.05, "block row at y \(row): moved \(offset.y) px vertically")
        }
        #expect(offsets.first!.offset.x < -0.9 * Float(k.fx * tan(half)) && offsets.last!.offset.x > 0.9 * Float(k.fx * tan(half)))
        // The image: each band of 16 rows is the global-shutter image moved by its centre row's shift (the
        // best whole-pixel match of the textured wall, within a pixel of it).
        var exposure = AutoExposure()
        let global = renderer.render(poses: [pose], exposure: &exposure, noiseSeed: 1, path: .simde)
        var rollingExposure = AutoExposure()
        let rolling = renderer.render(poses: [pose], exposure: &rollingExposure, noiseSeed: 1, readout: (first, last), path: .simde)
        #expect(rolling.rgb != global.rgb)
        var shifts: [Int] = []
        for band in Swift.stride(from: 16, to: k.height - 32, by: 64) {
            let centre = Double(band) + 7.5
            let expected = k.fx * tan(yaw(atRow: centre))
            var best = (shift: 0, difference: Double.infinity)
            for shift in -20...20 {
                var difference = 0.0
                for y in band..<(band + 16) {
                    for x in 120..<(k.width - 120) {
                        difference += Double(abs(Self.pixel(rolling, x, y).y - Self.pixel(global, x - shift, y).y))
                    }
                }
                if difference < best.difference { best = (shift, difference) }
            }
            #expect(abs(Double(best.shift) - expected) <= 1, "rows \(band)..<\(band + 16): moved \(best.shift) px, expected \(expected) px")
            shifts.append(best.shift)
        }
        #expect(shifts.first! < 0 && shifts.last! > 0, "the top and bottom bands move opposite ways: \(shifts)")
        // Sideways at 0.6 m/s, 2 m from the wall: the first row is read with the camera 9 mm to the left,
        // the last 9 mm to the right; the wall moves the other way.
        let step = SIMD3<Double>(0.6 * readoutSeconds / 2, 0, 0)
        let walk = try #require(MotionBlur(renderer: renderer, pose: pose, shutter: nil,
                                           readout: (RigidTransform(rotation: pose.rotation, translation: pose.translation - step),
                                                     RigidTransform(rotation: pose.rotation, translation: pose.translation + step))))
        let walked = walk.blockOffsetsInCentreColumn(renderer: renderer)
        for (row, offset) in walked {
            let expected = -k.fx * (-step.x + 2 * step.x * row / Double(k.height - 1)) / 2
            #expect(abs(Double(offset.x) - expected) < 0.02 * k.fx * step.x / 2 + 0.01,
                    "block row at y \(row): shifted \(offset.x) px, expected \(expected) px")
        }
        // No readout time: no shift, and no rolling-shutter pass.
        #expect(MotionBlur(renderer: renderer, pose: pose, shutter: nil, readout: nil) == nil)
    }

    /// The noise's variance follows the documented model: two renders of a flat, evenly lit wall that
    /// differ only in their noise seed differ by twice the model's variance at each pixel's level (plus
    /// the rounding's 1/12 a render), within 12 %.
    @Test func noiseVarianceFollowsTheDocumentedModel() throws {
        let room = TestScenes.roomFacingWall()
        var settings = Self.plain
        settings.textures = false
        settings.ambientOcclusion = 0
        settings.noiseLevel = 1
        settings.noiseReduction = 1
        settings.width = 320
        settings.height = 240
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: [room], objects: []), rooms: [room], settings: settings)
        var quiet = settings
        quiet.noiseLevel = 0
        let clean = ColorRenderer(geometry: SceneGeometry(rooms: [room], objects: []), rooms: [room], settings: quiet)
        let pose = TestScenes.levelCamera
        var e0 = AutoExposure(), e1 = AutoExposure(), e2 = AutoExposure()
        let reference = clean.render(poses: [pose], exposure: &e0, noiseSeed: 1, path: .simde)
        let a = renderer.render(poses: [pose], exposure: &e1, noiseSeed: 1, path: .simde)
        let b = renderer.render(poses: [pose], exposure: &e2, noiseSeed: 2, path: .simde)
        let gain = try #require(renderer.realisedExposure(e1)).gain
        let pairs = renderer.sensor.encodingPairs(gain: gain)
        // Each code's model sigma: the mean over the table's steps that give that code.
        var sigmaByCode = [Double](repeating: 0, count: 256), steps = [Double](repeating: 0, count: 256)
        for k in 0..<(pairs.count / 2) {
            sigmaByCode[Int(pairs[2 * k])] += Double(pairs[2 * k + 1])
            steps[Int(pairs[2 * k])] += 1
        }
        var observed = 0.0, model = 0.0, count = 0.0
        for i in 0..<reference.rgb.count where reference.rgb[i] > 20 && reference.rgb[i] < 235 {
            let code = Int(reference.rgb[i])
            guard steps[code] > 0 else { continue }
            let sigma = sigmaByCode[code] / steps[code]
            let d = Double(a.rgb[i]) - Double(b.rgb[i])
            observed += d * d / 2
            model += sigma * sigma + 1.0 / 12
            count += 1
        }
        #expect(count > 10_000)
        #expect(model / count > 1, "the model's noise is above a code: \(model / count)")
        #expect(abs(observed / model - 1) < 0.12, "observed variance \(observed / count), model \(model / count)")
    }

    /// The surface pass's eight-lane kernel gives its one-pixel reference's bits, on a real scene's
    /// records with ids (sky, surfaces, decorations) and inverse depths drawn at random, on a width that
    /// leaves a tail: pixel by pixel (`blocky` false: eight pixels almost never show one patch, so each
    /// group loads eight records) and block by block (most 4x4 blocks one patch, as in a rendered image:
    /// groups of one record; some blocks mixed), over rows that start off a multiple of four.
    @Test(arguments: [false, true])
    func theSurfaceKernelEqualsItsScalarReference(blocky: Bool) throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        let renderer = ColorRenderer(scene: scene)
        let patches = renderer.appearance.records.count / Int(CCOLOR_SURFACE_RECORD)
        let width = 93, rows = 14, stride = 96
        var state: UInt64 = 42
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
        var ids = (0..<(rows * stride)).map { _ in Int32(Int(next() % UInt64(patches + 8))) - 8 < 0 ? -1 : Int32(Int(next() % UInt64(patches))) }
        var best = (0..<(rows * stride)).map { _ in next() % 10 == 0 ? Float(0) : Float(next() % 10_000) / 4000 + 0.02 }
        if blocky {
            for by in 0..<(rows / 4) {
                for bx in 0..<(stride / 4) where next() % 5 != 0 {
                    let id = Int32(Int(next() % UInt64(patches)))
                    let inverse = Float(next() % 10_000) / 4000 + 0.05, slope = Float(next() % 100) / 10_000
                    for r in 0..<4 {
                        for c in 0..<4 {
                            ids[(by * 4 + r) * stride + bx * 4 + c] = id
                            best[(by * 4 + r) * stride + bx * 4 + c] = inverse + slope * Float(c + r)
                        }
                    }
                }
            }
        }
        let firstRow = blocky ? 2 : 0
        let linear = (0..<(rows * width * 3)).map { _ in Float(next() % 10_000) / 5000 }
        var simd = linear, scalar = linear
        let pose = RigidTransform(rotation: Quaternion(angle: 0.7, axis: SIMD3(0, 1, 0)) * Quaternion(angle: -0.2, axis: SIMD3(1, 0, 0)),
                                  translation: SIMD3(2.5, 1.4, 2.6))
        let k = renderer.intrinsics
        func f(_ v: SIMD3<Double>) -> SIMD3<Float> { SIMD3<Float>(Float(v.x), Float(v.y), Float(v.z)) }
        renderer.appearance.withSurface(camera: f(pose.translation), rayX: f(pose.rotation.act(SIMD3(1 / k.fx, 0, 0))),
                                        rayY: f(pose.rotation.act(SIMD3(0, -1 / k.fy, 0))),
                                        rayOrigin: f(pose.rotation.act(SIMD3(-k.cx / k.fx, k.cy / k.fy, -1))), fx: Float(k.fx),
                                        cx: Float(k.cx), cy: Float(k.cy), vignette: 0.3, inverseHalfDiagonalSquared: 1e-5) { surface in
            ids.withUnsafeBufferPointer { i in
                best.withUnsafeBufferPointer { b in
                    simd.withUnsafeMutableBufferPointer { o in
                        // Two calls, as the renderer makes them strip by strip.
                        ccolor_surface_rows(surface.pointer, firstRow, 8, width, stride, b.baseAddress!, i.baseAddress!, o.baseAddress!, 0)
                        ccolor_surface_rows(surface.pointer, 8, rows, width, stride, b.baseAddress!, i.baseAddress!, o.baseAddress!, 0)
                    }
                    scalar.withUnsafeMutableBufferPointer { o in
                        ccolor_surface_rows_scalar(surface.pointer, firstRow, rows, width, stride, b.baseAddress!, i.baseAddress!,
                                                   o.baseAddress!, 0)
                    }
                }
            }
        }
        #expect(simd.map(\.bitPattern) == scalar.map(\.bitPattern))
        #expect(simd != linear, "the pass changed the image")
    }
}

/// The motion blur's kernel (`ccolor_motion_blur_rows`, four pixels' twelve floats a vector operation)
/// against its arithmetic one float at a time.
@Suite struct MotionBlurKernelTests {
    /// The blur as `CColorSurface.h` documents it, one float at a time: per run of four pixels of a block
    /// row, `taps` bilinear samples along the block's motion centred on the pixels moved back by its
    /// offset, row r of the block sampling r rows below its first row's positions; a run's samples inside
    /// the image share one set of weights (the block's), near the edges each pixel's sample is clamped to
    /// the image on its own.
    static func reference(_ image: [Float], width: Int, height: Int, motion: [Float], offsets: [Float]?) -> [Float] {
        var out = [Float](repeating: 0, count: width * height * 3)
        let blocksX = (width + 3) / 4
        let xmax = Float(width - 1), ymax = Float(height - 1)
        for y in 0..<height {
            for x0 in stride(from: 0, to: width, by: 4) {
                let n = min(4, width - x0)
                let block = 2 * ((y / 4) * blocksX + x0 / 4)
                let mx = motion[block], my = motion[block + 1]
                let ox = offsets?[block] ?? 0, oy = offsets?[block + 1] ?? 0
                let length = (mx * mx + my * my).squareRoot()
                var taps = 1
                if length >= 0.5 {
                    taps = min(32, Int((length * (Float(1) / Float(1.5))).rounded(.up)) + 1)
                } else if ox == 0 && oy == 0 {
                    for c in 0..<(3 * n) { out[(y * width + x0) * 3 + c] = image[(y * width + x0) * 3 + c] }
                    continue
                }
                let step: Float = taps > 1 ? 1 / Float(taps - 1) : 0
                let firstRow = y / 4 * 4, r = Float(y - firstRow)
                let cx = Float(x0) - ox, cy = Float(firstRow) - oy
                var sum = [Float](repeating: 0, count: 12)
                for k in 0..<taps {
                    let f: Float = taps > 1 ? Float(k) * step - 0.5 : 0
                    let sx = cx + mx * f, sy = cy + my * f
                    let fx0 = sx.rounded(.down), fy0 = sy.rounded(.down), fy = fy0 + r
                    if n == 4 && fx0 >= 0 && fx0 + 4 < xmax && fy >= 0 && fy + 1 <= ymax {
                        let ax = sx - fx0, ay = sy - fy0
                        let w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay
                        let p0 = (Int(fy) * width + Int(fx0)) * 3, p1 = p0 + width * 3
                        for c in 0..<12 {
                            let a = image[p0 + c] * w00 + image[p0 + c + 3] * w10
                            let b = a + image[p1 + c] * w01
                            sum[c] += b + image[p1 + c + 3] * w11
                        }
                        continue
                    }
                    for j in 0..<n {
                        let px = min(max(sx + Float(j), 0), xmax), py = min(max(sy + r, 0), ymax)
                        let gx = px.rounded(.down), gy = py.rounded(.down)
                        let ax = px - gx, ay = py - gy
                        let ix = Int(gx), iy = Int(gy)
                        let ix1 = ix + 1 < width ? ix + 1 : ix, iy1 = iy + 1 < height ? iy + 1 : iy
                        let w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay
                        for c in 0..<3 {
                            let a = image[(iy * width + ix) * 3 + c] * w00 + image[(iy * width + ix1) * 3 + c] * w10
                            let b = a + image[(iy1 * width + ix) * 3 + c] * w01
                            sum[3 * j + c] += b + image[(iy1 * width + ix1) * 3 + c] * w11
                        }
                    }
                }
                let inverse = 1 / Float(taps)
                for c in 0..<(3 * n) { out[(y * width + x0) * 3 + c] = sum[c] * inverse }
            }
        }
        return out
    }

    /// Random images and block motions (still blocks, short and long smears up to the 32-tap limit,
    /// samples running off every edge), on a width that leaves a short run, with and without the
    /// rolling shutter's offsets: the kernel's bits are the reference's.
    @Test(arguments: [false, true])
    func theBlurKernelEqualsItsOneFloatArithmetic(offsets withOffsets: Bool) {
        let width = 37, height = 23
        let blocks = ((width + 3) / 4) * ((height + 3) / 4)
        var state: UInt64 = withOffsets ? 7 : 3
        func unit() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        let image = (0..<(width * height * 3)).map { _ in unit() * 2 }
        let motion = (0..<(2 * blocks)).map { k -> Float in
            let kind = k / 2 % 4
            return kind == 0 ? (unit() - 0.5) * 0.6 : (unit() - 0.5) * (kind == 3 ? 90 : 12)
        }
        let offsets: [Float]? = withOffsets ? (0..<(2 * blocks)).map { _ in (unit() - 0.5) * 6 } : nil
        var out = [Float](repeating: -1, count: width * height * 3)
        image.withUnsafeBufferPointer { i in
            motion.withUnsafeBufferPointer { m in
                out.withUnsafeMutableBufferPointer { o in
                    // Two calls, as the renderer makes them four rows at a time.
                    if let offsets {
                        offsets.withUnsafeBufferPointer { f in
                            ccolor_motion_blur_rows(i.baseAddress!, o.baseAddress!, width, height, m.baseAddress!, f.baseAddress!, (width + 3) / 4, 0, 8, 0)
                            ccolor_motion_blur_rows(i.baseAddress!, o.baseAddress! + 8 * width * 3, width, height, m.baseAddress!, f.baseAddress!,
                                                    (width + 3) / 4, 8, height, 8)
                        }
                    } else {
                        ccolor_motion_blur_rows(i.baseAddress!, o.baseAddress!, width, height, m.baseAddress!, nil, (width + 3) / 4, 0, 8, 0)
                        ccolor_motion_blur_rows(i.baseAddress!, o.baseAddress! + 8 * width * 3, width, height, m.baseAddress!, nil,
                                                (width + 3) / 4, 8, height, 8)
                    }
                }
            }
        }
        let expected = Self.reference(image, width: width, height: height, motion: motion, offsets: offsets)
        #expect(out.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(out != image, "the blur changed the image")
    }

    /// The blocks' shifts from `ccolor_block_row_shifts` (four blocks a vector operation) against
    /// `MotionBlur`'s Swift loop: a fast turn with a sideways step, the blur and the rolling shutter at
    /// once, on a size that leaves short blocks at the right and bottom edges, over random inverse depths
    /// with sky (0) and points that the end of the exposure sees behind the camera: the same bits.
    @Test func theBlockShiftKernelEqualsTheSwiftLoop() throws {
        let room = TestScenes.roomFacingWall()
        var settings = CameraModelTests.plain
        (settings.width, settings.height) = (70, 41)
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: [room], objects: []), rooms: [room], settings: settings)
        let pose = TestScenes.levelCamera
        func turned(_ degrees: Double, _ sideways: Double) -> RigidTransform {
            RigidTransform(rotation: pose.rotation * Quaternion(angle: degrees * .pi / 180, axis: SIMD3(0, 1, 0)),
                           translation: pose.translation + SIMD3(sideways, 0.01, 0))
        }
        let blur = try #require(MotionBlur(renderer: renderer, pose: pose, shutter: (turned(-5, -0.02), turned(100, 0.03)),
                                           readout: (turned(-2, 0), turned(3, 0.01))))
        var state: UInt64 = 11
        for i in 0..<(70 * 41) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let u = Float(state >> 40) / Float(1 << 24)
            blur.inverseDepth[i] = u < 0.2 ? 0 : 0.1 + u * 4
        }
        let kernel = blur.blockField(), reference = blur.blockField(reference: true)
        let count = kernel.count
        let motion = Array(UnsafeBufferPointer(start: kernel.motion, count: count))
        let offsets = Array(UnsafeBufferPointer(start: try #require(kernel.offsets), count: count))
        #expect(motion.map(\.bitPattern) == Array(UnsafeBufferPointer(start: reference.motion, count: count)).map(\.bitPattern))
        #expect(offsets.map(\.bitPattern) == Array(UnsafeBufferPointer(start: try #require(reference.offsets), count: count)).map(\.bitPattern))
        // The case is not trivial: blocks of every kind.
        #expect(motion.contains { $0 > 1 } && motion.contains { $0 < -1 } && offsets.contains { abs($0) > 0.5 })
        #expect(motion.contains(0), "some block's point is behind the camera at the end of the exposure")
    }
}

extension MotionBlur {
    /// The rolling-shutter offsets of the blocks in the image's centre column with every pixel 2 m away
    /// (the wall in front of ``TestScenes/levelCamera``): each block row's centre y and its offset, pixels.
    func blockOffsetsInCentreColumn(renderer: ColorRenderer) -> [(row: Double, offset: SIMD2<Float>)] {
        let w = renderer.intrinsics.width, h = renderer.intrinsics.height
        inverseDepth.update(repeating: 0.5, count: w * h)
        let field = blockField()
        guard let offsets = field.offsets else { return [] }
        let blocksX = (w + 3) / 4, blocksY = (h + 3) / 4
        return (0..<blocksY).map { by in
            let i = 2 * (by * blocksX + w / 8)
            return (Double(min(h, by * 4 + 4) + by * 4) / 2 - 0.5, SIMD2(offsets[i], offsets[i + 1]))
        }
    }

    /// The motion of the block at the image's centre with every pixel 2 m away (the wall in front of
    /// ``TestScenes/levelCamera``), pixels.
    func blockMotionAtCentre(renderer: ColorRenderer) -> SIMD2<Float> {
        let w = renderer.intrinsics.width, h = renderer.intrinsics.height
        inverseDepth.update(repeating: 0.5, count: w * h)
        let motion = blockMotion()
        let blocksX = (w + 3) / 4
        let i = 2 * ((h / 8) * blocksX + w / 8)
        return SIMD2(motion[i], motion[i + 1])
    }
}
