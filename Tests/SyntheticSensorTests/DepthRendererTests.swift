import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor
import TestSupport

@Suite struct DepthRendererTests {
    @Test func cameraFacingWallAtTwoMetresSeesTwoMetresAtCentre() {
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()])
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        #expect(map.width == 256 && map.height == 192)
        #expect(TestScenes.depth(map, 128, 96) == 2)
        #expect(TestScenes.depth(map, 127, 95) == 2)
    }

    @Test func offCentrePixelsOfAFrontoParallelWallShowZDepthNotRayLength() {
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()])
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        // Corners of the image: the ray is ~1.36x longer than the z-depth, the depth stays 2 m.
        for (x, y) in [(0, 0), (255, 0), (0, 191), (255, 191), (40, 150)] {
            let d = TestScenes.depth(map, x, y)
            #expect(abs(d - 2) < 0.002, "pixel (\(x), \(y)) has depth \(d)")
        }
    }

    @Test func objectInFrontOccludesTheWall() {
        let box = SceneObject(category: .storage, dimensions: SIMD3(0.4, 0.4, 0.4),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, -1)))
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()], objects: [box])
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        #expect(abs(TestScenes.depth(map, 128, 96) - 0.8) < 0.001)
        // Beside the box (0.2 m half width at 0.8 m is ~53 px from the centre) the wall shows again.
        #expect(TestScenes.depth(map, 10, 96) == 2)
    }

    @Test func windowShowsTheRoomBehindIt() {
        let window = WallOpening(kind: .window, wall: 0, offset: 2.5, width: 1, height: 1, sillHeight: 1)
        let behind = Room(name: "Behind", floor: [SIMD2(-3, -4.5), SIMD2(3, -4.5), SIMD2(3, -2), SIMD2(-3, -2)], wallHeight: 2.5)
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall(openings: [window]), behind])
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        // The window spans x -0.5...0.5, y 1...2: the centre looks through it to the wall at z = -4.5.
        #expect(abs(TestScenes.depth(map, 128, 96) - 4.5) < 0.003)
        // Far left of the image is solid wall at 2 m.
        #expect(TestScenes.depth(map, 5, 96) == 2)
    }

    @Test func doorInASharedWallConnectsAdjacentRooms() {
        // The door is declared on the front room only; the room behind shares the wall line and gets the hole too.
        let door = WallOpening(kind: .door, wall: 0, offset: 2.5, width: 1, height: 2.05, sillHeight: 0)
        let behind = Room(name: "Behind", floor: [SIMD2(-3, -4), SIMD2(3, -4), SIMD2(3, -2), SIMD2(-3, -2)], wallHeight: 2.5)
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall(openings: [door]), behind])
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        #expect(abs(TestScenes.depth(map, 128, 96) - 4) < 0.003)
    }

    @Test func surfacesBeyondFiveMetresGiveNoData() {
        let corridor = Room(name: "Corridor", floor: [SIMD2(-1, -10), SIMD2(1, -10), SIMD2(1, 1), SIMD2(-1, 1)], wallHeight: 2.5)
        let renderer = TestScenes.renderer(rooms: [corridor])
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        #expect(TestScenes.depth(map, 128, 96) == 0)
        #expect(TestScenes.confidence(map, 128, 96) == 0)
        // Nothing rendered lies beyond the range.
        #expect(map.depth.allSatisfy { $0 < 5 })
    }

    @Test func intrinsicsMatchTheProjectionOfAKnownPoint() {
        let intrinsics = CameraIntrinsics.lidarDepth
        #expect(abs(intrinsics.fx - 212) < 0.5 && abs(intrinsics.fy - 212) < 0.5)
        #expect(intrinsics.cx == 127.5 && intrinsics.cy == 95.5)
        // A small box whose front face centre is at camera coordinates (0.6, -0.3, -1.5).
        let centre = SIMD3<Double>(0.6, 1.5 - 0.3, -1.5 - 0.05)
        let box = SceneObject(category: .storage, dimensions: SIMD3(0.1, 0.1, 0.1), transform: RigidTransform(rotation: .identity, translation: centre))
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()], objects: [box])
        let map = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        let u = intrinsics.cx + intrinsics.fx * 0.6 / 1.5, v = intrinsics.cy - intrinsics.fy * -0.3 / 1.5
        let d = TestScenes.depth(map, Int(u.rounded()), Int(v.rounded()))
        #expect(abs(d - 1.5) < 0.001, "projected pixel (\(u), \(v)) shows \(d)")
        // 10 pixels further right is beyond the box's 3.5 cm half width (about 5 px): the wall.
        #expect(TestScenes.depth(map, Int(u.rounded()) + 10, Int(v.rounded())) == 2)
    }

    @Test func everyPixelMatchesTheScalarRayReference() {
        let box = SceneObject(category: .table, dimensions: SIMD3(1, 0.7, 0.6),
                              transform: RigidTransform(rotation: Quaternion(angle: 0.4, axis: SIMD3(0, 1, 0)), translation: SIMD3(0.3, 0.35, -1.2)))
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()], objects: [box])
        let pose = RigidTransform(rotation: Quaternion(angle: 0.3, axis: SIMD3(0, 1, 0)) * Quaternion(angle: -0.35, axis: SIMD3(1, 0, 0)),
                                  translation: SIMD3(0.2, 1.45, 0.5))
        let map = renderer.render(cameraToWorld: pose, noiseSeed: 1)
        var mismatches = 0
        for y in stride(from: 0, to: 192, by: 7) {
            for x in stride(from: 0, to: 256, by: 7) {
                let reference = renderer.referenceDepth(cameraToWorld: pose, x: Double(x), y: Double(y))
                if abs(Double(TestScenes.depth(map, x, y)) - reference) > 0.01 { mismatches += 1 }
            }
        }
        // Only pixels straddling an outline may differ.
        #expect(mismatches <= 8)
    }

    @Test func confidenceFallsWithDistanceGrazingAngleAndEdges() {
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()])
        let at2 = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        #expect(TestScenes.confidence(at2, 128, 96) == 2)
        let back3 = RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, 1))
        let at3 = renderer.render(cameraToWorld: back3, noiseSeed: 1)
        #expect(TestScenes.confidence(at3, 128, 96) == 1)
        let back4 = RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, 2.4))
        let at44 = renderer.render(cameraToWorld: back4, noiseSeed: 1)
        #expect(TestScenes.depth(at44, 128, 96) > 4 && TestScenes.confidence(at44, 128, 96) == 0)
        // Grazing: the side wall x = 3 seen nearly along its length (about 80 degrees from its normal)
        // at under 2.5 m has lost confidence.
        let alongWall = RigidTransform(rotation: Quaternion(angle: Angle.radians(fromDegrees: 20), axis: SIMD3(0, 1, 0)),
                                       translation: SIMD3(2.7, 1.5, 1))
        let grazing = renderer.render(cameraToWorld: alongWall, noiseSeed: 1)
        let rightEdge = TestScenes.depth(grazing, 250, 96)
        #expect(rightEdge > 0 && rightEdge < 2.5)
        #expect(TestScenes.confidence(grazing, 250, 96) < 2)
        // Depth edge: the pixels on the outline of a box in front of the wall are low confidence.
        let box = SceneObject(category: .storage, dimensions: SIMD3(0.4, 0.4, 0.4),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, -1)))
        let withBox = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()], objects: [box]).render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1)
        var edgeColumn = -1
        for x in 128..<256 where TestScenes.depth(withBox, x, 96) > 1.5 { edgeColumn = x; break }
        #expect(edgeColumn > 128)
        #expect(TestScenes.confidence(withBox, edgeColumn, 96) == 0)
        #expect(TestScenes.confidence(withBox, edgeColumn - 1, 96) == 0)
        #expect(TestScenes.confidence(withBox, 128, 96) == 2)
    }

    @Test func noiseGrowsWithDistanceAndDependsOnTheSeed() {
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()], settings: TestScenes.white)
        func spread(_ pose: RigidTransform, seed: UInt64) -> Double {
            let map = renderer.render(cameraToWorld: pose, noiseSeed: seed)
            let centre = (80..<112).flatMap { y in (100..<156).map { x in Double(TestScenes.depth(map, x, y)) } }
            let mean = centre.reduce(0, +) / Double(centre.count)
            return (centre.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(centre.count)).squareRoot()
        }
        let near = spread(RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, -1)), seed: 3)
        let far = spread(RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, 2.5)), seed: 3)
        #expect(near > 0.0005 && near < 0.005)
        #expect(far > 3 * near)
        let a = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 1).depth
        let b = renderer.render(cameraToWorld: TestScenes.levelCamera, noiseSeed: 2).depth
        #expect(a != b)
    }

    @Test func depthValuesAreFloat16Representable() {
        let renderer = TestScenes.renderer(rooms: [TestScenes.roomFacingWall()], settings: TestScenes.white)
        let map = renderer.render(cameraToWorld: RigidTransform(rotation: Quaternion(angle: -0.4, axis: SIMD3(1, 0, 0)), translation: SIMD3(0, 1.4, 1)), noiseSeed: 9)
        #expect(map.depth.allSatisfy { Float(Float16($0)) == $0 })
        for value in stride(from: Float(0.01), to: 6, by: 0.000731) {
            #expect(DepthKernels.roundedToHalf(value) == Float(Float16(value)))
        }
    }

    @Test func simdAndScalarPathsAndRowBandsGiveIdenticalMaps() throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        let capture = SyntheticCapture(scene: scene)
        for time in [5.0, 20.0, 40.0, 60.0] {
            let pose = capture.truePose(at: time)
            let reference = capture.depthRenderer.render(cameraToWorld: pose, noiseSeed: 7, path: .scalar, bands: 1)
            for (path, bands) in [(RenderPath.simde, 1), (.simde, 2), (.scalar, 3), (.simde, 5)] {
                let map = capture.depthRenderer.render(cameraToWorld: pose, noiseSeed: 7, path: path, bands: bands)
                #expect(map.depth == reference.depth && map.confidence == reference.confidence, "\(path) with \(bands) bands at \(time) s")
            }
        }
    }
}
