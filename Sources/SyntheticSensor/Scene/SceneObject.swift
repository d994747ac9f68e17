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

    /// How an object is drawn: its category's procedural shape inside the box, or the plain box.
    public enum ShapeStyle: String, Sendable, CaseIterable {
        /// Legs, shelves, cushions... (``FurnitureShape``), inside the bounding box.
        case shaped
        /// The bounding box itself (six faces).
        case box
    }

    /// Shaped or a plain box. Scene files default to ``ShapeStyle/shaped``; this initialiser to
    /// ``ShapeStyle/box`` (code that builds objects keeps its boxes).
    public var shape: ShapeStyle
    /// Selects one of the category's shapes (leg size, cubby grid, cushion count, ...); default the
    /// object's index in the scene file.
    public var variant: UInt64
    /// Clutter scattered over the object's surfaces (shelves, tops), or nil.
    public var clutter: ClutterSettings?

    public init(category: Category, dimensions: SIMD3<Double>, transform: RigidTransform, shape: ShapeStyle = .box,
                variant: UInt64 = 0, clutter: ClutterSettings? = nil) {
        self.category = category
        self.dimensions = dimensions
        self.transform = transform
        self.shape = shape
        self.variant = variant
        self.clutter = clutter
    }

    /// The material in effect: the scene's, or the category's default.
    public var effectiveMaterial: Material { material ?? Material.defaultFor(category) }
}
