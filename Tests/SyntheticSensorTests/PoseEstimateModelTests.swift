import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor

@Suite struct PoseEstimateModelTests {
    /// The estimate on, every part of its error off but what `adjust` sets (loop closures stay on).
    static func only(_ adjust: (inout PoseErrorSettings) -> Void) -> PoseErrorSettings {
        var s = PoseErrorSettings()
        s.driftPerRootMeter = 0
        s.yawDriftDegreesPerRootMeter = 0
        s.driftPerMeter = 0
        s.jitterMeters = 0
        s.jitterDegrees = 0
        s.frameJitterMeters = 0
        s.frameJitterDegrees = 0
        adjust(&s)
        return s
    }

    /// Only the position's random walk: no steady drift, jitter, heading drift or loop closures.
    static var walkOnly: PoseErrorSettings {
        only { $0.driftPerRootMeter = 0.01; $0.loopClosureShare = 0 }
    }

    /// The estimate's position error along a straight walk of `meters` along x in 1 cm steps, one sample
    /// every `every` metres.
    static func errors(settings: PoseErrorSettings, seed: UInt64, meters: Double, every: Double) -> [SIMD3<Double>] {
        var model = PoseEstimateModel(settings: settings, seed: seed)
        var out: [SIMD3<Double>] = []
        let steps = Int((meters * 100).rounded()), sample = Int((every * 100).rounded())
        for step in 0...steps {
            let truth = RigidTransform(rotation: .identity, translation: SIMD3(Double(step) * 0.01, 1.5, 0))
            let estimate = model.estimate(of: truth, at: Double(step) / 60, tracking: .normal)
            if step > 0, step % sample == 0 { out.append(estimate.translation - truth.translation) }
        }
        return out
    }

    @Test func driftGrowsWithTheSquareRootOfThePathAtTheDocumentedRate() {
        // RMS per horizontal axis after p metres: driftPerRootMeter * sqrt(p) (0.02 m at 4 m, 0.04 m at 16 m).
        var squares = [0.0, 0.0], vertical = 0.0
        let seeds = 300
        for seed in 0..<seeds {
            let e = Self.errors(settings: Self.walkOnly, seed: UInt64(seed), meters: 16, every: 4)
            squares[0] += (e[0].x * e[0].x + e[0].z * e[0].z) / 2
            squares[1] += (e[3].x * e[3].x + e[3].z * e[3].z) / 2
            vertical += e[3].y * e[3].y
        }
        let at4 = (squares[0] / Double(seeds)).squareRoot(), at16 = (squares[1] / Double(seeds)).squareRoot()
        #expect(abs(at4 / 0.02 - 1) < 0.12, "RMS at 4 m: \(at4)")
        #expect(abs(at16 / 0.04 - 1) < 0.12, "RMS at 16 m: \(at16)")
        // Vertically a share verticalDriftShare (0.3) of it.
        #expect(abs((vertical / Double(seeds)).squareRoot() / (0.3 * 0.04) - 1) < 0.15)
    }

    @Test func turningCountsTowardsThePath() {
        var s = Self.walkOnly
        s.turnMetersPerRadian = 0.5
        var model = PoseEstimateModel(settings: s, seed: 1)
        for step in 0...180 {
            let truth = RigidTransform(rotation: Quaternion(angle: Double(step) * .pi / 180, axis: SIMD3(0, 1, 0)), translation: SIMD3(0, 1.5, 0))
            _ = model.estimate(of: truth, at: Double(step) / 60, tracking: .normal)
        }
        #expect(abs(model.pathMeters - 0.5 * .pi) < 1e-9)
        #expect(model.distanceMeters == 0)
    }

    @Test func theSteadyDriftGrowsLinearlyWithTheDistanceMoved() {
        let s = Self.only { $0.driftPerMeter = 0.002 }
        let e = Self.errors(settings: s, seed: 5, meters: 10, every: 5)
        let horizontal = { (v: SIMD3<Double>) in (v.x * v.x + v.z * v.z).squareRoot() }
        #expect(abs(horizontal(e[0]) - 0.01) < 1e-9)
        #expect(abs(horizontal(e[1]) - 0.02) < 1e-9)
    }

