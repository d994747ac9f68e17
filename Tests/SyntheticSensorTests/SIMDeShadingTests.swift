import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor
import TestSupport

/// The SIMDe shade pass (`RenderPath.simde`, the C kernel `cdepth_shade_rows`) against the scalar path.
@Suite struct SIMDeShadingTests {
    /// Renders `pose` with the scalar path and with the SIMDe path (one and several row bands) and
    /// returns the scalar map after expecting identical depth and confidence.
    @discardableResult
    private func expectSIMDeMatchesScalar(_ renderer: DepthRenderer, _ pose: RigidTransform, seed: UInt64,
                                          _ comment: String) -> DepthMap {
        let reference = renderer.render(cameraToWorld: pose, noiseSeed: seed, path: .scalar, bands: 1)
        for bands in [1, 3] {
            let map = renderer.render(cameraToWorld: pose, noiseSeed: seed, path: .simde, bands: bands)
            #expect(map.depth == reference.depth, "depth: \(comment), \(bands) band(s)")
            #expect(map.confidence == reference.confidence, "confidence: \(comment), \(bands) band(s)")
        }
        return reference
    }

    /// Poses from a look-around over a grid of positions and headings in a hand-built scene.
    private func lookAround(_ positions: [SIMD3<Double>], yaws: [Double], pitches: [Double]) -> [RigidTransform] {
        positions.flatMap { p in
            yaws.flatMap { yaw in
                pitches.map { pitch in
                    RigidTransform(rotation: Quaternion(angle: yaw, axis: SIMD3(0, 1, 0)) * Quaternion(angle: pitch, axis: SIMD3(1, 0, 0)),
                                   translation: p)
                }
            }
        }
    }

    @Test func simdePathGivesTheScalarMapsAlongTheScenesWalks() throws {
        var noReturnFrames = 0
        for name in ["apartment", "too-far", "too-close", "ceiling", "floor"] {
            let scene = try Scene.load(path: PackageFolder.scene("\(name)"))
            let capture = SyntheticCapture(scene: scene)
            for step in 0..<16 {
                let time = capture.duration * Double(step) / 16
                let map = expectSIMDeMatchesScalar(capture.depthRenderer, capture.truePose(at: time), seed: UInt64(step) &* 0x9E37_79B9,
                                                   "\(name) at \(time) s")
                if map.depth.contains(0) { noReturnFrames += 1 }
            }
        }
        // The walks include frames with pixels that see nothing within range.
        #expect(noReturnFrames > 0)
    }

