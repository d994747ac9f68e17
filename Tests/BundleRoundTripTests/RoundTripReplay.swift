import CaptureEngine
import CaptureReplay
import RegressionCheck
import SceneRuntime
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

    /// Largest relative difference allowed between a replayed and a run event's `trace.measured`: the
    /// bundle stores each pose as a matrix and the replay recovers its rotation from it, so a value
    /// measured from poses may differ in its last bits (about 1e-15 relative).
    static let measuredRelativeTolerance = 1e-9

    /// An event's JSON line without the zip's path (code 7), which names where each storage put its
    /// zip, and without `trace.measured` (compared within ``measuredRelativeTolerance``).
    static func comparable(_ event: Event) -> String {
        var event = event
        if event.meaning == .zipped { event.parameters.zipPath = nil }
        event.trace?.measured = 0
        return event.json.serialized()
    }

    /// The first difference between replayed and run events, or nil when they agree: the same count,
    /// each event the same but for code 7's zip path and `trace.measured` within tolerance.
    static func firstDifference(replayed: [Event], run: [Event]) -> String? {
        for (i, (a, b)) in zip(replayed, run).enumerated() {
            let measuredAgree = abs((a.trace?.measured ?? 0) - (b.trace?.measured ?? 0))
                <= measuredRelativeTolerance * max(1, abs(b.trace?.measured ?? 0))
            if comparable(a) != comparable(b) || !measuredAgree {
                return "event \(i) replayed as \(a.json.serialized()), run emitted \(b.json.serialized())"
            }
        }
        if replayed.count != run.count { return "\(replayed.count) events replayed, \(run.count) run" }
        return nil
    }
}
