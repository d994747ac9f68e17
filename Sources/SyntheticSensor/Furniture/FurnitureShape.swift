/// A procedural shape: the boxes it is made of and the surfaces clutter may stand on, in the local
/// frame of the object's bounding box (centred on the origin, Y up, front towards +Z).
public struct FurnitureShape: Sendable, Equatable {
    /// The boxes, each with its part.
    public var boxes: [ShapeBox] = []
    /// Surfaces that can hold clutter.
    public var surfaces: [SupportSurface] = []

    public init(boxes: [ShapeBox] = [], surfaces: [SupportSurface] = []) {
        self.boxes = boxes
        self.surfaces = surfaces
    }

    /// Adds a box from its minimum and maximum corners; empty or inverted boxes are skipped.
    mutating func add(_ low: SIMD3<Double>, _ high: SIMD3<Double>, _ part: FurniturePart, rests: Bool = false) {
        guard high.x - low.x > 1e-4, high.y - low.y > 1e-4, high.z - low.z > 1e-4 else { return }
        boxes.append(ShapeBox(min: low, max: high, part: part, restsOnSurface: rests))
    }

    /// Adds a surface whose top is at `y`, spanning `x0...x1` by `z0...z1`, with `clearance` above it.
    mutating func surface(x0: Double, x1: Double, y: Double, z0: Double, z1: Double, clearance: Double) {
        guard x1 - x0 > 0.1, z1 - z0 > 0.1, clearance > 0.1 else { return }
        surfaces.append(SupportSurface(centre: SIMD3((x0 + x1) / 2, y, (z0 + z1) / 2), width: x1 - x0, depth: z1 - z0,
                                       clearance: clearance))
    }

    /// The shape of an object of a category and bounding-box size, varied by `variant` (the same
    /// variant always gives the same shape). Every box lies inside the bounding box.
    public static func make(category: SceneObject.Category, dimensions: SIMD3<Double>, variant: UInt64) -> FurnitureShape {
        var random = SeededRandom(seed: SeededRandom.hash(variant ^ 0x5348_4150_4553))
        let size = BoxExtent(dimensions)
        switch category {
        case .chair, .sofa: return SeatingShapes.make(category, size, &random)
        case .table: return TableShapes.make(size, &random)
        case .storage: return StorageShapes.make(size, &random)
        case .bed: return BedShapes.make(size, &random)
        case .refrigerator, .stove, .oven, .dishwasher, .washerDryer, .sink: return KitchenShapes.make(category, size, &random)
        case .toilet, .bathtub: return BathroomShapes.make(category, size, &random)
        case .fireplace, .television, .stairs: return FixtureShapes.make(category, size, &random)
        }
    }
}
