import Foundation

/// The capture session: the SDK's whole lifecycle as a value-type state machine.
///
/// One step function takes a time-stamped ``SessionInput`` and returns the events it caused, whether a
/// frame belongs to the recording, and the I/O the host must perform (``HostAction``). The session reads
/// no clock, file or random number: the same inputs always give the same events.
///
/// Lifecycle: view presented (``SessionPhase/waitingForLandscape``) -> landscape-right (0,
/// ``SessionPhase/ready``) -> record pressed (1, ``SessionPhase/recording``, detectors active) ->
/// optional ``SessionPhase/relocating`` (tracking lost or back from background; 60 s to recover, else 80)
/// -> record pressed again and stop confirmed -> 2 (enough data; the host writes and zips, which takes
/// the scan's bytes over ``Thresholds/Storage/zipBytesPerSecond``: 7, 5 when it ends) or 3
/// (then 15, 5). Unrecoverable errors abort: the cause, 15, 5, and the scan's files are removed.
public struct CaptureSession: Sendable {
    /// Options, device and thresholds, fixed for the session.
    public let configuration: SessionConfiguration
    /// Where the session is in the lifecycle.
    public var phase: SessionPhase { state.phase }
    /// What the session keeps for the bundle.
    public internal(set) var record = SessionRecord()
    /// Whether each step records what the detectors measured in ``signals`` (default off: the step
    /// function then does no extra work). Reports turn it on to draw each quantity against its threshold.
    public var tapsSignals = false
    /// What the detectors measured at the latest input, when ``tapsSignals`` is on (all NaN otherwise).
    public internal(set) var signals = DetectorSignals()

    // MARK: State

    /// The lifecycle phase with its own data.
    var state: SessionState = .waitingForLandscape
    var lastInputTime: Double?
    var output = StepResult()
    /// The latest finite camera pose (for feedback items and labels).
    var lastPose: RigidTransform = .identity
    var lastFrameTransform: RigidTransform?
    var lastRecordedFrameTime: Double?
    var lastTracking: TrackingState = .normal
    var normalTrackingSince: Double?
    /// Since when the translation and the orientation have been unchanged (66 under 2.x, 126-128 under 3.x).
    var translationFrozenSince: Double?
    var rotationFrozenSince: Double?
    /// 3.x: since when the phone has been held in an orientation other than portrait (17, then 4).
    var wrongOrientationSince: Double?
    /// Whether the first input's start checks (camera permission) ran.
    var startChecked = false
    /// The battery charge of the latest sample that carried one, percent.
    var lastBatteryPercent: Int?
    /// Whether the profile has a code for frames not arriving or skipped (3.x), so frames are watched.
    let watchesFrames: Bool
    /// Whether drift starts a relocation rather than aborting (``Thresholds/Drift/action``).
    let driftRelocates: Bool
    /// Whether the profile has a code for angular drift (3.x: 129), so the rotation between frames is
    /// watched.
    let watchesAngularDrift: Bool
    var systemStarted = false
    var lastThermal: ThermalState?
    var lastLowPower: Bool?
    var lastProcessors: (active: Int?, total: Int?)
    var seenLandscape = false
    var reverseLandscapeShown = false
    var microphonePermission: Bool?
    var speech: SpeechState = .idle
    /// When the current zip attempt started (the files written, or the previous attempt's end).
    var zipStart: Double?

    // MARK: Detectors

    var orientation: OrientationClassifier
    /// The recording detectors, their order, reset and feedback slots.
    var detectors: Detectors
    /// The SDK version imitated: codes, texts, severities, error sound, priorities.
    let sdk: SDKProfile
    /// The profile's behaviour switches.
    let behaviour: SDKBehaviour

    enum SpeechState: Equatable, Sendable {
        case idle, listening
        case showingResults([String])
    }

    /// A session for a view just presented.
    public init(configuration: SessionConfiguration = SessionConfiguration()) {
        self.configuration = configuration
        orientation = OrientationClassifier(thresholds: configuration.thresholds.orientation)
        detectors = Detectors(configuration: configuration)
        sdk = configuration.sdk
        behaviour = configuration.sdk.behaviour
        watchesFrames = configuration.sdk.code(for: .notReceivingFrames) != nil
            || configuration.sdk.code(for: .tooManyFramesSkipped) != nil
        watchesAngularDrift = configuration.sdk.code(for: .angularDrift) != nil
        switch configuration.thresholds.drift.action {
        case .profile: driftRelocates = configuration.sdk.behaviour.driftRelocates
        case .abort: driftRelocates = false
        case .relocate: driftRelocates = true
        }
    }

