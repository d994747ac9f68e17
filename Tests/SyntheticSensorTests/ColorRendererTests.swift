import CaptureEngine
import Foundation
import TestSupport
import Testing
@testable import SyntheticSensor

@Suite struct ColorRendererTests {
    /// Noise and white balance off, one exposure: images that show only the scene.
    static var clean: CameraSettings {
        var s = CameraSettings()
        s.noiseLevel = 0
        s.whiteBalanceStrength = 0
        return s
    }

    static func luminance(_ image: ColorImage, _ x: Int, _ y: Int) -> Double {
        let i = (y * image.width + x) * 3
        return 0.2126 * Double(image.rgb[i]) + 0.7152 * Double(image.rgb[i + 1]) + 0.0722 * Double(image.rgb[i + 2])
    }

    static func pixel(_ image: ColorImage, _ x: Int, _ y: Int) -> SIMD3<Int> {
        let i = (y * image.width + x) * 3
        return SIMD3(Int(image.rgb[i]), Int(image.rgb[i + 1]), Int(image.rgb[i + 2]))
    }

    /// A dark box on a light floor in front of a light wall, seen from above and to the side.
    static func boxScene() -> (geometry: SceneGeometry, rooms: [Room], pose: RigidTransform) {
        let room = TestScenes.roomFacingWall()
        var box = SceneObject(category: .storage, dimensions: SIMD3(0.8, 0.9, 0.6),
                              transform: RigidTransform(rotation: Quaternion(angle: 0.5, axis: SIMD3(0, 1, 0)),
                                                        translation: SIMD3(0.2, 0.45, -1.2)))
        box.material = .preset(.dark)
        let pose = RigidTransform(rotation: Quaternion(angle: -0.35, axis: SIMD3(1, 0, 0)), translation: SIMD3(0, 1.5, 0.6))
        return (SceneGeometry(rooms: [room], objects: [box]), [room], pose)
    }

    @Test func depthEdgesAndColourEdgesFallOnTheSamePixelsAfterScaling() {
        let (geometry, rooms, pose) = Self.boxScene()
        let depth = DepthRenderer(geometry: geometry, settings: TestScenes.noiseless).render(cameraToWorld: pose, noiseSeed: 1, path: .scalar)
        var exposure = AutoExposure()
        let colour = ColorRenderer(geometry: geometry, rooms: rooms, settings: Self.clean)
            .render(poses: [pose], exposure: &exposure, noiseSeed: 1, path: .scalar)
        #expect(colour.width == 640 && colour.height == 480)
        // Depth discontinuities: a 4-neighbour more than 10 % nearer or farther.
        var edges: [(Int, Int)] = []
        for y in 1..<(depth.height - 1) {
            for x in 1..<(depth.width - 1) {
                let z = TestScenes.depth(depth, x, y)
                guard z > 0 else { continue }
                let neighbours = [TestScenes.depth(depth, x + 1, y), TestScenes.depth(depth, x, y + 1)]
                if neighbours.contains(where: { abs($0 - z) > 0.1 * z }) { edges.append((x, y)) }
            }
        }
        #expect(edges.count > 100, "the box's outline: \(edges.count) depth edge pixels")
        // Each depth edge, scaled to the colour image (pixel centres: (x + 0.5) * 2.5 - 0.5), has a colour
        // step of at least 20 levels within 2 colour pixels.
        let scale = Double(colour.width) / Double(depth.width)
        var agreeing = 0
        for (x, y) in edges {
            let cx = Int(((Double(x) + 0.5) * scale - 0.5).rounded()), cy = Int(((Double(y) + 0.5) * scale - 0.5).rounded())
            var low = 255.0, high = 0.0
            for dy in -3...3 {
                for dx in -3...3 {
                    let px = min(colour.width - 1, max(0, cx + dx)), py = min(colour.height - 1, max(0, cy + dy))
                    let l = Self.luminance(colour, px, py)
                    low = min(low, l); high = max(high, l)
                }
            }
            if high - low >= 20 { agreeing += 1 }
        }
        #expect(Double(agreeing) >= 0.97 * Double(edges.count), "\(agreeing) of \(edges.count) depth edges have a colour edge")
        // And away from the box's outline the dark box and the light wall differ: not a uniform image.
        #expect(abs(Self.luminance(colour, 330, 300) - Self.luminance(colour, 40, 40)) > 30)
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOtherNoise() {
        let (geometry, rooms, pose) = Self.boxScene()
        let renderer = ColorRenderer(geometry: geometry, rooms: rooms, settings: CameraSettings(width: 160, height: 120))
        var e1 = AutoExposure(), e2 = AutoExposure(), e3 = AutoExposure()
        let a = renderer.render(poses: [pose], exposure: &e1, noiseSeed: 7, path: .scalar)
        let b = renderer.render(poses: [pose], exposure: &e2, noiseSeed: 7, path: .scalar, bands: 3)
        let c = renderer.render(poses: [pose], exposure: &e3, noiseSeed: 8, path: .scalar)
        #expect(a.rgb == b.rgb)
        #expect(a.rgb != c.rgb)
    }

    /// The first pose of a motion-blurred frame sets every linear sample and the others add to it:
    /// two halves of the same pose give exactly the one-pose image.
    @Test func aBlurOfTwoEqualPosesIsTheOnePoseImage() {
        let (geometry, rooms, pose) = Self.boxScene()
        let renderer = ColorRenderer(geometry: geometry, rooms: rooms, settings: CameraSettings(width: 160, height: 120))
        var e1 = AutoExposure(), e2 = AutoExposure()
        #expect(renderer.render(poses: [pose], exposure: &e1, noiseSeed: 5, path: .simde, bands: 2).rgb
                == renderer.render(poses: [pose, pose], exposure: &e2, noiseSeed: 5, path: .simde, bands: 2).rgb)
    }