    @Test func correlatedKernelGivesTheSwiftMapsWithNoReturnPixelsFilled() throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        let capture = SyntheticCapture(scene: scene)
        var settings = scene.lidar
        settings.correlated.noReturnFill = .far
        let renderer = DepthRenderer(geometry: capture.depthRenderer.geometry, intrinsics: capture.depthRenderer.intrinsics, settings: settings)
        var filledFrames = 0
        for step in 0..<12 {
            let map = expectSIMDeMatchesScalar(renderer, capture.truePose(at: capture.duration * Double(step) / 12),
                                               seed: UInt64(step) + 11, "step \(step)")
            #expect(!map.depth.contains(0))
            if map.depth.contains(where: { $0 > 6.75 }) { filledFrames += 1 }
        }
        // The walk looks out of windows and doors in some of these frames.
        #expect(filledFrames > 0)
    }

    @Test func simdePathGivesTheScalarMapsWithNoReturnPixelsTouchingTheImageEdges() {
        // Looking out of a window with nothing behind it, and down a corridor longer than the range: the
        // no-return pixels reach the image's borders in some frames, surfaces cover them in others.
        let window = WallOpening(kind: .window, wall: 0, offset: 2.5, width: 1.6, height: 1.2, sillHeight: 0.8)
        let box = SceneObject(category: .storage, dimensions: SIMD3(0.5, 0.8, 0.4),
                              transform: RigidTransform(rotation: Quaternion(angle: 0.5, axis: SIMD3(0, 1, 0)), translation: SIMD3(0.8, 0.4, -1.2)))
        let corridor = Room(name: "Corridor", floor: [SIMD2(-4, 8), SIMD2(-3, 8), SIMD2(-3, 4), SIMD2(-4, 4)], wallHeight: 2.5)
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall(openings: [window]), corridor], objects: [box],
                                           settings: TestScenes.white)
        let poses = lookAround([SIMD3(0, 1.5, 0), SIMD3(0, 1.4, -1.6), SIMD3(-2, 1.2, 3), SIMD3(2.5, 1.6, 1)],
                               yaws: [0, 0.7, 1.6, 2.5, -2.2, -0.9], pitches: [-0.6, 0, 0.35])
        var borderNoReturn = 0, borderReturn = 0
        for (index, pose) in poses.enumerated() {
            let map = expectSIMDeMatchesScalar(renderer, pose, seed: UInt64(index) + 1, "pose \(index)")
            let w = map.width, h = map.height
            let topAndBottom: [Int] = (0..<w).flatMap { x in [x, (h - 1) * w + x] }
            let leftAndRight: [Int] = (0..<h).flatMap { y in [y * w, y * w + w - 1] }
            let border = topAndBottom + leftAndRight
            if border.contains(where: { map.depth[$0] == 0 }) { borderNoReturn += 1 }
            if border.contains(where: { map.depth[$0] > 0 }) { borderReturn += 1 }
        }
        #expect(borderNoReturn > 0 && borderReturn > 0)
    }

    @Test func simdePathGivesTheScalarMapsWithStrongNoiseAndOtherConfidenceRules() {
        // Noise large enough that some depths clamp at 1 mm; tighter grazing and edge rules.
        var settings = LiDARSettings(noiseBaseMeters: 0.4, noisePerSquareMeter: 0.05, highConfidenceMaxMeters: 1.5,
                                     mediumConfidenceMaxMeters: 3, grazingMediumDegrees: 40, grazingLowDegrees: 65,
                                     edgeRelativeJump: 0.01)
        settings.errorModel = .white
        let box = SceneObject(category: .table, dimensions: SIMD3(1, 0.7, 0.6),
                              transform: RigidTransform(rotation: Quaternion(angle: 0.4, axis: SIMD3(0, 1, 0)), translation: SIMD3(0.3, 0.35, -1.2)))
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()], objects: [box], settings: settings)
        var clamped = 0
        for (index, pose) in lookAround([SIMD3(0.2, 1.45, 0.5), SIMD3(-1, 0.9, 2)], yaws: [0, 0.3, -0.8], pitches: [-0.35, -1.2]).enumerated() {
            let map = expectSIMDeMatchesScalar(renderer, pose, seed: 0xDEAD_BEEF_0000_0000 | UInt64(index), "pose \(index)")
            clamped += map.depth.filter { $0 > 0 && $0 < 0.0011 }.count
        }
        #expect(clamped > 0)
    }

    @Test func simdePathGivesTheScalarMapsOnOtherImageSizes() {
        // 64 x 40: the first and last columns and rows are a large share of the image. 100 x 30: a width
        // that is not a multiple of 8, which the kernel refuses and the scalar shading handles.
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()], objects: [], settings: TestScenes.white)
        for (w, h) in [(64, 40), (100, 30), (8, 1)] {
            let intrinsics = CameraIntrinsics(width: w, height: h, fx: Double(w) * 0.8, fy: Double(w) * 0.8,
                                              cx: Double(w - 1) / 2, cy: Double(h - 1) / 2)
            let small = DepthRenderer(geometry: renderer.geometry, intrinsics: intrinsics, settings: renderer.settings)
            for (index, pose) in lookAround([SIMD3(0, 1.5, 0), SIMD3(2.7, 1.5, 1)], yaws: [0, 0.35, 1.2], pitches: [0, 0.9]).enumerated() {
                expectSIMDeMatchesScalar(small, pose, seed: UInt64(index), "\(w)x\(h) pose \(index)")
            }
        }
    }

    @Test func kernelRefusesAWidthThatIsNotAMultipleOfEightAndWritesNothing() {
        let w = 12, h = 2
        let best = [Float](repeating: 0.5, count: w * h), ids = [Int32](repeating: 0, count: w * h)
        let planes: [Float] = [2], invLength = [Float](repeating: 1, count: w * h)
        var depth = [Float](repeating: -1, count: w * h), confidence = [UInt8](repeating: 9, count: w * h)
        let shaded = SIMDeShading.shade(0..<h, best: best, ids: ids, stride: w, width: w, height: h, planeDistance: planes,
                                        inverseRayLength: invLength, settings: TestScenes.white, noiseSeed: 1,
                                        depth: &depth, confidence: &confidence)
        #expect(!shaded)
        #expect(depth.allSatisfy { $0 == -1 } && confidence.allSatisfy { $0 == 9 })
    }
}
