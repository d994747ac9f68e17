extension CaptureSession {
    // MARK: The warning board's actions

    /// Performs what the board decided (``WarningBoard/Action``), in order: feedback items opened and
    /// closed in the record, codes emitted, log lines written.
    mutating func perform(_ actions: [WarningBoard.Action], at time: Double) {
        for action in actions {
            switch action {
            case .open(let slot, let meaning):
                closeItem(slot, at: time)
                warnings.items[slot.rawValue] = record.feedback.count
                record.feedback.append(FeedbackItem(meaning: meaning, start: time, pose: lastPose))
            case .close(let slot):
                closeItem(slot, at: time)
            case .emit(let meaning, let trace, let soundAllowed):
                emit(meaning, at: time, trace: trace, soundAllowed: soundAllowed)
            case .emitMeasured(let slot, let meaning):
                emit(meaning, at: time, trace: detectors.currentTrace(of: slot, at: time, pose: lastPose))
            case .log(let line):
                log(line, at: time)
            }
        }
    }

    private mutating func closeItem(_ slot: FeedbackSlot, at time: Double) {
        guard let index = warnings.items[slot.rawValue] else { return }
        record.feedback[index].end = time
        warnings.items[slot.rawValue] = nil
    }

    // MARK: Inputs to the board

    mutating func showWarning(_ slot: FeedbackSlot, _ meaning: EventMeaning, at time: Double, trace: EventTrace? = nil) {
        perform(warnings.show(slot, meaning, trace: trace), at: time)
    }

    mutating func hideWarning(_ slot: FeedbackSlot, cleared: EventMeaning? = nil, thenAlso alsoCleared: EventMeaning? = nil,
                              at time: Double, trace: EventTrace? = nil, showsHidden: Bool = true) {
        perform(warnings.hide(slot, cleared: cleared, thenAlso: alsoCleared, trace: trace, showsHidden: showsHidden), at: time)
    }

    mutating func closeFeedback(_ slot: FeedbackSlot, at time: Double) {
        perform(warnings.close(slot), at: time)
    }

    mutating func closeAllFeedback(at time: Double) {
        perform(warnings.closeAll(), at: time)
    }

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
}
