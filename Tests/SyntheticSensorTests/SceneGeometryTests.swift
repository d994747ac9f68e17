import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor

@Suite struct SceneGeometryTests {
    private func area(_ mesh: TriangleMesh) -> Double {
        mesh.triangles.reduce(0) { sum, t in
            let a = SIMD3<Double>(mesh.vertices[Int(t.x)]), b = SIMD3<Double>(mesh.vertices[Int(t.y)]), c = SIMD3<Double>(mesh.vertices[Int(t.z)])
            return sum + (b - a).cross(c - a).length / 2
        }
    }

    @Test func wallMeshLeavesOutTheHoles() {
        let door = WallOpening(kind: .door, wall: 0, offset: 1, width: 0.9, height: 2, sillHeight: 0)
        let window = WallOpening(kind: .window, wall: 1, offset: 0.5, width: 1, height: 1, sillHeight: 1)
        let room = Room(name: "R", floor: [SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 3), SIMD2(0, 3)], wallHeight: 2.5, openings: [door, window])
        let geometry = SceneGeometry(rooms: [room], objects: [])
        var walls = TriangleMesh(), floors = TriangleMesh(), ceilings = TriangleMesh()
        for p in geometry.patches {
            switch p.role {
            case .wall: walls.append(p.mesh)
            case .floor: floors.append(p.mesh)
            case .ceiling: ceilings.append(p.mesh)
            case .object: break
            }
        }
        #expect(abs(area(walls) - (14 * 2.5 - 0.9 * 2 - 1)) < 1e-4)
        #expect(abs(area(floors) - 12) < 1e-4)
        #expect(abs(area(ceilings) - 12) < 1e-4)
    }

    @Test func wallsFloorsAndCeilingsFaceIntoTheRoomInEitherWinding() {
        for floor in [[SIMD2(0.0, 0.0), SIMD2(4, 0), SIMD2(4, 3), SIMD2(0, 3)], [SIMD2(0.0, 0.0), SIMD2(0, 3), SIMD2(4, 3), SIMD2(4, 0)]] {
            let geometry = SceneGeometry(rooms: [Room(name: "R", floor: floor)], objects: [])
            let centre = SIMD3<Double>(2, 1.2, 1.5)
            for p in geometry.patches {
                // The front normal points from the surface towards the room's centre.
                let toCentre = centre - p.corners[0]
                #expect(p.normal.dot(toCentre) > 0, "\(p.role) faces away")
            }
        }
    }

    @Test func concaveFloorIsTriangulatedExactly() {
        let lShape = Room(name: "L", floor: [SIMD2(0, 0), SIMD2(5, 0), SIMD2(5, 2), SIMD2(2, 2), SIMD2(2, 5), SIMD2(0, 5)])
        let geometry = SceneGeometry(rooms: [lShape], objects: [])
        var floors = TriangleMesh()
        for p in geometry.patches where p.role == .floor { floors.append(p.mesh) }
        #expect(abs(area(floors) - 16) < 1e-6)
        // A ray straight down over the notch (outside the L) misses the floor; inside it hits.
        let down = SIMD3<Double>(0, -1, 0)
        let floorOnly = SceneGeometry(rooms: [lShape], objects: [])
        let inside = floorOnly.nearestHit(origin: SIMD3(1, 1.4, 4), direction: down, maxDistance: 5)
        #expect(inside.map { abs($0.distance - 1.4) < 1e-9 } == true)
        let notch = floorOnly.nearestHit(origin: SIMD3(4, 1.4, 4), direction: down, maxDistance: 5)
        #expect(notch == nil)
    }

    /// A box 1 m in front of a point, between it and the wall 2 m away: a ray towards both meets the object
    /// within 1.5 m but not within 0.5 m, and a ray towards the bare wall meets no object (the wall does not
    /// count), though nearestHit finds the wall.
    @Test func hitsObjectSeesObjectsOnlyWithinTheDistance() {
        let room = TestScenes.roomFacingWall()
        let box = SceneObject(category: .storage, dimensions: SIMD3(0.4, 0.4, 0.4),
                              transform: RigidTransform(rotation: .identity, translation: SIMD3(0, 1, -1)))
        let geometry = SceneGeometry(rooms: [room], objects: [box])
        let origin = SIMD3<Double>(0, 1, 0), ahead = SIMD3<Double>(0, 0, -1), aside = SIMD3<Double>(1, 0, -1).normalized
        #expect(geometry.hitsObject(origin: origin, direction: ahead, maxDistance: 1.5))
        #expect(!geometry.hitsObject(origin: origin, direction: ahead, maxDistance: 0.5))
        #expect(!geometry.hitsObject(origin: origin, direction: aside, maxDistance: 10))
        #expect(geometry.nearestHit(origin: origin, direction: aside, maxDistance: 10) != nil)
    }

    @Test func objectBoxesAreClosedWithOutwardFaces() {
        let box = SceneObject(category: .bed, dimensions: SIMD3(1.6, 0.5, 2), transform: RigidTransform(
            rotation: Quaternion(angle: 0.7, axis: SIMD3(0, 1, 0)), translation: SIMD3(1, 0.25, 1)))
        let geometry = SceneGeometry(rooms: [], objects: [box])
        #expect(geometry.patches.count == 6)
        var mesh = TriangleMesh()
        for p in geometry.patches {
            #expect(p.normal.dot(p.corners[0] - SIMD3(1, 0.25, 1)) > 0)
            mesh.append(p.mesh)
        }
        #expect(abs(area(mesh) - 2 * (1.6 * 0.5 + 1.6 * 2 + 0.5 * 2)) < 1e-4)
    }
}