    /// Frames after the first are shaded and encoded in one pass (four rows at a time per band); a
    /// motion-blurred frame goes through the whole linear image. Blurring two equal poses must give the
    /// one-pass bytes, for any band count (noise on, a 161-pixel-wide image: a partial block column and
    /// an encoder tail).
    @Test func theOnePassEncodingEqualsTheLinearImagePathOnLaterFrames() {
        let (geometry, rooms, pose) = Self.boxScene()
        let renderer = ColorRenderer(geometry: geometry, rooms: rooms, settings: CameraSettings(width: 161, height: 122))
        let second = RigidTransform(rotation: pose.rotation, translation: pose.translation + SIMD3(0.05, 0, 0.02))
        var e1 = AutoExposure(), e2 = AutoExposure(), e3 = AutoExposure()
        _ = renderer.render(poses: [pose], exposure: &e1, noiseSeed: 5, path: .simde, bands: 1)
        _ = renderer.render(poses: [pose, pose], exposure: &e2, noiseSeed: 5, path: .simde, bands: 2)
        _ = renderer.render(poses: [pose], exposure: &e3, noiseSeed: 5, path: .simde, bands: 3)
        let onePass = renderer.render(poses: [second], exposure: &e1, noiseSeed: 6, path: .simde, bands: 1)
        let linear = renderer.render(poses: [second, second], exposure: &e2, noiseSeed: 6, path: .simde, bands: 2)
        let threeBands = renderer.render(poses: [second], exposure: &e3, noiseSeed: 6, path: .simde, bands: 3)
        #expect(onePass.rgb == linear.rgb)
        #expect(onePass.rgb == threeBands.rgb)
        #expect(e1 == e2 && e1 == e3)
    }

