/// The capture session: a value-type state machine with one step function from a time-stamped input
/// to events. It reads no clock, file or random number.
public struct CaptureSession: Sendable {
    public let configuration: SessionConfiguration
    public private(set) var phase: SessionPhase = .waitingForLandscape
    public private(set) var record = SessionRecord()

    public init(configuration: SessionConfiguration = SessionConfiguration()) {
        self.configuration = configuration
    }

    public mutating func step(_ input: SessionInput) throws(SessionInputError) -> StepResult {
        StepResult()
    }
}
