import CaptureEngine
import Foundation
import RegressionCheck
import Testing

/// Each threshold has two scenes in `Scenes/boundaries/`: `<name>-above` triggers its warning just past the
/// default and `<name>-below` stays just short of it. Both pass with the defaults; moving the threshold
/// 10 % one way or the other makes one of them fail, so a 10 % change of a default never goes unnoticed.
/// "Raised" and "lowered" are of the threshold's value; for negative thresholds the name says which way.
@Suite struct ThresholdShiftTests {
    /// `Scenes/boundaries`, found from this file's place in the package.
    private static let boundaries = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes/boundaries")

    /// Runs one boundary scene with `key` multiplied by `factor` (1 = the default) and returns its check.
    private func check(_ scene: String, _ key: String, times factor: Double = 1) -> SceneCheck {
        SceneCheck(path: Self.boundaries.appendingPathComponent(scene + ".json").path) { thresholds in
            guard factor != 1 else { return thresholds }
            guard let value = thresholds.value(at: key) else {
                throw ThresholdOverrideError("no threshold \(key)")
            }
            return try thresholds.setting(key: key, to: "\(value * factor)", source: "test")
        }
    }

    /// Both scenes of a pair pass with the default thresholds.
    private func expectBothPass(_ pair: String, _ key: String) {
        for side in ["above", "below"] {
            let result = check("\(pair)-\(side)", key)
            #expect(result.status == .passed, "\(pair)-\(side) with default \(key): \(result.problems)")
        }
    }

    /// The scene `pair-side` fails with `key` multiplied by `factor`.
    private func expectFails(_ pair: String, _ side: String, _ key: String, times factor: Double) {
        let result = check("\(pair)-\(side)", key, times: factor)
        #expect(result.status == .failed, "\(pair)-\(side) with \(key) x\(factor) should fail; events: \(result.events.map(\.code.rawValue))")
    }

    // MARK: fastRotation.degreesPerSecond (87)

    @Test func fastRotationScenesPassAtTheDefaultRate() { expectBothPass("fast-rotation", "fastRotation.degreesPerSecond") }
    @Test func fastRotationRateRaisedTenPercentMissesTheTurnJustAbove() {
        expectFails("fast-rotation", "above", "fastRotation.degreesPerSecond", times: 1.1)
    }
    @Test func fastRotationRateLoweredTenPercentWarnsOnTheTurnJustBelow() {
        expectFails("fast-rotation", "below", "fastRotation.degreesPerSecond", times: 0.9)
    }

    // MARK: sideways.minimumSpeedMetersPerSecond (29)

    @Test func sidewaysScenesPassAtTheDefaultSpeed() { expectBothPass("sideways", "sideways.minimumSpeedMetersPerSecond") }
    @Test func sidewaysSpeedRaisedTenPercentMissesTheWalkJustAbove() {
        expectFails("sideways", "above", "sideways.minimumSpeedMetersPerSecond", times: 1.1)
    }
    @Test func sidewaysSpeedLoweredTenPercentWarnsOnTheWalkJustBelow() {
        expectFails("sideways", "below", "sideways.minimumSpeedMetersPerSecond", times: 0.9)
    }

    // MARK: floor.pitchDegrees (21), negative: steeper is further down

    @Test func floorPitchScenesPassAtTheDefaultPitch() { expectBothPass("floor-pitch", "floor.pitchDegrees") }
    @Test func floorPitchTenPercentSteeperMissesTheTiltJustBeyond() {
        expectFails("floor-pitch", "above", "floor.pitchDegrees", times: 1.1)
    }
    @Test func floorPitchTenPercentShallowerWarnsOnTheTiltJustShort() {
        expectFails("floor-pitch", "below", "floor.pitchDegrees", times: 0.9)
    }

    // MARK: ceiling.pitchDegrees (22, device without LiDAR)

    @Test func ceilingPitchScenesPassAtTheDefaultPitch() { expectBothPass("ceiling-pitch", "ceiling.pitchDegrees") }
    @Test func ceilingPitchRaisedTenPercentMissesTheTiltJustBeyond() {
        expectFails("ceiling-pitch", "above", "ceiling.pitchDegrees", times: 1.1)
    }
    @Test func ceilingPitchLoweredTenPercentWarnsOnTheTiltJustShort() {
        expectFails("ceiling-pitch", "below", "ceiling.pitchDegrees", times: 0.9)
    }

    // MARK: horizontal.levelDegrees (31): a wider band catches more

    @Test func horizontalLevelScenesPassAtTheDefaultBand() { expectBothPass("horizontal-level", "horizontal.levelDegrees") }
    @Test func horizontalLevelRaisedTenPercentWarnsOnThePitchJustOutside() {
        expectFails("horizontal-level", "below", "horizontal.levelDegrees", times: 1.1)
    }
    @Test func horizontalLevelLoweredTenPercentMissesThePitchJustInside() {
        expectFails("horizontal-level", "above", "horizontal.levelDegrees", times: 0.9)
    }

    // MARK: proximity.nearMeters (85): a larger distance catches more

