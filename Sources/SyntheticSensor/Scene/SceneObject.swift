import CaptureEngine

/// A piece of furniture or a fixture, as RoomPlan's `CapturedRoom.Object`: a category, box dimensions
/// and a transform.
public struct SceneObject: Sendable, Equatable {
    /// RoomPlan's object categories.
    public enum Category: String, Sendable, CaseIterable {
        case table, sofa, bed, storage, refrigerator, stove, sink, toilet, bathtub, chair, television,
             oven, dishwasher, washerDryer, fireplace, stairs
    }

    /// What the object is.
    public var category: Category
    /// Box size in metres: width along the object's local X, height along local Y, depth along local Z.
    public var dimensions: SIMD3<Double>
    /// Object-to-world transform; the origin is the centre of the box (RoomPlan's convention).
    public var transform: RigidTransform
    /// What its surfaces look like (default: its category's, ``Material/defaultFor(_:)``).
    public var material: Material?

    public init(category: Category, dimensions: SIMD3<Double>, transform: RigidTransform) {
        self.category = category
        self.dimensions = dimensions
        self.transform = transform
    }

    /// The material in effect: the scene's, or the category's default.
    public var effectiveMaterial: Material { material ?? Material.defaultFor(category) }
}
