import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor

@Suite struct ApplianceDecorationsTests {
    /// A shaped refrigerator turned 30 degrees beside a sofa.
    static func geometry(withFridge: Bool) -> SceneGeometry {
        let rooms = [TestScenes.roomFacingWall()]
        let fridge = SceneObject(category: .refrigerator, dimensions: SIMD3(0.7, 1.8, 0.65),
                                 transform: RigidTransform(rotation: Quaternion(angle: .pi / 6, axis: SIMD3(0, 1, 0)),
                                                           translation: SIMD3(1, 0.9, -1)), shape: .shaped)
        let sofa = SceneObject(category: .sofa, dimensions: SIMD3(2, 0.85, 0.9),
                               transform: RigidTransform(rotation: .identity, translation: SIMD3(-1.5, 0.425, 1)), shape: .shaped)
        return SceneGeometry(rooms: rooms, objects: withFridge ? [fridge, sofa] : [sofa])
    }

    /// Each item lies 2 mm in front of a door's front face (the face turned away from the fridge's middle),
    /// inside it, facing as it does, 0.25-1.75 m above the floor, and apart from the door's other items;
    /// both doors carry at least two; the same geometry gives the same items.
    @Test func aRefrigeratorsDoorFrontsCarryNotesLeafletsAndMagnets() {
        let geometry = Self.geometry(withFridge: true)
        let items = ApplianceDecorations.patches(geometry: geometry)
        let fronts = geometry.patches.filter { face in
            guard face.owner?.category == .refrigerator, face.owner?.part == .door,
                  case .rectangle(let width, let height, _) = face.shape, width > 0.3, height > 0.3 else { return false }
            let middle = face.corners.reduce(SIMD3<Double>.zero, +) / Double(face.corners.count)
            return face.normal.dot(middle - SIMD3(1, 0.9, -1)) > 0
        }
        var perDoor = [Int](repeating: 0, count: fronts.count)
        var rectangles: [[SIMD4<Double>]] = Array(repeating: [], count: fronts.count)
        for item in items {
            guard case .rectangle(let w, let h, _) = item.patch.shape else { Issue.record("not a rectangle"); continue }
            let door = fronts.firstIndex { front in
                guard case .rectangle(let width, let height, _) = front.shape else { return false }
                let offset = item.patch.origin - front.origin
                let u = offset.dot(front.uAxis), v = offset.dot(front.vAxis)
                return abs(offset.dot(front.normal) - ApplianceDecorations.standOff) < 1e-9
                    && u >= -1e-9 && u + w <= width + 1e-9 && v >= -1e-9 && v + h <= height + 1e-9
            }
            guard let door else { Issue.record("an item off every door front at \(item.patch.origin)"); continue }
            #expect((item.patch.normal - fronts[door].normal).length < 1e-9)
            let heights = item.patch.corners.map(\.y)
            #expect(heights.min()! >= 0.25 - 1e-9 && heights.max()! <= 1.75 + 1e-9, "heights \(heights)")
            let offset = item.patch.origin - fronts[door].origin
            let u = offset.dot(fronts[door].uAxis), v = offset.dot(fronts[door].vAxis)
            let rectangle = SIMD4(u, u + w, v, v + h)
            #expect(!rectangles[door].contains { $0.x < rectangle.y && $0.y > rectangle.x && $0.z < rectangle.w && $0.w > rectangle.z })
            rectangles[door].append(rectangle)
            perDoor[door] += 1
        }
        #expect(fronts.count == 2 && perDoor.allSatisfy { $0 >= 2 }, "items per door front: \(perDoor)")
        #expect(Set(items.map(\.texture)).isSubset(of: [.paper, .printed, .flat]))
        #expect(ApplianceDecorations.patches(geometry: geometry).map(\.patch.origin) == items.map(\.patch.origin))
    }

    @Test func aRoomWithoutARefrigeratorGetsNone() {
        #expect(ApplianceDecorations.patches(geometry: Self.geometry(withFridge: false)).isEmpty)
    }
}
