import CaptureEngine
import SyntheticSensor

/// One scene run through the engine: its synthetic input stream fed to a session through a
/// ``SessionDriver`` with the given storage.
public struct SceneRun<Storage: ScanStorage> {
    /// Every event, in order.
    public var events: [Event]
    /// The driver after the last input (session state, record, storage).
    public var driver: SessionDriver<Storage>
    /// Inputs fed.
    public var inputCount: Int

    /// Runs `capture` with `configuration` (the scene's, possibly with overridden thresholds).
    /// `progress` is called now and then with the fraction of the stream's duration done.
    public init(capture: SyntheticCapture, configuration: SessionConfiguration, storage: Storage,
                progress: ((Double) -> Void)? = nil,
                observer: ((SessionInput, CaptureSession, [Event]) -> Void)? = nil) throws(SessionInputError) {
        try self.init(inputs: capture, duration: capture.duration, configuration: configuration, storage: storage,
                      progress: progress, observer: observer)
    }

    /// Runs an input stream lasting `duration` seconds (for instance a capture's inputs produced on
    /// another thread, in the same order) with `configuration`.
    ///
    /// With an `observer`, the session records what its detectors measure (``CaptureSession/tapsSignals``)
    /// and the observer sees every input with the session after it and the events it caused.
    public init<Inputs: Sequence<SessionInput>>(inputs: Inputs, duration: Double, configuration: SessionConfiguration,
                                                storage: Storage, progress: ((Double) -> Void)? = nil,
                                                observer: ((SessionInput, CaptureSession, [Event]) -> Void)? = nil)
        throws(SessionInputError) {
        var session = CaptureSession(configuration: configuration)
        session.tapsSignals = observer != nil
        driver = SessionDriver(session: session, storage: storage)
        events = []
        inputCount = 0
        let duration = max(duration, 1e-9)
        var reported = -1.0
        for input in inputs {
            let stepEvents = try driver.feed(input)
            events += stepEvents
            observer?(input, driver.session, stepEvents)
            inputCount += 1
            if let progress, input.time - reported >= duration / 100 {
                reported = input.time
                progress(min(1, input.time / duration))
            }
        }
        progress?(1)
    }
}