    /// Auto exposure lags a frame: a frame is exposed with the scale the frames before it set, so the
    /// same view after a dark view and after a bright one gives different images, and the first frame
    /// is exposed with its own scale.
    @Test func autoExposureAppliesThePreviousFramesScale() {
        let (geometry, rooms, pose) = Self.boxScene()
        var settings = Self.clean
        settings.width = 160
        settings.height = 120
        settings.exposureTimeConstantSeconds = 0
        let renderer = ColorRenderer(geometry: geometry, rooms: rooms, settings: settings)
        // Looking down at the dark box from close by.
        let dark = RigidTransform(rotation: Quaternion(angle: -1.2, axis: SIMD3(1, 0, 0)), translation: SIMD3(0.2, 1.4, -1.0))
        var afterSame = AutoExposure(), afterDark = AutoExposure()
        let first = renderer.render(poses: [pose], exposure: &afterSame, noiseSeed: 1, path: .simde)
        let again = renderer.render(poses: [pose], exposure: &afterSame, noiseSeed: 1, path: .simde)
        _ = renderer.render(poses: [dark], exposure: &afterDark, noiseSeed: 1, path: .simde)
        let afterDarkView = renderer.render(poses: [pose], exposure: &afterDark, noiseSeed: 1, path: .simde)
        #expect(first.rgb == again.rgb)
        #expect(afterDarkView.rgb != first.rgb)
    }

    @Test func theSIMDeAndScalarRasterisersGiveTheSameImage() {
        let (geometry, rooms, pose) = Self.boxScene()
        let renderer = ColorRenderer(geometry: geometry, rooms: rooms, settings: CameraSettings(width: 160, height: 120))
        var e1 = AutoExposure(), e2 = AutoExposure()
        let scalar = renderer.render(poses: [pose], exposure: &e1, noiseSeed: 3, path: .scalar).rgb
        #expect(scalar == renderer.render(poses: [pose], exposure: &e2, noiseSeed: 3, path: .simde).rgb)
    }

    /// The C shading pass (SIMDe, `ccolor_shade_rows`) against the Swift shading (scalar) on the scenes with
    /// glass panes, a mirror, glossy furniture and sun through windows, along their walks: the same bytes,
    /// one pose (shaded and encoded four rows at a time) and two (motion blur: the linear image, added).
    @Test(arguments: ["glass-mirror", "apartment"])
    func theCShadingPassGivesTheSwiftShadingsBytes(scene name: String) throws {
        let scene = try Scene.load(path: PackageFolder.scene(name))
        let capture = SyntheticCapture(scene: scene)
        var settings = scene.camera
        settings.width = 320
        settings.height = 240
        let renderer = ColorRenderer(geometry: SceneGeometry(scene: scene), rooms: scene.rooms, settings: settings)
        var e1 = AutoExposure(), e2 = AutoExposure()
        for k in 0..<8 {
            let pose = capture.truePose(at: capture.duration * Double(k) / 8)
            let later = capture.truePose(at: capture.duration * Double(k) / 8 + 0.02)
            let poses = k % 4 == 3 ? [pose, later] : [pose]
            let scalar = renderer.render(poses: poses, exposure: &e1, noiseSeed: UInt64(k), path: .scalar, bands: 1)
            let simde = renderer.render(poses: poses, exposure: &e2, noiseSeed: UInt64(k), path: .simde, bands: 2)
            #expect(scalar.rgb == simde.rgb, "\(name), pose \(k)")
        }
    }

