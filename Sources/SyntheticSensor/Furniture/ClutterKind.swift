/// The kinds of small things a scene can scatter (`clutter` in a scene file): not RoomPlan categories
/// (RoomPlan does not report them), but what makes a lived-in room's depth busy.
public enum ClutterKind: String, Sendable, CaseIterable {
    /// A row of books (3-9 of different heights and depths); on shelves, tables and cabinets.
    case books
    /// A potted plant: a pot and a cluster of leaves turned every way.
    case plant
    /// A lamp: a base, a pole and a shade (a table lamp on surfaces, a floor lamp on the floor).
    case lamp
    /// A cardboard box or a stack of two.
    case box

    /// The least free height the kind needs above a surface, metres.
    var minimumClearance: Double {
        switch self {
        case .books: return 0.16
        case .plant: return 0.22
        case .lamp: return 0.38
        case .box: return 0.14
        }
    }
}
