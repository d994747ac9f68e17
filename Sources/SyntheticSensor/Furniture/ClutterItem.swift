import CaptureEngine

/// One placed piece of clutter: its kind, its boxes in its own frame (standing on the origin), where
/// it stands (item-to-world) and the object whose surface holds it (nil on a room's floor).
public struct ClutterItem: Sendable, Equatable {
    /// What the item is.
    public var kind: ClutterKind
    /// The item's boxes in its own frame.
    public var boxes: [ShapeBox]
    /// Item-to-world transform (a turn about world up and a position on the supporting surface).
    public var transform: RigidTransform
    /// Index of the supporting object in the scene's `objects`, or nil on a floor.
    public var objectIndex: Int?

    public init(kind: ClutterKind, boxes: [ShapeBox], transform: RigidTransform, objectIndex: Int?) {
        self.kind = kind
        self.boxes = boxes
        self.transform = transform
        self.objectIndex = objectIndex
    }
}
