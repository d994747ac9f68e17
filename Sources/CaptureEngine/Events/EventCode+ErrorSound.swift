extension EventCode {
    /// Whether the SDK plays its error sound (code 18, emitted right after) with this code: the warnings
    /// that ask the person to change what they are doing (walking sideways, turning too fast, too close,
    /// too far, reverse landscape) and the errors that end the scan from the person's handling (drift,
    /// invalid pose, relocation timed out or impossible, background abort).
    public var playsErrorSound: Bool {
        switch self {
        case .walkingSidewaysLeft, .walkingSidewaysRight, .fastRotation, .tooClose, .tooFar, .reverseLandscape,
             .drifted, .invalidPose, .relocationTimedOut, .noConfiguration, .noRelocationSnapshot, .backgroundAborted:
            true
        default:
            false
        }
    }
}
