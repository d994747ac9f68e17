import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor

@Suite struct MotionTests {
    private func capture(_ script: String, seed: UInt64 = 1, extra: String = "") throws -> SyntheticCapture {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: script, extra: extra), source: "test.json")
        return SyntheticCapture(scene: scene, seed: seed, options: CaptureOptions(depthEveryNthFrame: 1_000_000))
    }

    @Test func scriptedWalkArrivesWhereItShould() throws {
        let c = try capture("""
            [ { "action": "present", "position": [1, 1], "orientation": "landscapeRight" },
              { "action": "walkTo", "to": [5, 4], "speed": 0.6 },
              { "action": "pause", "seconds": 1 } ]
            """)
        let end = c.truePose(at: c.duration).translation
        // Jitter is millimetres; drift 0.2 % of the 5 m walked.
        #expect(abs(end.x - 5) < 0.05 && abs(end.z - 4) < 0.05)
        #expect(abs(end.y - 1.45) < 0.03)
        // Facing the way it walked: heading of the direction (4, 3).
        let heading = CameraPose.heading(c.truePose(at: c.duration))
        #expect(abs(Angle.wrapped(heading - atan2(-4.0, -3.0))) < Angle.radians(fromDegrees: 3))
    }

    @Test func normalWalkingHasPlausibleSpeedAndBobAndNoWarnings() throws {
        let c = try capture("""
            [ { "action": "present", "position": [0.5, 2.5], "headingDegrees": -90, "pitchDegrees": -20, "orientation": "landscapeRight" },
              { "action": "walkTo", "to": [5.5, 2.5], "speed": 0.5 },
              { "action": "turn", "degrees": 180, "seconds": 5 },
              { "action": "walkTo", "to": [1.0, 2.4], "speed": 0.7 } ]
            """)
        let m = WarningMeasures(capture: c)
        #expect(m.meanWalkingSpeed > 0.35 && m.meanWalkingSpeed < 0.75)
        #expect(m.longestSideways < 0.5)
        #expect(m.peakYawRate < 75)
        #expect(m.longestLevel == 0 && m.longestFloor == 0)
        // Height during the first walk: the bob (twice its 2 cm amplitude) and the arm's slow wander (at
        // most twice its 4.5 cm over these 6 s).
        let heights = stride(from: 3.0, to: 9.0, by: 1.0 / 60).map { c.truePose(at: $0).translation.y }
        let span = heights.max()! - heights.min()!
        #expect(span > 0.02 && span < 0.13)
    }

    @Test func sidewaysWalkMovesAlongTheCameraRightAxis() throws {
        let c = try capture("""
            [ { "action": "present", "position": [3, 1], "headingDegrees": 0, "orientation": "landscapeRight" },
              { "action": "walkSideways", "direction": "right", "meters": 2, "speed": 0.5 } ]
            """)
        let start = c.truePose(at: 0).translation, end = c.truePose(at: c.duration).translation
        #expect(abs(end.x - start.x - 2) < 0.05 && abs(end.z - start.z) < 0.05)
        #expect(WarningMeasures(capture: c).longestSideways > 1.5)
    }

    @Test func portraitRollsTheCameraSoGravityLiesAlongPlusX() throws {
        let c = try capture("""
            [ { "action": "present", "pitchDegrees": 0, "orientation": "portrait" },
              { "action": "rotate", "to": "landscapeRight", "seconds": 1 },
              { "action": "pause", "seconds": 1 },
              { "action": "rotate", "to": "landscapeLeft", "seconds": 2 },
              { "action": "pause", "seconds": 1 } ]
            """)
        let portrait = CameraPose.gravityInCamera(c.truePose(at: 0))
        #expect(portrait.x > 0.99)
        let landscape = CameraPose.gravityInCamera(c.truePose(at: 1.5))
        #expect(landscape.y < -0.99)
        let reverse = CameraPose.gravityInCamera(c.truePose(at: c.duration))
        #expect(reverse.y > 0.99)
    }

    /// The camera is held in front of the body's turning axis (issue 47: a camera turning about itself
    /// gave COLMAP no baseline): a half turn in place carries it across twice the walker's arm (0.9-1.1
    /// times `leverArmMeters`), the next walk ends on its target, and an arm of 0 turns about the camera.
    @Test func turningInPlaceSwingsTheCameraOnTheLeverArmAndTheWalkEndsOnItsTarget() throws {
        let script = """
            [ { "action": "present", "position": [3, 2.5], "headingDegrees": 0, "orientation": "landscapeRight" },
              { "action": "turn", "degrees": 180, "seconds": 4 },
              { "action": "pause", "seconds": 1 },
              { "action": "walkTo", "to": [3, 1], "speed": 0.5, "face": false },
              { "action": "pause", "seconds": 1 } ]
            """
        let noise = #""motion": {"lookAround": false, "jitterMeters": 0, "tremorDegrees": 0, "leverArmMeters": ARM},"#
        func horizontal(_ c: SyntheticCapture, _ t: Double) -> SIMD2<Double> {
            let p = c.truePose(at: t).translation
            return SIMD2(p.x, p.z)
        }
        let held = try capture(script, extra: noise.replacingOccurrences(of: "ARM", with: "0.3"))
        let swing = horizontal(held, 5) - horizontal(held, 0)
        // Heading 0 looks along -z: the body's axis is 0.27-0.33 m behind (+z), so the camera ends 0.54-0.66 m further +z.
        #expect(swing.y > 0.53 && swing.y < 0.67 && abs(swing.x) < 0.01, "\(swing)")
        let end = horizontal(held, held.duration)
        #expect(abs(end.x - 3) < 0.01 && abs(end.y - 1) < 0.01, "\(end)")
        let pivoting = try capture(script, extra: noise.replacingOccurrences(of: "ARM", with: "0"))
        let still = horizontal(pivoting, 5) - horizontal(pivoting, 0)
        #expect((still * still).sum().squareRoot() < 0.005, "\(still)")
    }

    /// Hand shake (`tremorDegrees`, 2-7 Hz) turns the camera by a few hundredths of a degree from frame to
    /// frame while the person stands; without it only the slow jitter moves it.
    @Test func tremorShakesTheCameraFromFrameToFrame() throws {
        let script = """
            [ { "action": "present", "orientation": "landscapeRight" }, { "action": "pause", "seconds": 4 } ]
            """
        func medianStepDegrees(_ c: SyntheticCapture) -> Double {
            let steps = stride(from: 0.0, to: 4.0, by: 1.0 / 60).map { t -> Double in
                let a = c.truePose(at: t).rotation, b = c.truePose(at: t + 1.0 / 60).rotation
                return Angle.degrees(fromRadians: a.angle(to: b))
            }.sorted()
            return steps[steps.count / 2]
        }
        let shaking = medianStepDegrees(try capture(script, extra: #""motion": {"lookAround": false, "jitterDegrees": 0},"#))
        let steady = medianStepDegrees(try capture(script, extra: #""motion": {"lookAround": false, "jitterDegrees": 0, "tremorDegrees": 0},"#))
        #expect(shaking > 0.02 && shaking < 0.1, "\(shaking)")
        #expect(steady < 0.001, "\(steady)")
    }

    /// A turn and a look reach their angles: exactly (within the hand's jitter) with `lookAround` off,
    /// within the pitch wander's amplitude (9 degrees) with it on; and the wander moves the pitch.
    @Test func turnReachesItsAngleAndLookReachesItsPitch() throws {
        let script = """
            [ { "action": "present", "headingDegrees": 10, "pitchDegrees": -20, "orientation": "landscapeRight" },
              { "action": "turn", "degrees": 90, "seconds": 3 },
              { "action": "look", "pitchDegrees": -60, "seconds": 2 },
              { "action": "pause", "seconds": 4 } ]
            """
        let still = try capture(script, extra: #" "motion": {"lookAround": false},"#)
        let end = still.truePose(at: still.duration)
        #expect(abs(Angle.degrees(fromRadians: CameraPose.heading(end)) - 100) < 1.5)
        #expect(abs(Angle.degrees(fromRadians: CameraPose.pitch(end)) + 60) < 1.5)
        let looking = try capture(script)
        let pitches = stride(from: 5.5, to: looking.duration, by: 0.1).map { Angle.degrees(fromRadians: CameraPose.pitch(looking.truePose(at: $0))) }
        #expect(pitches.allSatisfy { abs($0 + 60) < 9.5 }, "\(pitches)")
        #expect(pitches.max()! - pitches.min()! > 2, "the pitch wanders: \(pitches)")
    }

    /// The gaze drops by `walkingLookDownDegrees` (default 5) at walking pace and not at all standing; 0
    /// walks with the standing gaze, as the real hand-held log does. The same seed walks the same path
    /// with the same wander, so the pitches differ by the drop alone.
    @Test func walkingLooksDownByWhatTheSceneAsksOnlyWhileWalking() throws {
        let script = """
            [ { "action": "present", "position": [0.5, 2.5], "headingDegrees": -90, "pitchDegrees": -10, "orientation": "landscapeRight" },
              { "action": "pause", "seconds": 2 },
              { "action": "walkTo", "to": [5.5, 2.5], "speed": 0.5 } ]
            """
        let dropping = try capture(script)
        let level = try capture(script, extra: #" "motion": {"walkingLookDownDegrees": 0},"#)
        func pitch(_ c: SyntheticCapture, _ t: Double) -> Double { Angle.degrees(fromRadians: CameraPose.pitch(c.truePose(at: t))) }
        #expect(abs(pitch(dropping, 1) - pitch(level, 1)) < 1e-9, "standing: no drop")
        for t in stride(from: 5.0, to: 10.0, by: 0.5) {
            #expect(abs(pitch(level, t) - pitch(dropping, t) - 5) < 0.05, "walking at full pace, t \(t)")
        }
    }

    @Test func runningTooFastReportsExcessiveMotion() throws {
        let c = try capture("""
            [ { "action": "present", "position": [0.5, 2.5], "headingDegrees": -90, "orientation": "landscapeRight" },
              { "action": "walkTo", "to": [5.5, 2.5], "speed": 3.0 } ]
            """)
        var limited = 0
        for input in c { if case .frame(let f) = input.kind, f.tracking == .limited(.excessiveMotion) { limited += 1 } }
        #expect(limited > 10)
    }
}
