import CaptureEngine
import JSONSupport

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
    /// Why the replay stopped early: a bundle's depth record could not be read during the replay (the
    /// file changed after it was checked); nil when every input was fed.
    public var readFailure: InputError?

    /// Runs a log's inputs through a session with the log's configuration, the way the phone's session
    /// would have run (no storage: only events).
    public init(log: ReplayLog, observer: ((SessionInput, CaptureSession, [Event]) -> Void)? = nil) {
        self.init(inputs: log.inputs, configuration: log.configuration, observer: observer)
    }

    /// Runs inputs through `SessionDriver(session: CaptureSession(configuration:), storage: NullScanStorage())`.
    ///
    /// With an `observer`, the session records what its detectors measure (``CaptureSession/tapsSignals``)
    /// and the observer sees every accepted input with the session after it and the events it caused.
    public init(inputs: ReplayInputs, configuration: SessionConfiguration,
                observer: ((SessionInput, CaptureSession, [Event]) -> Void)? = nil) {
        var session = CaptureSession(configuration: configuration)
        session.tapsSignals = observer != nil
        var driver = SessionDriver(session: session, storage: NullScanStorage())
        var events: [Event] = []
        var rejected: [(index: Int, error: SessionInputError)] = []
        var readFailure: InputError?
        for index in inputs.indices {
            let input: SessionInput
            do throws(InputError) { input = try inputs.input(at: index) } catch {
                readFailure = error
                break
            }
            do throws(SessionInputError) {
                let stepEvents = try driver.feed(input)
                events += stepEvents
                observer?(input, driver.session, stepEvents)
            } catch {
                rejected.append((index, error))
            }
        }
        self.events = events
        self.rejected = rejected
        self.inputCount = inputs.count
        self.finalPhase = driver.session.phase
        self.readFailure = readFailure
    }
}
