extension CaptureSession {
    // MARK: Feedback items

    mutating func openFeedback(_ slot: FeedbackSlot, meaning: EventMeaning, at time: Double) {
        closeFeedback(slot, at: time)
        warnings.open[slot.rawValue] = record.feedback.count
        record.feedback.append(FeedbackItem(meaning: meaning, start: time, pose: lastPose))
    }

    mutating func closeFeedback(_ slot: FeedbackSlot, at time: Double) {
        if let index = warnings.open[slot.rawValue] {
            record.feedback[index].end = time
            warnings.open[slot.rawValue] = nil
        }
    }

    mutating func closeAllFeedback(at time: Double) {
        for slot in FeedbackSlot.allCases {
            closeFeedback(slot, at: time)
            warnings.hidden[slot.rawValue] = nil
            warnings.shown[slot.rawValue] = nil
            warnings.pendingClear[slot.rawValue] = nil
        }
    }

    // MARK: A detector's warning

    /// Applies what a detector's transition does to its warning in `slot` (``WarningChange``).
    mutating func apply(_ change: WarningChange, to slot: FeedbackSlot, at t: Double) {
        switch change {
        case .show(let meaning, let trace):
            showWarning(slot, meaning, at: t, trace: trace)
        case .hide(let cleared, let alsoCleared, let trace):
            hideWarning(slot, cleared: cleared, thenAlso: alsoCleared, at: t, trace: trace)
        case .replace(let cleared, let meaning, let trace):
            // One warning ends and the other starts at once: nothing hidden is shown in between.
            hideWarning(slot, cleared: cleared, at: t, showsHidden: false)
            showWarning(slot, meaning, at: t, trace: trace)
        }
    }

    /// Reports the pending changes of the `Stage`'s detectors (pose or depth), in the detectors' order.
    mutating func reportDetectors<Stage: DetectorStage>(_ stage: Stage.Type, at t: Double) {
        for (slot, change) in detectors.takeChanges(stage, at: t) { apply(change, to: slot, at: t) }
    }

    // MARK: Warning priorities

    /// Shows a warning in `slot`: opens its feedback item and emits it, unless the profile ranks
    /// warnings and one of higher priority is showing; then the warning is kept hidden (logged) and
    /// shown once nothing higher is (``showHiddenWarnings(at:)``). A shown warning hides any lower one
    /// showing: "Higher priority warnings will override and hide any lower priority warning" (Android
    /// SDK 2.10.1 README, "About warning priorities").
    mutating func showWarning(_ slot: FeedbackSlot, _ meaning: EventMeaning, at time: Double,
                              trace: EventTrace? = nil) {
        // A warning this SDK does not have (3.x: too far, horizontal) is never shown, nor its clearing.
        guard sdk.code(for: meaning) != nil else {
            closeFeedback(slot, at: time)
            warnings.hidden[slot.rawValue] = meaning
            return
        }
        if let outranking = outrankingWarning(of: meaning) {
            closeFeedback(slot, at: time)
            warnings.hidden[slot.rawValue] = meaning
            log("Warning \(codeText(meaning)) not shown: warning \(codeText(outranking)) has priority", at: time)
            return
        }
        warnings.hidden[slot.rawValue] = nil
        warnings.shown[slot.rawValue] = meaning
        warnings.pendingClear[slot.rawValue] = nil
        openFeedback(slot, meaning: meaning, at: time)
        emit(meaning, at: time, trace: trace)
        hideWarnings(outrankedBy: meaning, at: time)
    }