    @Test func aTintedGlassPaneColoursTheWindowButLeavesDepthAlone() {
        var clear = WallOpening(kind: .window, wall: 0, offset: 2.5, width: 1, height: 1, sillHeight: 1)
        clear.material = nil
        var tinted = clear
        tinted.material = Material(kind: .glass, albedo: SIMD3(0.2, 0.9, 0.2), gloss: 1)
        func render(_ window: WallOpening) -> (ColorImage, DepthMap) {
            let rooms = [TestScenes.roomFacingWall(openings: [window])]
            let geometry = SceneGeometry(rooms: rooms, objects: [])
            var settings = Self.clean
            settings.exposureTimeConstantSeconds = 0
            var exposure = AutoExposure()
            let image = ColorRenderer(geometry: geometry, rooms: rooms, settings: settings)
                .render(poses: [TestScenes.levelCamera], exposure: &exposure, noiseSeed: 1, path: .scalar)
            return (image, DepthRenderer(geometry: geometry, settings: TestScenes.noiseless)
                .render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1, path: .scalar))
        }
        let (open, openDepth) = render(clear), (glass, glassDepth) = render(tinted)
        #expect(openDepth.depth == glassDepth.depth)
        // The window's centre (pixel 320, 240 looks at y 1.5 through x 0): the sky, green behind the pane.
        let sky = Self.pixel(open, 320, 200), green = Self.pixel(glass, 320, 200)
        #expect(green.y > green.x + 40 && green.y > green.z + 40, "tinted sky \(green)")
        #expect(abs(sky.x - sky.y) < 60, "clear sky \(sky)")
    }

    /// Through an open window the far view has a skyline: buildings of their own greys on the horizon
    /// (``ColorRenderer/skylineBrightness``), the blue sky above them, and the C shading pass draws the same
    /// bytes as the Swift one.
    @Test func aWindowShowsADistantSkylineTheSameInBothShadingPaths() {
        var window = WallOpening(kind: .window, wall: 0, offset: 1, width: 4, height: 1.6, sillHeight: 0.7)
        window.material = nil
        let rooms = [TestScenes.roomFacingWall(openings: [window])]
        var settings = Self.clean
        settings.width = 320
        settings.height = 240
        settings.exposureTimeConstantSeconds = 0
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: rooms, objects: []), rooms: rooms, settings: settings)
        var e1 = AutoExposure(), e2 = AutoExposure()
        let scalar = renderer.render(poses: [TestScenes.levelCamera], exposure: &e1, noiseSeed: 1, path: .scalar)
        let simde = renderer.render(poses: [TestScenes.levelCamera], exposure: &e2, noiseSeed: 1, path: .simde)
        #expect(scalar.rgb == simde.rgb)
        // Row 117 looks 0.3-0.6 degrees up (every building is higher): grey buildings; row 60, 13 degrees
        // up (none is): the sky, bluer.
        let buildings = (100..<220).map { Self.pixel(scalar, $0, 117) }, sky = Self.pixel(scalar, 160, 60)
        #expect(buildings.allSatisfy { abs($0.x - $0.z) < 25 }, "\(buildings)")
        #expect(Set(buildings.map { $0.x / 8 }).count >= 3, "buildings of their own greys: \(buildings)")
        #expect(sky.z > sky.x + 20, "sky \(sky)")
    }

    @Test func theGroundOutsideIsWhereTheRaysMeetItSoItShiftsAsTheCameraWalks() {
        // A fan of rays 20-40 degrees below the horizon from a camera 9.45 m above the ground (14-28 m to
        // the ground, nearer than the detail's fade), and the same
        // ground points seen from 0.5 m to the side: each point keeps its colour (a surface with depth),
        // while the view along the same directions changes (the skyline, at infinity, would not).
        let groundY: Float = -8, a = SIMD3<Float>(1, 1.45, 2), b = a + SIMD3(0.5, 0, 0)
        var samePoint = 0, sameDirection = 0, colours = Set<SIMD3<Float>>()
        let count = 400
        for k in 0..<count {
            let azimuth = Float(k) * 0.0157, depression = (20 + 20 * Float(k % 20) / 20) * .pi / 180
            let d = SIMD3(sin(azimuth) * cos(depression), -sin(depression), -cos(azimuth) * cos(depression))
            let colour = ColorRenderer.outsideGround(origin: a, direction: d, groundY: groundY)
            let point = a + d * ((a.y - groundY) / -d.y)
            let towards = point - b
            let fromB = ColorRenderer.outsideGround(origin: b, direction: towards / (towards * towards).sum().squareRoot(), groundY: groundY)
            if fromB == colour { samePoint += 1 }
            if ColorRenderer.outsideGround(origin: b, direction: d, groundY: groundY) == colour { sameDirection += 1 }
            colours.insert(colour)
        }
        #expect(samePoint >= count * 97 / 100, "\(samePoint) of \(count) ground points kept their colour")
        #expect(sameDirection < count * 3 / 4, "\(sameDirection) of \(count) directions showed the same colour")
        #expect(colours.count > count / 4, "a textured ground: \(colours.count) colours")
        // Near the horizon (past 200 m) the ground is one plain colour.
        let level = SIMD3<Float>(0, -0.01, -1)
        let far = ColorRenderer.outsideGround(origin: a, direction: level / (level * level).sum().squareRoot(), groundY: groundY)
        #expect(far == SIMD3(0.3, 0.32, 0.25))
    }

    @Test func aMirrorShowsTheRoomBehindTheCamera() {
        // A mirror on the wall ahead; a red box behind the camera appears in it.
        let room = TestScenes.roomFacingWall()
        var mirror = SceneObject(category: .storage, dimensions: SIMD3(2, 2, 0.05),
                                 transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 1.3, -1.97)))
        mirror.material = .preset(.mirror)
        var red = SceneObject(category: .storage, dimensions: SIMD3(1.5, 2.4, 0.2),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 1.2, 2)))
        red.material = Material(kind: .matte, albedo: SIMD3(0.8, 0.05, 0.05), gloss: 0)
        var settings = Self.clean
        settings.exposureTimeConstantSeconds = 0
        let geometry = SceneGeometry(rooms: [room], objects: [mirror, red])
        var exposure = AutoExposure()
        let image = ColorRenderer(geometry: geometry, rooms: [room], settings: settings)
            .render(poses: [TestScenes.levelCamera], exposure: &exposure, noiseSeed: 1, path: .scalar)
        let centre = Self.pixel(image, 320, 240)
        #expect(centre.x > centre.y + 40, "the mirror's centre shows the red box: \(centre)")
    }
}

