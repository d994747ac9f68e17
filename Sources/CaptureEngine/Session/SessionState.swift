/// Where the session is in the lifecycle, with the data only that phase has: each case carries its own
/// state (in the style of swift-nio's state machines), so a value that means nothing in a phase — a
/// relocation's start while recording, a pending stop after the files are written — cannot be read
/// there, and every handler switches over all phases.
enum SessionState: Sendable {
    /// The view is presented; not yet in landscape-right.
    case waitingForLandscape
    /// In landscape-right; the record button starts recording.
    case ready
    /// Recording; the detectors run.
    case recording(RecordingState)
    /// Looking for a known place since `since` (seconds on the session clock).
    case relocating(RecordingState, since: Double)
    /// The app is in the background (with the backgroundResume option).
    case backgrounded(RecordingState)
    /// Stop was confirmed with enough data; the host writes the files.
    case writing
    /// The host zips the files; `rezipped` once the one re-zip after an invalid zip was asked for;
    /// `attemptStart` is when the current zip attempt started (the files written, or the previous
    /// attempt's end), seconds on the session clock.
    case zipping(rezipped: Bool, attemptStart: Double)
    /// The session ended normally.
    case finished
    /// The session ended with an unrecoverable error.
    case aborted

    /// The public name of the phase.
    var phase: SessionPhase {
        switch self {
        case .waitingForLandscape: .waitingForLandscape
        case .ready: .ready
        case .recording: .recording
        case .relocating: .relocating
        case .backgrounded: .backgrounded
        case .writing: .writing
        case .zipping: .zipping
        case .finished: .finished
        case .aborted: .aborted
        }
    }

    /// The recording's own state in the phases that have one (recording, relocating, backgrounded);
    /// setting it changes that state and keeps the phase (nothing in the other phases).
    var recording: RecordingState? {
        get {
            switch self {
            case .recording(let r), .relocating(let r, _), .backgrounded(let r): r
            case .waitingForLandscape, .ready, .writing, .zipping, .finished, .aborted: nil
            }
        }
        set {
            guard let r = newValue else { return }
            switch self {
            case .recording: self = .recording(r)
            case .relocating(_, let since): self = .relocating(r, since: since)
            case .backgrounded: self = .backgrounded(r)
            case .waitingForLandscape, .ready, .writing, .zipping, .finished, .aborted: break
            }
        }
    }
}
