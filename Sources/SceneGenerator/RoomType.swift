/// What a generated room is for, which decides its furniture.
enum RoomType: String, Sendable, CaseIterable {
    case livingRoom = "Living room", kitchen = "Kitchen", bedroom = "Bedroom", bathroom = "Bathroom", study = "Study"

    /// The type of the i-th room of an apartment (the first is the living room).
    static func of(index: Int) -> RoomType {
        [.livingRoom, .kitchen, .bedroom, .bathroom, .bedroom, .study][min(index, 5)]
    }

    /// Width and depth range of the room's rectangle, metres.
    var sizeRange: ClosedRange<Double> {
        switch self {
        case .livingRoom: return 3.8...5.6
        case .kitchen: return 3.0...4.2
        case .bedroom: return 3.2...4.4
        case .bathroom: return 2.8...3.2
        case .study: return 3.0...3.8
        }
    }
}
