/// The warnings on screen, one per ``FeedbackSlot``: the open feedback item of each slot whose warning
/// shows, and each slot's warning whose condition holds but which is kept hidden (by a higher-priority
/// warning, or because the profile has no code for it). The session's show/hide rules
/// (`CaptureSession+Warnings.swift`) are the only writers.
struct WarningBoard: Sendable {
    /// The index in ``SessionRecord/feedback`` of each slot's open item.
    var open = [Int?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// Each slot's warning whose condition holds but which is hidden, nil when the slot's warning is
    /// showing or its condition does not hold.
    var hidden = [EventMeaning?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// Each slot's warning the app was shown and has not been told cleared (its clearing code not yet
    /// emitted), whether it shows now or is hidden by a higher one.
    var shown = [EventMeaning?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// Each slot's clearing codes due for a warning the app was shown whose condition ended while a higher
    /// warning hid it: emitted once nothing higher hides it (issue 48: a warning never left on for ever).
    var pendingClear = [[EventMeaning]?](repeating: nil, count: FeedbackSlot.allCases.count)
}
