import CaptureEngine
import Foundation
import SceneRuntime
import SyntheticSensor
import Testing

/// `sweep` renders a scene once and feeds every threshold value's session in lockstep: each must get the
/// events a run of its own gives.
@Suite struct LockstepRunTests {
    @Test func sessionsFedInLockstepGiveTheEventsOfTheirOwnRuns() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenes/fast-rotation.json").path
        let scene = try Scene.load(path: path)
        let capture = SyntheticCapture(scene: scene, options: CaptureOptions(renderBands: 1))
        let rateField = try #require(Thresholds.fieldsByKey["fastRotation.degreesPerSecond"])
        let configurations = try [60.0, 90, 180].map { rate in
            var configuration = capture.configuration
            configuration.thresholds = try configuration.thresholds.setting(rateField, to: rate)
            return configuration
        }
        let lockstep = try LockstepSceneRuns(capture: capture, configurations: configurations)
        #expect(lockstep.events.count == 3)
        for (configuration, events) in zip(configurations, lockstep.events) {
            let own = try SceneRun(capture: SyntheticCapture(scene: scene, options: CaptureOptions(renderBands: 1)), configuration: configuration,
                                   storage: SimulatedStorage(zipPath: "\(scene.metadata.uid).zip", faults: FaultPlan(scene.faults)))
            #expect(events == own.events)
        }
        // The thresholds matter: the 87s at 60 deg/s are not those at 180.
        #expect(lockstep.events[0].filter { $0.code == 87 } != lockstep.events[2].filter { $0.code == 87 })
    }
}
