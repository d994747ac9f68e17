/// A room's surface materials; nil fields take the default palette (``Material/wall``,
/// ``Material/floor``, ``Material/ceiling``).
public struct RoomMaterials: Sendable, Equatable {
    /// Every wall of the room (default ``Material/wall``).
    public var walls: Material?
    /// The floor (default ``Material/floor``).
    public var floor: Material?
    /// The ceiling (default ``Material/ceiling``).
    public var ceiling: Material?

    public init(walls: Material? = nil, floor: Material? = nil, ceiling: Material? = nil) {
        self.walls = walls
        self.floor = floor
        self.ceiling = ceiling
    }
}
