/// The warnings that can be showing at once, each with its open feedback item.
enum FeedbackSlot: Int, CaseIterable, Sendable {
    case orientation, tracking, floor, ceiling, horizontal, sideways, rotation, proximity
}