    /// The orientation the phone is held in, once a frame has shown it.
    public var deviceOrientation: DeviceOrientation? { orientation.current }

    /// Whether the session has ended (finished or aborted); later inputs are ignored.
    public var isOver: Bool { phase == .finished || phase == .aborted }

    // MARK: Step

    /// Advances the session by one input.
    ///
    /// - Throws: ``SessionInputError`` for a non-finite time or a time before the previous input's; the
    ///   session is then unchanged.
    public mutating func step(_ input: SessionInput) throws(SessionInputError) -> StepResult {
        let t = input.time
        guard t.isFinite else { throw .nonFiniteTime(t) }
        if let last = lastInputTime, t < last { throw .timeWentBackwards(previous: last, got: t) }
        lastInputTime = t
        if tapsSignals { beginSignals(for: input) }
        guard !isOver else { return StepResult() }
        if !startChecked, let action = checkStart(at: t) {
            output.action = action
            return takeOutput()
        }

        if case .relocating(_, let start) = state,
           t - start >= configuration.thresholds.relocation.timeoutSeconds - Tolerance.seconds {
            let deadline = start + configuration.thresholds.relocation.timeoutSeconds
            endRelocation(at: deadline, recovered: false)
            output.action = abort(at: deadline, cause: .relocationTimedOut,
                                  trace: EventTrace(quantity: "time relocating", measured: t - start, comparison: ">=",
                                                    threshold: configuration.thresholds.relocation.timeoutSeconds, unit: "s",
                                                    windowSeconds: t - start, windowStart: start))
            return takeOutput()
        }

        if watchesFrames, let action = watchFrameDelivery(input, at: t) {
            output.action = action
            return takeOutput()
        }

        switch input.kind {
        case .frame(let frame): output.action = handleFrame(frame, at: t)
        case .system(let sample): output.action = handleSystem(sample, at: t)
        case .user(let action): output.action = handleUser(action, at: t)
        case .storage(let outcome): output.action = handleStorage(outcome, at: t)
        }
        return takeOutput()
    }

    /// Clears the per-frame signals before a frame (the storage estimate is kept until the next sample).
    mutating func beginSignals(for input: SessionInput) {
        guard case .frame = input.kind else { return }
        let storageMinutesLeft = signals.storageMinutesLeft
        signals = DetectorSignals()
        signals.storageMinutesLeft = storageMinutesLeft
    }

    mutating func takeOutput() -> StepResult {
        // Most steps emit nothing and ask for nothing: hand back the flag without moving the event list.
        if output.events.isEmpty && output.action == nil {
            defer { output.recordsFrame = false }
            return StepResult(recordsFrame: output.recordsFrame)
        }
        let result = output
        output = StepResult()
        return result
    }

    // MARK: Emitting

    /// Emits an event under the session's profile (and, when `soundAllowed`, the error sound after it
    /// where the profile plays one), logging it; a meaning the profile has no code for emits nothing.
    mutating func emit(_ meaning: EventMeaning, at time: Double, parameters: EventParameters = EventParameters(),
                       trace: EventTrace? = nil, severity: EventSeverity? = nil, soundAllowed: Bool = true) {
        guard let code = sdk.code(for: meaning) else { return }
        let event = Event(time: time, meaning: meaning, sdk: sdk, parameters: parameters, trace: trace, severity: severity)
        output.events.append(event)
        record.events.append(event)
        var text = "\(code) \(event.message)"
        if let trace { text += " [\(trace.summary)]" }
        log(text, at: time)
        if soundAllowed, sdk.playsErrorSound(after: meaning) { emit(.errorSound, at: time) }
    }

    mutating func log(_ text: String, at time: Double) {
        record.scanLog.append(ScanLogLine(time: time, text: text))
    }

    mutating func openFeedback(_ slot: FeedbackSlot, meaning: EventMeaning, at time: Double) {
        closeFeedback(slot, at: time)
        detectors.openFeedback[slot.rawValue] = record.feedback.count
        record.feedback.append(FeedbackItem(meaning: meaning, start: time, pose: lastPose))
    }

    mutating func closeFeedback(_ slot: FeedbackSlot, at time: Double) {
        if let index = detectors.openFeedback[slot.rawValue] {
            record.feedback[index].end = time
            detectors.openFeedback[slot.rawValue] = nil
        }
    }