/// The sun is a disc, not a point: a window's edge casts a penumbra on the floor.
@Suite struct SunPenumbraTests {
    /// A room whose 1 x 1 m window (x -0.5...0.5, y 1...2 in the wall z = -2) has no glass.
    static var sunnyRooms: [Room] {
        var window = WallOpening(kind: .window, wall: 0, offset: 2.5, width: 1, height: 1, sillHeight: 1)
        window.material = nil
        return [TestScenes.roomFacingWall(openings: [window])]
    }

    /// A 320x240 camera with the sun at 45 degrees straight through that window and no textures,
    /// occlusion or vignetting: a pixel's linear value is its light.
    static var plainLight: CameraSettings {
        var settings = CameraSettings()
        (settings.width, settings.height) = (320, 240)
        settings.sunAzimuthDegrees = 0
        settings.sunElevationDegrees = 45
        settings.textures = false
        settings.ambientOcclusion = 0
        settings.vignetting = 0
        return settings
    }

    @Test func aSunPatchEdgeRampsOverThePenumbraOfTheSunsDisc() {
        var window = WallOpening(kind: .window, wall: 0, offset: 2.5, width: 1, height: 1, sillHeight: 1)
        window.material = nil
        let rooms = [TestScenes.roomFacingWall(openings: [window])]
        var settings = CameraSettings()
        settings.sunAzimuthDegrees = 0
        settings.sunElevationDegrees = 45
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: rooms, objects: []), rooms: rooms, settings: settings)
        // The window spans x -0.5...0.5, y 1...2 in the wall z = -2; the sun at 45 degrees straight through it
        // lights the floor over x -0.5...0.5, z -1...0. At z = -0.5 the floor is 1.5 * sqrt(2) m from the
        // window along the sun's ray.
        let half = Float(1.5 * 2.0.squareRoot()) * ColorRenderer.sunAngularRadius + 1e-4
        func light(_ x: Float) -> Float { renderer.sunlight(at: SIMD3(x, 0, -0.5), room: 0) }
        #expect(light(0) == 1 && light(0.5 - 2 * half) == 1)
        #expect(light(0.5 + 2 * half) == 0)
        #expect(abs(light(0.5) - 0.5) < 0.01)
        #expect(abs(light(0.5 - half / 2) - 0.75) < 0.02 && abs(light(0.5 + half / 2) - 0.25) < 0.02)
    }

    /// A stool top 0.3 m up on the sun's path to the floor point (0, 0, -0.5) under the same window: the point
    /// keeps its ambient and ceiling light but loses the sun's (its light map cell carries the share left),
    /// and the floor beside the stool's shadow (beyond its 5 cm cells) is lit as it was without the stool.
    @Test func anObjectOnTheSunsPathCastsAShadowOnTheFloor() {
        let rooms = Self.sunnyRooms, settings = Self.plainLight
        let stool = SceneObject(category: .storage, dimensions: SIMD3(0.2, 0.04, 0.2),
                                transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 0.3, -0.8)))
        func renderer(_ objects: [SceneObject]) -> ColorRenderer {
            ColorRenderer(geometry: SceneGeometry(rooms: rooms, objects: objects), rooms: rooms, objects: objects, settings: settings)
        }
        let shaded = renderer([stool]), open = renderer([])
        let floor = SIMD3<Double>(0, 1, 0)
        let share = shaded.objectShadow(at: SIMD3(0, 0, -0.5), normal: floor, room: 0)
        #expect(share > 0.05 && share < 0.3, "the sun is most of the light there: \(share)")
        #expect(shaded.objectShadow(at: SIMD3(0.3, 0, -0.5), normal: floor, room: 0) == 1)
        #expect(open.objectShadow(at: SIMD3(0, 0, -0.5), normal: floor, room: 0) == 1)
        // The image centre seen from 0.25 m straight above (x, -0.5).
        func light(_ r: ColorRenderer, x: Double) -> Float {
            let pose = RigidTransform(rotation: Quaternion(angle: -.pi / 2, axis: SIMD3(1, 0, 0)), translation: SIMD3(x, 0.25, -0.5))
            return r.shade(poses: [pose], inverseDepth: false, path: .simde, bands: 1).linear[(120 * 320 + 160) * 3 + 1]
        }
        #expect(light(shaded, x: 0) < 0.4 * light(open, x: 0), "the shadow's centre")
        #expect(light(shaded, x: 0.3) == light(open, x: 0.3), "beside the shadow")
    }

    /// A table top 0.7 m over the floor right under the room's ceiling light (0, 2.45, 1), with no sun: the
    /// floor point below it keeps its ambient light only, ambient / (ambient + ceiling / d^2), and a floor
    /// point 1.5 m aside keeps all its light.
    @Test func aTableUnderTheCeilingLightShadowsTheFloorBelowIt() {
        let rooms = [TestScenes.roomFacingWall()]
        var settings = Self.plainLight
        settings.sun = 0
        let top = SceneObject(category: .storage, dimensions: SIMD3(0.6, 0.04, 0.6),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 0.7, 1)))
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: rooms, objects: [top]), rooms: rooms, objects: [top], settings: settings)
        let floor = SIMD3<Double>(0, 1, 0)
        let ceiling = Double(settings.ceilingLight) / (2.45 * 2.45), ambient = Double(settings.ambient)
        let share = renderer.objectShadow(at: SIMD3(0, 0, 1), normal: floor, room: 0)
        #expect(abs(Double(share) - ambient / (ambient + ceiling)) < 1e-3, "\(share)")
        #expect(renderer.objectShadow(at: SIMD3(1.5, 0, 1), normal: floor, room: 0) == 1)
    }

    /// The same stool turned 45 degrees, so that its shadow's edges cross the light map's 5 cm cells
    /// diagonally. Along a 12 cm stretch of one edge, seen from straight above, the floor's light stays
    /// near the halfway value (the cells on the edge average the shadow over their square); with each
    /// cell's centre alone it climbs stairs of most of the shadow's depth.
    @Test func aDiagonalShadowEdgeIsARampNotStairs() {
        let rooms = Self.sunnyRooms, settings = Self.plainLight
        let stool = SceneObject(category: .storage, dimensions: SIMD3(0.2, 0.04, 0.2),
                                transform: RigidTransform(rotation: Quaternion(angle: .pi / 4, axis: SIMD3(0, 1, 0)),
                                                          translation: SIMD3(0, 0.3, -0.8)))
        func renderer(_ objects: [SceneObject]) -> ColorRenderer {
            ColorRenderer(geometry: SceneGeometry(rooms: rooms, objects: objects), rooms: rooms, objects: objects, settings: settings)
        }
        let shaded = renderer([stool]), open = renderer([])
        // The sun at 45 degrees moves the shadow 0.3 m towards +z: a square turned 45 degrees about (0, -0.5).
        // One edge runs from its corner (0.1414, -0.5) to (0, -0.3586); M is its middle.
        let middle = SIMD2(0.0707, -0.4293), along = SIMD2(-1.0, 1.0) / 2.0.squareRoot()
        let height = 0.25
        let pose = RigidTransform(rotation: Quaternion(angle: -.pi / 2, axis: SIMD3(1, 0, 0)),
                                  translation: SIMD3(middle.x, height, middle.y))
        let k = shaded.intrinsics
        let lit = open.shade(poses: [pose], inverseDepth: false, path: .simde, bands: 1).linear
        let image = shaded.shade(poses: [pose], inverseDepth: false, path: .simde, bands: 1).linear
        var shares: [Float] = []
        for step in -6...6 {
            let q = middle + along * (Double(step) * 0.01)
            let px = Int((k.cx + k.fx * (q.x - middle.x) / height).rounded()), py = Int((k.cy + k.fy * (q.y - middle.y) / height).rounded())
            let index = (py * k.width + px) * 3 + 1
            shares.append(image[index] / lit[index])
        }
        let spread = shares.max()! - shares.min()!
        #expect(spread < 0.2, "the light's share of the open floor's along the edge: \(shares)")
        #expect(shares.allSatisfy { $0 > 0.3 && $0 < 0.85 }, "halfway between shadow and sun: \(shares)")
    }

    /// The floor under the same window seen from straight above its sun patch's edge (x = 0.5), without
    /// textures, occlusion, vignetting or lens distortion, so a pixel's linear value is its light: where
    /// the edge crosses a 4x4 block, the block is lit pixel by pixel (its ramp pixels take more than one
    /// value), the same in the C pass and its Swift reference.
    @Test func aSunEdgeAcrossALightingBlockRampsPixelByPixelInBothPaths() {
        let rooms = Self.sunnyRooms, settings = Self.plainLight
        let renderer = ColorRenderer(geometry: SceneGeometry(rooms: rooms, objects: []), rooms: rooms, settings: settings)
        // Looking straight down from 0.6 m above the floor at (0.5, -0.5): image columns are world x.
        let pose = RigidTransform(rotation: Quaternion(angle: -.pi / 2, axis: SIMD3(1, 0, 0)), translation: SIMD3(0.5, 0.6, -0.5))
        let simde = renderer.shade(poses: [pose], inverseDepth: false, path: .simde, bands: 2)
        let scalar = renderer.shade(poses: [pose], inverseDepth: false, path: .scalar, bands: 1)
        let count = 3 * 320 * 240
        #expect(Array(UnsafeBufferPointer(start: simde.linear, count: count)) == Array(UnsafeBufferPointer(start: scalar.linear, count: count)))
        var rampPixels = 0, repeated = 0
        for y in 100..<140 {
            let row = (0..<320).map { simde.linear[(y * 320 + $0) * 3] }
            let lit = row[100...140].max()!, dark = row[180...220].min()!
            #expect(lit > dark * 1.5, "row \(y): no sun patch edge in view")
            // The ramp between the patch and the shade: each pixel's light its own, so no two neighbours
            // in it are equal (lit per block, four neighbours would share one value).
            let inRamp = (140...180).filter { row[$0] > dark + 0.02 * (lit - dark) && row[$0] < lit - 0.02 * (lit - dark) }
            rampPixels += inRamp.count
            repeated += inRamp.filter { inRamp.contains($0 + 1) && row[$0] == row[$0 + 1] }.count
        }
        #expect(rampPixels >= 80, "penumbra pixels in 40 rows: \(rampPixels)")
        #expect(repeated == 0, "neighbours in the penumbra with the same light: \(repeated)")
    }
}