    @Test func proximityScenesPassAtTheDefaultDistance() { expectBothPass("proximity-near", "proximity.nearMeters") }
    @Test func proximityNearRaisedTenPercentWarnsOnTheWallJustFarther() {
        expectFails("proximity-near", "below", "proximity.nearMeters", times: 1.1)
    }
    @Test func proximityNearLoweredTenPercentMissesTheWallJustNearer() {
        expectFails("proximity-near", "above", "proximity.nearMeters", times: 0.9)
    }

    // MARK: drift.meters (13)

    @Test func driftScenesPassAtTheDefaultDistance() { expectBothPass("drift", "drift.meters") }
    @Test func driftRaisedTenPercentMissesTheJumpJustAbove() { expectFails("drift", "above", "drift.meters", times: 1.1) }
    @Test func driftLoweredTenPercentAbortsOnTheJumpJustBelow() { expectFails("drift", "below", "drift.meters", times: 0.9) }

    // MARK: relocation.timeoutSeconds (80 vs 28)

    @Test func relocationScenesPassAtTheDefaultTimeout() { expectBothPass("relocation-timeout", "relocation.timeoutSeconds") }
    @Test func relocationTimeoutRaisedTenPercentRecoversTheLossJustLonger() {
        expectFails("relocation-timeout", "above", "relocation.timeoutSeconds", times: 1.1)
    }
    @Test func relocationTimeoutLoweredTenPercentGivesUpOnTheLossJustShorter() {
        expectFails("relocation-timeout", "below", "relocation.timeoutSeconds", times: 0.9)
    }

    // MARK: storage.warningMinutes (78): more minutes warn earlier

    @Test func storageScenesPassAtTheDefaultMinutes() { expectBothPass("storage-minutes", "storage.warningMinutes") }
    @Test func storageMinutesRaisedTenPercentWarnsWithJustOverTenMinutesLeft() {
        expectFails("storage-minutes", "below", "storage.warningMinutes", times: 1.1)
    }
    @Test func storageMinutesLoweredTenPercentMissesJustUnderTenMinutesLeft() {
        expectFails("storage-minutes", "above", "storage.warningMinutes", times: 0.9)
    }

    // MARK: recording.minimumSeconds (2 vs 3)

    @Test func recordingScenesPassAtTheDefaultMinimum() { expectBothPass("recording-minimum", "recording.minimumSeconds") }
    @Test func recordingMinimumRaisedTenPercentRejectsTheScanJustOver() {
        expectFails("recording-minimum", "above", "recording.minimumSeconds", times: 1.1)
    }
    @Test func recordingMinimumLoweredTenPercentAcceptsTheScanJustUnder() {
        expectFails("recording-minimum", "below", "recording.minimumSeconds", times: 0.9)
    }

    // MARK: floor.holdSeconds

    @Test func floorHoldScenesPassAtTheDefaultHoldTime() { expectBothPass("floor-hold", "floor.holdSeconds") }
    @Test func floorHoldTimeRaisedTenPercentMissesTheHoldJustLonger() { expectFails("floor-hold", "above", "floor.holdSeconds", times: 1.1) }
    @Test func floorHoldTimeLoweredTenPercentWarnsOnTheHoldJustShorter() { expectFails("floor-hold", "below", "floor.holdSeconds", times: 0.9) }

    // MARK: sideways.holdSeconds

    @Test func sidewaysHoldScenesPassAtTheDefaultHoldTime() { expectBothPass("sideways-hold", "sideways.holdSeconds") }
    @Test func sidewaysHoldTimeRaisedTenPercentMissesTheHoldJustLonger() { expectFails("sideways-hold", "above", "sideways.holdSeconds", times: 1.1) }
    @Test func sidewaysHoldTimeLoweredTenPercentWarnsOnTheHoldJustShorter() { expectFails("sideways-hold", "below", "sideways.holdSeconds", times: 0.9) }

    // MARK: horizontal.holdSeconds

    @Test func horizontalHoldScenesPassAtTheDefaultHoldTime() { expectBothPass("horizontal-hold", "horizontal.holdSeconds") }
    @Test func horizontalHoldTimeRaisedTenPercentMissesTheHoldJustLonger() { expectFails("horizontal-hold", "above", "horizontal.holdSeconds", times: 1.1) }
    @Test func horizontalHoldTimeLoweredTenPercentWarnsOnTheHoldJustShorter() { expectFails("horizontal-hold", "below", "horizontal.holdSeconds", times: 0.9) }

    // MARK: poseValidity.frozenSeconds

    @Test func frozenPoseScenesPassAtTheDefaultHoldTime() { expectBothPass("frozen-pose", "poseValidity.frozenSeconds") }
    @Test func frozenPoseTimeRaisedTenPercentMissesTheHoldJustLonger() { expectFails("frozen-pose", "above", "poseValidity.frozenSeconds", times: 1.1) }
    @Test func frozenPoseTimeLoweredTenPercentWarnsOnTheHoldJustShorter() { expectFails("frozen-pose", "below", "poseValidity.frozenSeconds", times: 0.9) }
}
