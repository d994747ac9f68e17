/// A hole in a wall: RoomPlan's door, window or opening.
///
/// The hole is a rectangle on wall `wall` of its room, starting `offset` metres along the wall from
/// its first corner, `width` wide, from `sillHeight` above the floor to `sillHeight + height`. A wall
/// of another room lying on the same line gets the same hole, so adjacent rooms connect.
public struct WallOpening: Sendable, Equatable {
    /// RoomPlan's three kinds of hole.
    public enum Kind: String, Sendable, CaseIterable {
        case door, window, opening
    }

    /// Door, window or opening.
    public var kind: Kind
    /// Index of the wall in the room's polygon (wall i runs from point i to point i+1).
    public var wall: Int
    /// Distance from the wall's first corner to the hole's near edge, metres.
    public var offset: Double
    /// Width of the hole along the wall, metres.
    public var width: Double
    /// Height of the hole, metres.
    public var height: Double
    /// Height of the hole's bottom edge above the floor, metres (0 for doors and openings).
    public var sillHeight: Double
    /// The pane the colour camera draws in the hole: glass only (default: ``Material/windowGlass`` for
    /// windows, none for doors and openings).
    public var material: Material?

    public init(kind: Kind, wall: Int, offset: Double, width: Double, height: Double, sillHeight: Double) {
        self.kind = kind
        self.wall = wall
        self.offset = offset
        self.width = width
        self.height = height
        self.sillHeight = sillHeight
        material = kind == .window ? .windowGlass : nil
    }
}