    mutating func closeAllFeedback(at time: Double) {
        for slot in FeedbackSlot.allCases {
            closeFeedback(slot, at: time)
            detectors.hidden[slot.rawValue] = nil
        }
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
            detectors.hidden[slot.rawValue] = meaning
            return
        }
        if let outranking = outrankingWarning(of: meaning) {
            closeFeedback(slot, at: time)
            detectors.hidden[slot.rawValue] = meaning
            log("Warning \(codeText(meaning)) not shown: warning \(codeText(outranking)) has priority", at: time)
            return
        }
        detectors.hidden[slot.rawValue] = nil
        openFeedback(slot, meaning: meaning, at: time)
        emit(meaning, at: time, trace: trace)
        hideWarnings(outrankedBy: meaning, at: time)
    }

    /// Hides the warning in `slot` when its condition has cleared: closes its feedback item and emits
    /// `cleared` (then `alsoCleared`, if any) when the warning was shown; nothing when it was kept
    /// hidden. Then a lower warning kept hidden whose condition still holds is shown (unless
    /// `showsHidden` is false: the same slot shows another warning at once).
    mutating func hideWarning(_ slot: FeedbackSlot, cleared: EventMeaning? = nil, thenAlso alsoCleared: EventMeaning? = nil,
                              at time: Double, trace: EventTrace? = nil, showsHidden: Bool = true) {
        if detectors.hidden[slot.rawValue] != nil {
            detectors.hidden[slot.rawValue] = nil
            return
        }
        closeFeedback(slot, at: time)
        if let cleared { emit(cleared, at: time, trace: trace) }
        if let alsoCleared { emit(alsoCleared, at: time) }
        if showsHidden { showHiddenWarnings(at: time) }
    }

    /// Hides every showing warning that `meaning` outranks: its feedback item closes (no code: the
    /// SDK documents none for a warning overridden), and it is kept to be shown again.
    mutating func hideWarnings(outrankedBy meaning: EventMeaning, at time: Double) {
        guard sdk.behaviour.appliesWarningPriorities, sdk.warningPriority(of: meaning) != nil else { return }
        for slot in FeedbackSlot.allCases {
            guard let index = detectors.openFeedback[slot.rawValue] else { continue }
            let showing = record.feedback[index].meaning
            guard showing != meaning, outranks(meaning, showing) else { continue }
            closeFeedback(slot, at: time)
            detectors.hidden[slot.rawValue] = showing
            log("Warning \(codeText(showing)) hidden: warning \(codeText(meaning)) has priority", at: time)
        }
    }

    /// Shows the warnings kept hidden whose condition still holds and which nothing showing outranks
    /// any longer, highest priority first (so one shown again may keep a lower one hidden): each is
    /// emitted once, at the time the higher warning cleared, with what its detector measures now.
    /// Android SDK 2.10.1 README: 21 and 22 are "Only received if there's no higher priority warnings
    /// visible", so they are received once none is.
    mutating func showHiddenWarnings(at time: Double) {
        guard detectors.hidden.contains(where: { $0 != nil }) else { return }
        let waiting = FeedbackSlot.allCases.compactMap { slot in
            detectors.hidden[slot.rawValue].flatMap { meaning in
                sdk.code(for: meaning) != nil ? (slot, meaning, sdk.warningPriority(of: meaning) ?? Int.max) : nil
            }
        }.sorted { $0.2 < $1.2 }
        for (slot, meaning, _) in waiting where outrankingWarning(of: meaning) == nil {
            detectors.hidden[slot.rawValue] = nil
            log("Warning \(codeText(meaning)) shown: no warning of higher priority showing", at: time)
            openFeedback(slot, meaning: meaning, at: time)
            emit(meaning, at: time, trace: currentTrace(of: slot, at: time))
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
        for index in detectors.openFeedback {
            guard let index else { continue }
            let showing = record.feedback[index].meaning
            if outranks(showing, meaning) { return showing }
        }
        return nil
    }

    /// The code of `meaning` under the profile as text ("-" without one), for scan-log lines.
    func codeText(_ meaning: EventMeaning) -> String {
        sdk.code(for: meaning).map(String.init) ?? "-"
    }

    /// Ends the session with an unrecoverable error: the cause (if any), 15, 5; returns the action that
    /// removes the files.
    mutating func abort(at time: Double, cause: EventMeaning?, parameters: EventParameters = EventParameters(),
                        trace: EventTrace? = nil) -> HostAction {
        if let cause { emit(cause, at: time, parameters: parameters, trace: trace, severity: .error) }
        emit(.scanRemoved, at: time)
        emit(.finished, at: time)
        closeAllFeedback(at: time)
        if record.recordingStart != nil, record.recordingEnd == nil { record.recordingEnd = time }
        state = .aborted
        return .removeScanFiles
    }
}
