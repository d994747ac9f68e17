import CaptureEngine
import CaptureReplay
import RegressionCheck
import SyntheticSensor

/// A bundle's replay as `capture-sim replay` runs it (``ReplayRun``). A scene with injected file
/// failures gets the same failures in its replay: storage outcomes are not inputs a bundle logs.
struct RoundTripReplay {
    var events: [Event]
    var rejected: [Int]
    var finalPhase: SessionPhase

    init(log: ReplayLog, scene: Scene) {
        if scene.faults.isEmpty {
            let run = ReplayRun(log: log)
            events = run.events
            rejected = run.rejected.map(\.index)
            finalPhase = run.finalPhase
            return
        }
        var driver = SessionDriver(session: CaptureSession(configuration: log.configuration),
                                   storage: SimulatedStorage(zipPath: "", faults: FaultPlan(scene.faults)))
        events = []
        rejected = []
        for index in log.inputs.indices {
            do throws(SessionInputError) { events += try driver.feed(log.inputs[index]) } catch { rejected.append(index) }
        }
        finalPhase = driver.session.phase
    }

    /// An event's JSON line without the zip's path (code 7), which names where each storage put its zip.
    static func comparable(_ event: Event) -> String {
        var event = event
        if event.code == .zipped { event.parameters.zipPath = nil }
        return event.json.serialized()
    }
}
