/// What a recording carries through recording, relocating and the background.
struct RecordingState: Equatable, Sendable {
    /// Record was pressed a second time and the stop awaits confirmation.
    var stopRequested = false
}
