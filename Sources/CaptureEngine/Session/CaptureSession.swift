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
    /// Whether the scan finished with code 7 (enough data): the one case in which a run keeps its
    /// bundles (`run`, `generate` and `bench bundle` settle them by it).
    public var finishedWithEnoughData: Bool {
        phase == .finished && record.events.contains { $0.meaning == .finishedWithEnoughData }
    }
    /// Whether each step records what the detectors measured in ``signals`` (default off: the step
    /// function then does no extra work). Reports turn it on to draw each quantity against its threshold.
    public var tapsSignals = false
    /// What the detectors measured at the latest input, when ``tapsSignals`` is on (all NaN otherwise).
    public internal(set) var signals = DetectorSignals()

    // MARK: State

    /// The lifecycle phase with its own data (a recording's clocks, a relocation's start, a zip
    /// attempt's start).
    var state: SessionState = .waitingForLandscape
    var lastInputTime: Double?
    /// The latest finite camera pose (for feedback items and labels).
    var lastPose: RigidTransform = .identity
    /// The previous finite frame's transform, in any phase (frozen pose, angular drift, yaw).
    var lastFrameTransform: RigidTransform?
    /// Whether the first input's start checks (camera permission) ran.
    var startChecked = false
    /// What the system samples said last.
    var system = SystemReadings()
    /// Whether the profile has a code for frames not arriving or skipped (3.x), so frames are watched.
    let watchesFrames: Bool
    /// Whether drift starts a relocation rather than aborting (``Thresholds/Drift/action``).
    let driftRelocates: Bool
    /// Whether the profile has a code for angular drift (3.x: 129), so the rotation between frames is
    /// watched.
    let watchesAngularDrift: Bool
    /// What the orientation warnings remember between orientation changes.
    var orientationWarnings = OrientationWarnings()
    var microphonePermission: Bool?
    /// The warnings on screen and those kept hidden.
    var warnings: WarningBoard

    // MARK: Detectors

    var orientation: OrientationClassifier
    /// The recording detectors, their order, reset and feedback slots.
    var detectors: Detectors
    /// The SDK version imitated: codes, texts, severities, error sound, priorities.
    let sdk: SDKProfile
    /// The profile's behaviour switches.
    let behaviour: SDKBehaviour

    /// A session for a view just presented.
    public init(configuration: SessionConfiguration = SessionConfiguration()) {
        self.configuration = configuration
        orientation = OrientationClassifier(thresholds: configuration.thresholds.orientation)
        detectors = Detectors(configuration: configuration)
        sdk = configuration.sdk
        warnings = WarningBoard(sdk: configuration.sdk)
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
    public var isOver: Bool {
        switch state {
        case .finished, .aborted: true
        case .waitingForLandscape, .ready, .recording, .relocating, .backgrounded, .writing, .zipping: false
        }
    }

    // MARK: Step

    /// Advances the session by one input: returns the events it caused (in order), whether it was a
    /// frame that belongs to the recording, and the I/O the host must perform.
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
        // The step's events are those the record gained (``emit(_:at:parameters:trace:severity:soundAllowed:)``
        // appends every event there): no accumulator outlives the step.
        let firstEvent = record.events.count
        let (action, recordsFrame) = handle(input, at: t)
        let events = record.events.count == firstEvent ? [] : Array(record.events[firstEvent...])
        return StepResult(events: events, recordsFrame: recordsFrame, action: action)
    }

    /// One input: the start checks, the relocation's time limit and frame delivery (which may end the
    /// session first), then the input's own handler. Returns the host action and whether the input was
    /// a recorded frame.
    @inline(__always)
    private mutating func handle(_ input: SessionInput, at t: Double) -> (HostAction?, recordsFrame: Bool) {
        if !startChecked, let action = checkStart(at: t) { return (action, false) }

        if case .relocating(_, let start) = state,
           t - start >= configuration.thresholds.relocation.timeoutSeconds - Tolerance.seconds {
            let deadline = start + configuration.thresholds.relocation.timeoutSeconds
            endRelocation(at: deadline, recovered: false)
            return (abort(at: deadline, cause: .relocationTimedOut,
                          trace: EventTrace(quantity: "time relocating", measured: t - start, comparison: ">=",
                                            threshold: configuration.thresholds.relocation.timeoutSeconds, unit: "s",
                                            windowSeconds: t - start, windowStart: start)), false)
        }

        if watchesFrames, let action = watchFrameDelivery(input, at: t) { return (action, false) }

        switch input.kind {
        case .frame(let frame): return handleFrame(frame, at: t)
        case .system(let sample): return (handleSystem(sample, at: t), false)
        case .user(let action): return (handleUser(action, at: t), false)
        case .storage(let outcome): return (handleStorage(outcome, at: t), false)
        }
    }

    /// Clears the per-frame signals before a frame (the storage estimate is kept until the next sample).
    mutating func beginSignals(for input: SessionInput) {
        guard case .frame = input.kind else { return }
        let storageMinutesLeft = signals[.storage]
        signals = DetectorSignals()
        signals[.storage] = storageMinutesLeft
    }

    // MARK: Emitting

    /// Emits an event under the session's profile (and, when `soundAllowed`, the error sound after it
    /// where the profile plays one), logging it; a meaning the profile has no code for emits nothing.
    /// The event goes to ``SessionRecord/events``, from which ``step(_:)`` hands back the step's own.
    mutating func emit(_ meaning: EventMeaning, at time: Double, parameters: EventParameters = EventParameters(),
                       trace: EventTrace? = nil, severity: EventSeverity? = nil, soundAllowed: Bool = true) {
        guard let code = sdk.code(for: meaning) else { return }
        let event = Event(time: time, meaning: meaning, sdk: sdk, parameters: parameters, trace: trace, severity: severity)
        record.events.append(event)
        var text = "\(code) \(event.message)"
        if let trace { text += " [\(trace.summary)]" }
        log(text, at: time)
        if soundAllowed, sdk.playsErrorSound(after: meaning) { emit(.errorSound, at: time) }
    }

    mutating func log(_ text: String, at time: Double) {
        record.scanLog.append(ScanLogLine(time: time, text: text))
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
