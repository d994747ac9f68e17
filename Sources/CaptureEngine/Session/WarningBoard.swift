/// The warnings on screen, one per ``FeedbackSlot``, and the rules that show and hide them: a profile
/// that ranks warnings shows only the highest, keeps the others hidden while their condition holds and
/// shows them again once nothing higher does ("Higher priority warnings will override and hide any lower
/// priority warning": Android SDK 2.10.1 README, "About warning priorities"). Each input is a
/// `mutating func` that returns what to do, in order; the session performs the actions
/// (`CaptureSession.perform(_:at:)`), and the board does no I/O of its own.
struct WarningBoard: Sendable {
    /// What the session does for the board, in order.
    enum Action: Equatable, Sendable {
        /// Open the slot's feedback item for a warning (closing the slot's open one first).
        case open(FeedbackSlot, EventMeaning)
        /// Close the slot's open feedback item.
        case close(FeedbackSlot)
        /// Emit a code with the trace given (the error sound allowed or not).
        case emit(EventMeaning, trace: EventTrace?, soundAllowed: Bool)
        /// Emit a warning shown again with what its detector measures now.
        case emitMeasured(FeedbackSlot, EventMeaning)
        /// Write a line to the scan log.
        case log(String)
    }

    /// The profile whose codes and priorities the rules follow.
    let sdk: SDKProfile
    /// The warning of each slot's open feedback item.
    private(set) var showing = [EventMeaning?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// Each slot's warning whose condition holds but which is hidden, nil when the slot's warning is
    /// showing or its condition does not hold.
    private var hidden = [EventMeaning?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// Each slot's warning the app was shown and has not been told cleared (its clearing code not yet
    /// emitted), whether it shows now or is hidden by a higher one.
    private var shown = [EventMeaning?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// Each slot's clearing codes due for a warning the app was shown whose condition ended while a higher
    /// warning hid it: emitted once nothing higher hides it (issue 48: a warning never left on for ever).
    private var pendingClear = [[EventMeaning]?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// The index in ``SessionRecord/feedback`` of each slot's open item: the session's bookkeeping as it
    /// performs ``Action/open(_:_:)`` and ``Action/close(_:)``.
    var items = [Int?](repeating: nil, count: FeedbackSlot.allCases.count)

    init(sdk: SDKProfile) {
        self.sdk = sdk
    }

    /// Whether the slot's feedback item is open.
    func isOpen(_ slot: FeedbackSlot) -> Bool { showing[slot.rawValue] != nil }

    // MARK: Inputs

    /// Shows a warning in `slot`, unless the profile has no code for it or ranks warnings and one of
    /// higher priority is showing: then it is kept hidden (logged) and shown once nothing higher is. A
    /// shown warning hides any lower one showing.
    mutating func show(_ slot: FeedbackSlot, _ meaning: EventMeaning, trace: EventTrace? = nil) -> [Action] {
        var actions: [Action] = []
        // A warning this SDK does not have (3.x: too far, horizontal) is never shown, nor its clearing.
        guard sdk.code(for: meaning) != nil else {
            close(slot, into: &actions)
            hidden[slot.rawValue] = meaning
            return actions
        }
        if let outranking = outrankingWarning(of: meaning) {
            close(slot, into: &actions)
            hidden[slot.rawValue] = meaning
            actions.append(.log("Warning \(codeText(meaning)) not shown: warning \(codeText(outranking)) has priority"))
            return actions
        }
        hidden[slot.rawValue] = nil
        shown[slot.rawValue] = meaning
        pendingClear[slot.rawValue] = nil
        open(slot, meaning, into: &actions)
        actions.append(.emit(meaning, trace: trace, soundAllowed: true))
        hideOutranked(by: meaning, into: &actions)
        return actions
    }

    /// A tracking warning (priority 1): opened and emitted at once, the error sound only when
    /// `soundAllowed`; it hides every lower warning showing.
    mutating func showTracking(_ meaning: EventMeaning, soundAllowed: Bool) -> [Action] {
        var actions: [Action] = []
        open(.tracking, meaning, into: &actions)
        actions.append(.emit(meaning, trace: nil, soundAllowed: soundAllowed))
        hideOutranked(by: meaning, into: &actions)
        return actions
    }

    /// Hides the warning in `slot` when its condition has cleared: closes its item and emits `cleared`
    /// (then `alsoCleared`) when the warning was shown; when it is kept hidden, nothing now, and if the
    /// app was shown it before a higher warning hid it, the clearing codes once nothing higher hides it.
    /// Then a lower warning kept hidden whose condition still holds is shown (unless `showsHidden` is
    /// false: the same slot shows another warning at once).
    mutating func hide(_ slot: FeedbackSlot, cleared: EventMeaning? = nil, thenAlso alsoCleared: EventMeaning? = nil,
                       trace: EventTrace? = nil, showsHidden: Bool = true) -> [Action] {
        if hidden[slot.rawValue] != nil {
            hidden[slot.rawValue] = nil
            if shown[slot.rawValue] != nil {
                let codes = [cleared, alsoCleared].compactMap { $0 }
                pendingClear[slot.rawValue] = codes.isEmpty ? nil : codes
                if codes.isEmpty { shown[slot.rawValue] = nil }
            }
            return []
        }
        var actions: [Action] = []
        close(slot, into: &actions)
        shown[slot.rawValue] = nil
        pendingClear[slot.rawValue] = nil
        if let cleared { actions.append(.emit(cleared, trace: trace, soundAllowed: true)) }
        if let alsoCleared { actions.append(.emit(alsoCleared, trace: nil, soundAllowed: true)) }
        if showsHidden { showHidden(into: &actions) }
        return actions
    }

    /// Closes the slot's item without a code (tracking lost, a drift).
    mutating func close(_ slot: FeedbackSlot) -> [Action] {
        var actions: [Action] = []
        close(slot, into: &actions)
        return actions
    }

    /// Closes every item and forgets every warning (a relocation, the background, the end).
    mutating func closeAll() -> [Action] {
        var actions: [Action] = []
        for slot in FeedbackSlot.allCases {
            close(slot, into: &actions)
            hidden[slot.rawValue] = nil
            shown[slot.rawValue] = nil
            pendingClear[slot.rawValue] = nil
        }
        return actions
    }

    // MARK: Rules

    private mutating func open(_ slot: FeedbackSlot, _ meaning: EventMeaning, into actions: inout [Action]) {
        showing[slot.rawValue] = meaning
        actions.append(.open(slot, meaning))
    }

    private mutating func close(_ slot: FeedbackSlot, into actions: inout [Action]) {
        guard showing[slot.rawValue] != nil else { return }
        showing[slot.rawValue] = nil
        actions.append(.close(slot))
    }

    /// Hides every showing warning that `meaning` outranks: its item closes (no code: the SDK documents
    /// none for a warning overridden), and it is kept to be shown again.
    private mutating func hideOutranked(by meaning: EventMeaning, into actions: inout [Action]) {
        guard sdk.behaviour.appliesWarningPriorities, sdk.warningPriority(of: meaning) != nil else { return }
        for slot in FeedbackSlot.allCases {
            guard let other = showing[slot.rawValue], other != meaning, outranks(meaning, other) else { continue }
            close(slot, into: &actions)
            hidden[slot.rawValue] = other
            actions.append(.log("Warning \(codeText(other)) hidden: warning \(codeText(meaning)) has priority"))
        }
    }

    /// Shows the warnings kept hidden whose condition still holds and which nothing showing outranks
    /// any longer, highest priority first (so one shown again may keep a lower one hidden): each is
    /// emitted once, with what its detector measures now. Android SDK 2.10.1 README: 21 and 22 are "Only
    /// received if there's no higher priority warnings visible", so they are received once none is.
    private mutating func showHidden(into actions: inout [Action]) {
        // Clearing codes due for warnings the app saw, hidden when their condition ended: sent once no
        // showing warning outranks them.
        for slot in FeedbackSlot.allCases {
            guard let codes = pendingClear[slot.rawValue], let meaning = shown[slot.rawValue],
                  outrankingWarning(of: meaning) == nil else { continue }
            pendingClear[slot.rawValue] = nil
            shown[slot.rawValue] = nil
            actions.append(.log("Warning \(codeText(meaning)) cleared while hidden: its clearing code once nothing of higher priority shows"))
            for code in codes { actions.append(.emit(code, trace: nil, soundAllowed: true)) }
        }
        guard hidden.contains(where: { $0 != nil }) else { return }
        let waiting = FeedbackSlot.allCases.compactMap { slot in
            hidden[slot.rawValue].flatMap { meaning in
                sdk.code(for: meaning) != nil ? (slot, meaning, sdk.warningPriority(of: meaning) ?? Int.max) : nil
            }
        }.sorted { $0.2 < $1.2 }
        for (slot, meaning, _) in waiting where outrankingWarning(of: meaning) == nil {
            hidden[slot.rawValue] = nil
            shown[slot.rawValue] = meaning
            actions.append(.log("Warning \(codeText(meaning)) shown: no warning of higher priority showing"))
            open(slot, meaning, into: &actions)
            actions.append(.emitMeasured(slot, meaning))
        }
    }

    /// Whether `meaning` outranks `other` under the profile's priorities: a higher priority group, or
    /// within group 4 the ceiling over horizontal scanning ("As an exception, ceiling warning will
    /// override horizontal warning, although they have the same priority level").
    func outranks(_ meaning: EventMeaning, _ other: EventMeaning) -> Bool {
        guard let rank = sdk.warningPriority(of: meaning), let otherRank = sdk.warningPriority(of: other) else { return false }
        return rank < otherRank || (rank == otherRank && meaning == .scanningCeiling && other == .horizontalScanning)
    }

    /// The showing warning that outranks `meaning` when the profile ranks warnings, or nil.
    func outrankingWarning(of meaning: EventMeaning) -> EventMeaning? {
        guard sdk.behaviour.appliesWarningPriorities else { return nil }
        for case let other? in showing where outranks(other, meaning) { return other }
        return nil
    }

    private func codeText(_ meaning: EventMeaning) -> String {
        sdk.code(for: meaning).map(String.init) ?? "-"
    }
}
