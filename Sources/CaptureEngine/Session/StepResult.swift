import JSONSupport
/// What the host must do after a step: the session decides, the host performs the I/O and reports
/// back with ``SessionInput/Kind/storage(_:)``.
public enum HostAction: Equatable, Sendable {
    /// Recording started: create the scan folder and open the depth and scan-log streams
    /// (report ``StorageOutcome/openFailed(_:)`` on failure).
    case startRecordingFiles
    /// Enough data: write the scan files (report ``StorageOutcome/filesWritten`` or a failure).
    case writeScanFiles
    /// Zip the written files (report ``StorageOutcome/zipped(path:)``, ``StorageOutcome/zipInvalid``
    /// or a failure).
    case zip
    /// The zip was invalid: zip once more.
    case rezip
    /// The scan failed or had too little data: remove every file this scan created.
    case removeScanFiles
}

/// The outcome of one step.
public struct StepResult: Equatable, Sendable {
    /// Events emitted at this step, in order (usually none).
    public var events: [Event]
    /// Whether this input was a frame that belongs to the recording (the host appends it to the bundle).
    public var recordsFrame: Bool
    /// I/O the host must perform now, if any.
    public var action: HostAction?

    public init(events: [Event] = [], recordsFrame: Bool = false, action: HostAction? = nil) {
        self.events = events
        self.recordsFrame = recordsFrame
        self.action = action
    }
}

/// Input the step function rejects without changing the session.
public enum SessionInputError: Error, Equatable, CustomStringConvertible {
    /// The input's time is NaN or infinite.
    case nonFiniteTime(Double)
    /// The input's time is earlier than the previous input's.
    case timeWentBackwards(previous: Double, got: Double)

    public var description: String {
        switch self {
        case .nonFiniteTime(let t): "input time \(t) is not a finite number of seconds"
        case .timeWentBackwards(let p, let g):
            "input time \(NumberFormatting.fixed(g, decimals: 6)) s is before the previous input's \(NumberFormatting.fixed(p, decimals: 6)) s"
        }
    }
}

/// The session's phase in the capture lifecycle.
public enum SessionPhase: String, Sendable, Equatable {
    /// The view is presented; recording is possible only once the phone is in landscape-right.
    case waitingForLandscape
    /// In landscape-right; the record button starts recording.
    case ready
    /// Recording; the detectors run.
    case recording
    /// Tracking was lost or the app came back from the background; looking for a known place.
    case relocating
    /// The app is in the background (with the backgroundResume option).
    case backgrounded
    /// Stop was confirmed with enough data; the host writes the files.
    case writing
    /// The host zips the files.
    case zipping
    /// The session ended normally (5 was emitted).
    case finished
    /// The session ended with an unrecoverable error (15 and 5 were emitted).
    case aborted
}
