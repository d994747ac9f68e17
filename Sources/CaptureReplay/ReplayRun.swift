import CaptureEngine

/// What a replay produced: the session's events and the inputs it rejected.
public struct ReplayRun: Sendable {
    /// Every event, in order.
    public var events: [Event]
    /// Inputs the session rejected (time going backwards, non-finite time), with their index in the log's
    /// inputs; the readers skip those already, so this is normally empty.
    public var rejected: [(index: Int, error: SessionInputError)]
    /// The number of inputs fed.
    public var inputCount: Int
    /// The session's phase after the last input.
    public var finalPhase: SessionPhase

    /// Runs a log's inputs through a session with the log's configuration, the way the phone's session
    /// would have run (no storage: only events).
    public init(log: ReplayLog) {
        self.init(inputs: log.inputs, configuration: log.configuration)
    }

    /// Runs inputs through `SessionDriver(session: CaptureSession(configuration:), storage: NullScanStorage())`.
    public init(inputs: ReplayInputs, configuration: SessionConfiguration) {
        var driver = SessionDriver(session: CaptureSession(configuration: configuration), storage: NullScanStorage())
        var events: [Event] = []
        var rejected: [(index: Int, error: SessionInputError)] = []
        for index in inputs.indices {
            do throws(SessionInputError) {
                events += try driver.feed(inputs[index])
            } catch {
                rejected.append((index, error))
            }
        }
        self.events = events
        self.rejected = rejected
        self.inputCount = inputs.count
        self.finalPhase = driver.session.phase
    }
}
