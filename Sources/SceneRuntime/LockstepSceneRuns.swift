import CaptureEngine
import SyntheticSensor

/// One scene's input stream fed to several sessions at once, each with its own configuration (say, a
/// threshold at each of a sweep's values), with simulated storage: the stream (the costly part: depth
/// maps rendered by the synthetic sensor) is made once and every input goes to every session in turn.
/// The sensor's inputs do not depend on what a session decides, so each session gets exactly the inputs
/// a ``SceneRun`` of its own would, and the same events.
public struct LockstepSceneRuns {
    /// Each configuration's events, in order, in the order the configurations were given.
    public var events: [[Event]]
    /// Inputs fed to each session.
    public var inputCount: Int

    /// Runs `capture` with each of `configurations`; faults of the scene fire in every run.
    public init(capture: SyntheticCapture, configurations: [SessionConfiguration]) throws(SessionInputError) {
        var drivers = configurations.map { configuration in
            SessionDriver(session: CaptureSession(configuration: configuration),
                          storage: SimulatedStorage(zipPath: "\(capture.metadata.uid).zip", faults: FaultPlan(capture.faults)))
        }
        events = Array(repeating: [], count: configurations.count)
        inputCount = 0
        for input in capture {
            for i in drivers.indices {
                events[i] += try drivers[i].feed(input)
            }
            inputCount += 1
        }
    }
}