    /// Hides the warning in `slot` when its condition has cleared: closes its feedback item and emits
    /// `cleared` (then `alsoCleared`, if any) when the warning was shown; when it is kept hidden, nothing
    /// now, and if the app was shown it before a higher warning hid it, the clearing codes once nothing
    /// higher hides it (``showHiddenWarnings(at:)``). Then a lower warning kept hidden whose condition
    /// still holds is shown (unless `showsHidden` is false: the same slot shows another warning at once).
    mutating func hideWarning(_ slot: FeedbackSlot, cleared: EventMeaning? = nil, thenAlso alsoCleared: EventMeaning? = nil,
                              at time: Double, trace: EventTrace? = nil, showsHidden: Bool = true) {
        if warnings.hidden[slot.rawValue] != nil {
            warnings.hidden[slot.rawValue] = nil
            if warnings.shown[slot.rawValue] != nil {
                let codes = [cleared, alsoCleared].compactMap { $0 }
                warnings.pendingClear[slot.rawValue] = codes.isEmpty ? nil : codes
                if codes.isEmpty { warnings.shown[slot.rawValue] = nil }
            }
            return
        }
        closeFeedback(slot, at: time)
        warnings.shown[slot.rawValue] = nil
        warnings.pendingClear[slot.rawValue] = nil
        if let cleared { emit(cleared, at: time, trace: trace) }
        if let alsoCleared { emit(alsoCleared, at: time) }
        if showsHidden { showHiddenWarnings(at: time) }
    }

    /// Hides every showing warning that `meaning` outranks: its feedback item closes (no code: the
    /// SDK documents none for a warning overridden), and it is kept to be shown again.
    mutating func hideWarnings(outrankedBy meaning: EventMeaning, at time: Double) {
        guard sdk.behaviour.appliesWarningPriorities, sdk.warningPriority(of: meaning) != nil else { return }
        for slot in FeedbackSlot.allCases {
            guard let index = warnings.open[slot.rawValue] else { continue }
            let showing = record.feedback[index].meaning
            guard showing != meaning, outranks(meaning, showing) else { continue }
            closeFeedback(slot, at: time)
            warnings.hidden[slot.rawValue] = showing
            log("Warning \(codeText(showing)) hidden: warning \(codeText(meaning)) has priority", at: time)
        }
    }

    /// Shows the warnings kept hidden whose condition still holds and which nothing showing outranks
    /// any longer, highest priority first (so one shown again may keep a lower one hidden): each is
    /// emitted once, at the time the higher warning cleared, with what its detector measures now.
    /// Android SDK 2.10.1 README: 21 and 22 are "Only received if there's no higher priority warnings
    /// visible", so they are received once none is.
    mutating func showHiddenWarnings(at time: Double) {
        // Clearing codes due for warnings the app saw, hidden when their condition ended: sent once no
        // showing warning outranks them.
        for slot in FeedbackSlot.allCases {
            guard let codes = warnings.pendingClear[slot.rawValue], let meaning = warnings.shown[slot.rawValue],
                  outrankingWarning(of: meaning) == nil else { continue }
            warnings.pendingClear[slot.rawValue] = nil
            warnings.shown[slot.rawValue] = nil
            log("Warning \(codeText(meaning)) cleared while hidden: its clearing code once nothing of higher priority shows", at: time)
            for code in codes { emit(code, at: time) }
        }
        guard warnings.hidden.contains(where: { $0 != nil }) else { return }
        let waiting = FeedbackSlot.allCases.compactMap { slot in
            warnings.hidden[slot.rawValue].flatMap { meaning in
                sdk.code(for: meaning) != nil ? (slot, meaning, sdk.warningPriority(of: meaning) ?? Int.max) : nil
            }
        }.sorted { $0.2 < $1.2 }
        for (slot, meaning, _) in waiting where outrankingWarning(of: meaning) == nil {
            warnings.hidden[slot.rawValue] = nil
            warnings.shown[slot.rawValue] = meaning
            log("Warning \(codeText(meaning)) shown: no warning of higher priority showing", at: time)
            openFeedback(slot, meaning: meaning, at: time)
            let trace = detectors.currentTrace(of: slot, at: time, pose: lastPose)
            emit(meaning, at: time, trace: trace)
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
        for index in warnings.open {
            guard let index else { continue }
            let showing = record.feedback[index].meaning
            if outranks(showing, meaning) { return showing }
        }
        return nil
    }
}
