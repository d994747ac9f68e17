import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor

@Suite struct FurnitureShapeTests {
    /// Typical RoomPlan sizes (width, height, depth) per category.
    static let sizes: [SceneObject.Category: SIMD3<Double>] = [
        .storage: SIMD3(1.2, 1.8, 0.4), .refrigerator: SIMD3(0.7, 1.8, 0.65), .stove: SIMD3(0.6, 0.9, 0.6),
        .bed: SIMD3(1.6, 0.9, 2.0), .sink: SIMD3(0.8, 0.9, 0.6), .washerDryer: SIMD3(0.6, 0.85, 0.6),
        .toilet: SIMD3(0.4, 0.8, 0.7), .bathtub: SIMD3(0.75, 0.55, 1.7), .oven: SIMD3(0.6, 0.6, 0.55),
        .dishwasher: SIMD3(0.6, 0.85, 0.6), .table: SIMD3(1.2, 0.75, 0.8), .sofa: SIMD3(2.0, 0.85, 0.9),
        .chair: SIMD3(0.45, 0.9, 0.5), .fireplace: SIMD3(1.4, 1.1, 0.45), .television: SIMD3(1.2, 0.7, 0.08),
        .stairs: SIMD3(1.0, 2.6, 3.2),
    ]

    @Test func everyCategoryIsSeveralPartsInsideItsBoundingBox() {
        for category in SceneObject.Category.allCases {
            let size = Self.sizes[category]!
            for variant in UInt64(0)..<8 {
                let shape = FurnitureShape.make(category: category, dimensions: size, variant: variant)
                #expect(shape.boxes.count >= 3, "\(category) has \(shape.boxes.count) boxes")
                for box in shape.boxes {
                    let c = cos(box.yawRadians), s = sin(box.yawRadians)
                    let half = SIMD3(abs(c) * box.size.x / 2 + abs(s) * box.size.z / 2, box.size.y / 2,
                                     abs(s) * box.size.x / 2 + abs(c) * box.size.z / 2)
                    let reach = SIMD3(abs(box.centre.x), abs(box.centre.y), abs(box.centre.z)) + half
                    #expect(reach.x <= size.x / 2 + 1e-9 && reach.y <= size.y / 2 + 1e-9 && reach.z <= size.z / 2 + 1e-9,
                            "\(category) variant \(variant): \(box.part) reaches \(reach) outside \(size / 2)")
                    #expect(box.size.x > 0 && box.size.y > 0 && box.size.z > 0)
                }
            }
        }
    }

    @Test func theSameVariantGivesTheSameShapeAndOthersVary() {
        for category in SceneObject.Category.allCases {
            let size = Self.sizes[category]!
            #expect(FurnitureShape.make(category: category, dimensions: size, variant: 3)
                    == FurnitureShape.make(category: category, dimensions: size, variant: 3))
            let distinct = Set((UInt64(0)..<6).map { "\(FurnitureShape.make(category: category, dimensions: size, variant: $0).boxes)" })
            #expect(distinct.count > 1, "\(category) never varies")
        }
    }

    @Test func namedPartsAppearWhereTheFamilyHasThem() {
        func parts(_ category: SceneObject.Category) -> Set<FurniturePart> {
            Set(FurnitureShape.make(category: category, dimensions: Self.sizes[category]!, variant: 1).boxes.map(\.part))
        }
        #expect(parts(.chair).contains(.leg))
        #expect(parts(.table).contains(.leg))
        #expect(parts(.sofa).isSuperset(of: [.arm, .cushion]))
        #expect(parts(.bed).isSuperset(of: [.pillow, .mattress]))
        #expect(parts(.storage).contains(.shelf))
        #expect(parts(.toilet).isSuperset(of: [.basin, .tank]))
        #expect(parts(.stairs).contains(.step))
        // Open shelving has cubbies that hold clutter.
        let shelving = FurnitureShape.make(category: .storage, dimensions: SIMD3(1.2, 1.8, 0.4), variant: 0)
        #expect(shelving.surfaces.count >= 4)
    }

    @Test func everyObjectAndClutterPatchNamesItsOwnerAndPart() {
        let chair = SceneObject(category: .chair, dimensions: SIMD3(0.45, 0.9, 0.45),
                                transform: RigidTransform(rotation: .identity, translation: SIMD3(1, 0.45, 1)), shape: .shaped)
        let shelf = SceneObject(category: .storage, dimensions: SIMD3(1.0, 1.6, 0.35),
                                transform: RigidTransform(rotation: .identity, translation: SIMD3(2.5, 0.8, 0.2)), shape: .shaped,
                                variant: 2, clutter: ClutterSettings(count: 8, seed: 5))
        let room = Room(name: "R", floor: [SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 4), SIMD2(0, 4)])
        let geometry = SceneGeometry(rooms: [room], objects: [chair, shelf])
        let solids = geometry.patches[geometry.solidPatchStart...]
        #expect(geometry.patches[..<geometry.solidPatchStart].allSatisfy { $0.owner == nil })
        #expect(solids.allSatisfy { $0.owner != nil && $0.role == .object })
        #expect(solids.contains { $0.owner?.objectIndex == 0 && $0.owner?.category == .chair && $0.owner?.part == .leg })
        let clutter = solids.filter { $0.owner?.clutterKind != nil }
        #expect(!clutter.isEmpty)
        #expect(clutter.allSatisfy { $0.owner?.objectIndex == 1 && $0.owner?.category == nil })
        // Groups cover every patch once, in order.
        #expect(geometry.groups.map(\.patches.count).reduce(0, +) == geometry.patches.count)
        #expect(zip(geometry.groups, geometry.groups.dropFirst()).allSatisfy { $0.patches.upperBound == $1.patches.lowerBound })
    }

    @Test func floorClutterIsDeterministicClearOfDoorsAndNeverOverlaps() {
        let room = Room(name: "R", floor: [SIMD2(0, 0), SIMD2(5, 0), SIMD2(5, 4), SIMD2(0, 4)],
                        openings: [WallOpening(kind: .door, wall: 1, offset: 1.5, width: 0.9, height: 2.05, sillHeight: 0)],
                        clutter: ClutterSettings(count: 10, kinds: [.plant, .lamp, .box], seed: 9))
        let items = ClutterPlacement.items(rooms: [room], objects: [])
        #expect(items == ClutterPlacement.items(rooms: [room], objects: []))
        #expect(items.count >= 5)
        let door = (SIMD2(5.0, 1.5), SIMD2(5.0, 2.4))
        for (i, item) in items.enumerated() {
            let p = SIMD2(item.transform.translation.x, item.transform.translation.z)
            #expect(room.contains(p))
            #expect(ClutterPlacement.distance(p, door.0, door.1) >= ClutterPlacement.doorClearanceMeters)
            #expect(item.kind != .books)
            for other in items[(i + 1)...] {
                let q = SIMD2(other.transform.translation.x, other.transform.translation.z)
                #expect((p - q).length2D > 0.1)
            }
        }
        var other = room
        other.clutter?.seed = 10
        #expect(ClutterPlacement.items(rooms: [other], objects: []) != items)
    }

    @Test func renderedShapedFurnitureMatchesTheRayCastReference() {
        // The renderer culls groups and back faces; the reference tests every patch: they must agree.
        let room = TestScenes.roomFacingWall()
        let objects = [
            SceneObject(category: .chair, dimensions: SIMD3(0.45, 0.9, 0.45),
                        transform: RigidTransform(rotation: Quaternion(angle: 0.4, axis: SIMD3(0, 1, 0)), translation: SIMD3(-0.4, 0.45, -1.4)),
                        shape: .shaped, variant: 1),
            SceneObject(category: .storage, dimensions: SIMD3(1.0, 1.2, 0.35),
                        transform: RigidTransform(rotation: .identity, translation: SIMD3(0.8, 0.6, -1.8)),
                        shape: .shaped, variant: 4, clutter: ClutterSettings(count: 6, seed: 2)),
        ]
        let renderer = TestScenes.renderer(rooms: [room], objects: objects)
        let pose = RigidTransform(rotation: Quaternion(angle: -0.35, axis: SIMD3(1, 0, 0)), translation: SIMD3(0, 1.4, 0.3))
        let map = renderer.render(cameraToWorld: pose, noiseSeed: 1)
        var compared = 0
        for y in stride(from: 3, to: map.height, by: 7) {
            for x in stride(from: 3, to: map.width, by: 7) {
                let reference = renderer.referenceDepth(cameraToWorld: pose, x: Double(x), y: Double(y))
                let rendered = Double(TestScenes.depth(map, x, y))
                // Pixels within a few millimetres of a silhouette may pick either side; skip them.
                let near = [(-1, 0), (1, 0), (0, -1), (0, 1)].map {
                    renderer.referenceDepth(cameraToWorld: pose, x: Double(x) + 0.02 * Double($0.0), y: Double(y) + 0.02 * Double($0.1))
                }
                guard near.allSatisfy({ abs($0 - reference) < 0.01 }) else { continue }
                #expect(abs(rendered - reference) <= reference * 0.001 + 1e-6, "pixel (\(x), \(y)): \(rendered) vs \(reference)")
                compared += 1
            }
        }
        #expect(compared > 800)
    }

    /// A lamp shade's 12-sided prism in a 0.4 x 0.3 x 0.4 m box, turned and moved: 12 sides and 10 top and 10
    /// bottom triangles, every corner on the box's ellipse at its top or bottom, every face facing out,
    /// and every triangle counter-clockwise seen from its front (as the mesh writes it).
    @Test func aRoundPartIsAPrismInscribedInItsBoxFacingOut() {
        let box = ShapeBox(centre: .zero, size: SIMD3(0.4, 0.3, 0.4), part: .shade, sides: 12)
        let turn = Quaternion(angle: 0.7, axis: SIMD3(0, 1, 0))
        let c = SIMD3<Double>(1, 1.2, -2)
        let x = turn.act(SIMD3(1, 0, 0)), y = turn.act(SIMD3(0, 1, 0)), z = turn.act(SIMD3(0, 0, 1))
        let patches = SceneGeometry.prismPatches(box, centre: c, x: x, y: y, z: z, material: .wall, owner: nil)
        #expect(patches.count == 12 + 10 + 10)
        var rectangles = 0
        for patch in patches {
            let corners = patch.corners
            let middle = corners.reduce(SIMD3<Double>.zero, +) / Double(corners.count)
            #expect(patch.normal.dot(middle - c) > 0, "a face looks in")
            for p in corners {
                let local = SIMD3((p - c).dot(x), (p - c).dot(y), (p - c).dot(z))
                let onEllipse = abs((local.x / 0.2) * (local.x / 0.2) + (local.z / 0.2) * (local.z / 0.2) - 1) < 1e-9
                #expect(abs(abs(local.y) - 0.15) < 1e-9 && onEllipse, "a corner off the box's ellipse: \(local)")
            }
            if case .rectangle = patch.shape { rectangles += 1 } else {
                let turning = (corners[1] - corners[0]).cross(corners[2] - corners[0])
                #expect(turning.dot(patch.normal) > 0, "a triangle clockwise from its front")
            }
        }
        #expect(rectangles == 12)
        let resting = ShapeBox(centre: .zero, size: SIMD3(0.2, 0.2, 0.2), part: .pot, restsOnSurface: true, sides: 8)
        #expect(SceneGeometry.prismPatches(resting, centre: c, x: x, y: y, z: z, material: .wall, owner: nil).count == 8 + 6)
    }
}
