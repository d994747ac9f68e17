import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor
import TestSupport

/// Checks each warning scene against what the engine's detectors measure with their default thresholds
/// (recomputed here from the stream), and the clean apartment scan against all of them.
@Suite struct SceneMeasureTests {
    private func measures(_ name: String, depthEvery: Int = 1_000_000) throws -> WarningMeasures {
        let scene = try Scene.load(path: PackageFolder.scene("\(name)"))
        return WarningMeasures(capture: SyntheticCapture(scene: scene, options: CaptureOptions(depthEveryNthFrame: depthEvery)))
    }

    @Test func apartmentScanStaysInsideEveryWarningThreshold() throws {
        let m = try measures("apartment", depthEvery: 6)
        #expect(m.longestSideways < 0.5)
        #expect(m.peakYawRate < 80)
        #expect(m.longestFloor < 0.5)
        // The hand looks around with a median pitch near -10 degrees (real scans: -4 to -10), so the
        // pitch stays level for a few seconds at a time, but less than the horizontal warning's 5 s.
        #expect(m.longestLevel < 4.8)
        #expect(m.largestJump < 3)
        #expect(m.longestTooClose < 0.2)
        #expect(m.longestTooFar == 0)
        #expect(m.meanWalkingSpeed > 0.3 && m.meanWalkingSpeed < 0.6)
    }

    @Test func sidewaysScenesWalkSidewaysForMoreThanASecond() throws {
        #expect(try measures("sideways-left").longestSideways > 2)
        #expect(try measures("sideways-right").longestSideways > 2)
    }

    @Test func fastRotationSceneTurnsFasterThanNinetyDegreesPerSecond() throws {
        let m = try measures("fast-rotation")
        #expect(m.peakYawRate > 120)
    }

    @Test func floorAndHorizontalScenesHoldTheirPitch() throws {
        #expect(try measures("floor").longestFloor > 2)
        #expect(try measures("horizontal").longestLevel > 6)
    }

    @Test func proximityScenesGoTooCloseAndTooFar() throws {
        #expect(try measures("too-close", depthEvery: 6).longestTooClose > 1.5)
        let far = try measures("too-far", depthEvery: 6)
        #expect(far.longestTooFar > 2)
    }

    @Test func driftSceneJumpsMoreThanTenMetres() throws {
        #expect(try measures("drift").largestJump > 10)
    }
}
