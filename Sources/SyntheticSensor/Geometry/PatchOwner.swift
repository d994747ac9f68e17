/// What a surface patch is part of: the scene object (its index in ``Scene/objects`` and RoomPlan
/// category) or the piece of clutter, and the named part of its shape (a leg, a shelf, a cushion...).
///
/// Patches of walls, floors and ceilings have no owner. The materials of a scene are chosen by owner:
/// `category` and `part` say what a patch is, `objectIndex` and `clutterIndex` which one.
public struct PatchOwner: Sendable, Equatable {
    /// Index of the object in the scene's `objects` array: the furniture itself, or the object whose
    /// surfaces hold the clutter; nil for clutter scattered on a room's floor.
    public var objectIndex: Int?
    /// The object's RoomPlan category; nil for clutter.
    public var category: SceneObject.Category?
    /// For clutter: which item (0, 1, ... in the order the scene's clutter is placed) and its kind.
    public var clutterIndex: Int?
    /// For clutter: the item's kind.
    public var clutterKind: ClutterKind?
    /// The part of the shape the patch belongs to.
    public var part: FurniturePart

    public init(objectIndex: Int?, category: SceneObject.Category?, clutterIndex: Int? = nil,
                clutterKind: ClutterKind? = nil, part: FurniturePart) {
        self.objectIndex = objectIndex
        self.category = category
        self.clutterIndex = clutterIndex
        self.clutterKind = clutterKind
        self.part = part
    }
}
