import CaptureBundle
import CaptureEngine
import CaptureReplay
import Foundation
import RegressionCheck
import TestSupport
import Testing

/// Fidelity of bundles (docs/replay-formats.md, "Round trip"): replaying a bundle that a scene's run
/// wrote gives exactly the events that run emitted.
@Suite struct SceneRoundTripTests {
    @Test func thereAreScenesToRoundTrip() {
        #expect(PackageFolder.sceneNames.count > 10)
    }

    @Test(arguments: PackageFolder.sceneNames)
    func replayingTheBundleASceneWroteGivesTheEventsItsRunEmitted(scene name: String) throws {
        let recorded = try RecordedScene(name: name)
        defer { recorded.remove() }
        let runEvents = recorded.run.events
        guard let bundle = recorded.bundlePath else {
            // Aborted or not enough data: no bundle, and nothing of the scan left behind.
            #expect(recorded.leftovers.isEmpty, "\(name): files left without a bundle: \(recorded.leftovers)")
            #expect(!runEvents.contains { $0.meaning == .zipped }, "\(name): zipped but no bundle")
            return
        }
        // The bundle's events are the run's events up to the moment the files were written.
        let bundleEvents = try BundleReader(path: bundle).arkitData().events
        #expect(!bundleEvents.isEmpty, "\(name)")
        #expect(bundleEvents == runEvents.prefix(bundleEvents.count).map(ArkitEvent.init(event:)), "\(name)")

        // The replay emits the same events, to the last one.
        let log = try ReplayReader.read(path: bundle)
        let replay = RoundTripReplay(log: log, scene: recorded.scene)
        #expect(replay.rejected.isEmpty, "\(name): the session rejected replayed inputs")
        #expect(replay.events.prefix(bundleEvents.count).map(ArkitEvent.init(event:)) == bundleEvents, "\(name)")
        if let difference = RoundTripReplay.firstDifference(replayed: replay.events, run: runEvents) {
            Issue.record("\(name): \(difference)")
        }
        #expect(replay.finalPhase == recorded.run.driver.session.phase, "\(name)")
    }
}

extension ArkitEvent {
    /// The `events` entry of `arkitData.json` an event is written as.
    init(event: Event) {
        self.init(time: event.time, code: event.code, message: event.message, severity: event.severity.rawValue)
    }
}