    @Test func theSameSeedGivesTheSameEstimateAndAnotherSeedAnother() {
        let a = Self.errors(settings: PoseErrorSettings(), seed: 9, meters: 5, every: 1)
        let b = Self.errors(settings: PoseErrorSettings(), seed: 9, meters: 5, every: 1)
        let c = Self.errors(settings: PoseErrorSettings(), seed: 10, meters: 5, every: 1)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func offReportsTheTruePose() throws {
        var model = PoseEstimateModel(settings: .off, seed: 3)
        let truth = RigidTransform(rotation: Quaternion(angle: 0.3, axis: SIMD3(0, 1, 0)), translation: SIMD3(1, 2, 3))
        #expect(model.estimate(of: truth, at: 0, tracking: .normal) == truth)
        // In a capture: every frame's transform is the true pose.
        let text = TestScenes.sceneText(script: """
            [ { "action": "present", "position": [1, 1], "orientation": "landscapeRight" },
              { "action": "walkTo", "to": [5, 4], "speed": 0.6 } ]
            """, extra: #" "tracking": { "poseError": false },"#)
        let scene = try Scene(jsonText: text, source: "test.json")
        #expect(scene.tracking == .off)
        let capture = SyntheticCapture(scene: scene, options: CaptureOptions(depthEveryNthFrame: 1_000_000))
        var frames = 0
        for input in capture {
            guard case .frame(let frame) = input.kind else { continue }
            #expect(frame.transform == capture.truePose(at: input.time))
            frames += 1
        }
        #expect(frames > 100)
    }

    @Test func comingBackToAPlaceRemovesMostOfTheDriftGatheredSince() {
        // Out 6 m along x and back past the start, facing the same way throughout.
        func error(share: Double, seed: UInt64) -> Double {
            var s = Self.walkOnly
            s.loopClosureShare = share
            s.loopClosureSeconds = 0
            var model = PoseEstimateModel(settings: s, seed: seed)
            var last = SIMD3<Double>.zero
            for step in 0...1230 {
                let x = step <= 600 ? Double(step) * 0.01 : Double(1200 - step) * 0.01
                let truth = RigidTransform(rotation: .identity, translation: SIMD3(x, 1.5, 0))
                last = model.estimate(of: truth, at: Double(step) / 60, tracking: .normal).translation - truth.translation
            }
            return (last.x * last.x + last.z * last.z).squareRoot()
        }
        var without = 0.0, with = 0.0
        for seed in 0..<40 {
            without += error(share: 0, seed: UInt64(seed))
            with += error(share: 1, seed: UInt64(seed))
        }
        #expect(with < 0.5 * without, "with loop closures \(with / 40), without \(without / 40)")
    }

    @Test func trackingThatReturnsAfterBeingLostJumps() {
        let s = Self.only { $0.relocalizationJumpMeters = 0.05 }
        var model = PoseEstimateModel(settings: s, seed: 2)
        let truth = RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, 0))
        #expect(model.estimate(of: truth, at: 0, tracking: .normal) == truth)
        _ = model.estimate(of: truth, at: 0.1, tracking: .notAvailable)
        _ = model.estimate(of: truth, at: 0.2, tracking: .limited(.relocalizing))
        let after = model.estimate(of: truth, at: 0.3, tracking: .normal)
        #expect((after.translation - truth.translation).length > 1e-4)
        #expect(after.translation.y == truth.translation.y)
    }

    /// Issue 47: the recorded poses had 0.031 mm and 0.0012 degrees of jitter (residual from a cubic
    /// through 9 frames), a phone's 0.09-0.21 mm and 0.025-0.033. The frame jitter is independent from
    /// frame to frame and seeded by the frame's time: the same frame gets the same noise in any run.
    @Test func theFrameJitterIsIndependentPerFrameAndTheSameForTheSameFrame() {
        let s = Self.only { $0.frameJitterMeters = PoseErrorSettings().frameJitterMeters }
        let truth = RigidTransform(rotation: .identity, translation: SIMD3(0, 1.5, 0))
        var model = PoseEstimateModel(settings: s, seed: 3)
        let offsets = (0..<2_000).map { (model.estimate(of: truth, at: Double($0) / 60, tracking: .normal).translation - truth.translation).x }
        let mean = offsets.reduce(0, +) / Double(offsets.count)
        let sd = (offsets.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(offsets.count)).squareRoot()
        #expect(abs(sd - s.frameJitterMeters) < 0.1 * s.frameJitterMeters)
        // Neighbouring frames are uncorrelated (the smooth jitter is what correlates).
        let lag = zip(offsets, offsets.dropFirst()).map { ($0 - mean) * ($1 - mean) }.reduce(0, +) / Double(offsets.count - 1)
        #expect(abs(lag / (sd * sd)) < 0.1)
        // A model that starts at frame 5 gives frame 5 the same noise.
        var again = PoseEstimateModel(settings: s, seed: 3)
        #expect((again.estimate(of: truth, at: 5.0 / 60, tracking: .normal).translation - truth.translation).x == offsets[5])
    }
}
