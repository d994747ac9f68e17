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
                       trace: EventTrace? = nil, soundAllowed: Bool = true) {
        guard let code = sdk.code(for: meaning) else { return }
        let event = Event(time: time, meaning: meaning, sdk: sdk, parameters: parameters, trace: trace)
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
            detectors.suppressed[slot.rawValue] = false
        }
    }

    /// Shows a warning in `slot`: opens its feedback item and emits it, unless the profile ranks
    /// warnings and one of higher priority is showing; then the warning stays hidden (logged) until its
    /// condition clears.
    mutating func showWarning(_ slot: FeedbackSlot, _ meaning: EventMeaning, at time: Double,
                              trace: EventTrace? = nil) {
        // A warning this SDK does not have (3.x: too far, horizontal) is never shown, nor its clearing.
        guard sdk.code(for: meaning) != nil else {
            closeFeedback(slot, at: time)
            detectors.suppressed[slot.rawValue] = true
            return
        }
        if let outranking = outrankingWarning(of: meaning) {
            closeFeedback(slot, at: time)
            detectors.suppressed[slot.rawValue] = true
            let code = sdk.code(for: meaning).map(String.init) ?? "-"
            let by = sdk.code(for: outranking).map(String.init) ?? "-"
            log("Warning \(code) not shown: warning \(by) has priority", at: time)
            return
        }
        detectors.suppressed[slot.rawValue] = false
        openFeedback(slot, meaning: meaning, at: time)
        emit(meaning, at: time, trace: trace)
    }

    /// Hides the warning in `slot`: closes its feedback item and emits `cleared` (if any) when the
    /// warning was shown; nothing when it was kept hidden by a higher priority.
    mutating func hideWarning(_ slot: FeedbackSlot, cleared: EventMeaning? = nil, at time: Double,
                              trace: EventTrace? = nil) {
        if detectors.suppressed[slot.rawValue] {
            detectors.suppressed[slot.rawValue] = false
            return
        }
        closeFeedback(slot, at: time)
        if let cleared { emit(cleared, at: time, trace: trace) }
    }

    /// The showing warning that outranks `meaning` when the profile ranks warnings (a higher priority
    /// group; within group 4, ceiling over horizontal), or nil.
    func outrankingWarning(of meaning: EventMeaning) -> EventMeaning? {
        guard sdk.behaviour.appliesWarningPriorities, let rank = sdk.warningPriority(of: meaning) else { return nil }
        for index in detectors.openFeedback {
            guard let index else { continue }
            let showing = record.feedback[index].meaning
            guard let other = sdk.warningPriority(of: showing) else { continue }
            if other < rank || (other == rank && showing == .scanningCeiling && meaning == .horizontalScanning) {
                return showing
            }
        }
        return nil
    }

    /// Ends the session with an unrecoverable error: the cause (if any), 15, 5; returns the action that
    /// removes the files.
    mutating func abort(at time: Double, cause: EventMeaning?, parameters: EventParameters = EventParameters(),
                        trace: EventTrace? = nil) -> HostAction {
        if let cause { emit(cause, at: time, parameters: parameters, trace: trace) }
        emit(.scanRemoved, at: time)
        emit(.finished, at: time)
        closeAllFeedback(at: time)
        if record.recordingStart != nil, record.recordingEnd == nil { record.recordingEnd = time }
        state = .aborted
        return .removeScanFiles
    }
}
