import CaptureEngine
import Foundation

/// The phone's true camera-to-world pose over time: the scripted body motion plus a hand-held model
/// (gait bob and sway tied to the distance walked, hand jitter, and a person looking around: gaze and
/// pitch wander, arm height), all from the scene's seed. The tracker's drift is the reported pose's
/// (``PoseEstimateModel``), not the true one's.
///
/// Pose = translation (x, floor + eye height + bob + arm, z) + the turns' swing + sway along the horizontal
/// right axis + jitter; rotation = yaw(heading + yaw sway + jitter + tremor) * pitch(pitch + gaze + wander +
/// jitter + tremor) * roll(roll + jitter + tremor), i.e. ARKit's camera looking along -Z with +X right in landscape-right. Gaze and
/// arm only with ``HandMotionSettings/lookAround``.
struct HandHeldMotion: Sendable {
    let timeline: ScriptTimeline
    let settings: HandMotionSettings
    private let jitterYaw: SmoothNoise, jitterPitch: SmoothNoise, jitterRoll: SmoothNoise
    private let jitterX: SmoothNoise, jitterY: SmoothNoise, jitterZ: SmoothNoise
    /// The person's looking around (``HandMotionSettings/lookAround``): pitch and arm height wander.
    private let pitchWander: SmoothNoise, armWander: SmoothNoise
    /// Hand shake: fast, small turns of the wrist (``HandMotionSettings/tremorDegrees``).
    private let tremorYaw: SmoothNoise, tremorPitch: SmoothNoise, tremorRoll: SmoothNoise
    /// This walker's distance from the body's turning axis to the camera, metres.
    let leverArmMeters: Double

    init(timeline: ScriptTimeline, settings: HandMotionSettings, seed: UInt64) {
        self.timeline = timeline
        self.settings = settings
        var random = SeededRandom(seed: seed).derived(stream: 0x4D4F_5449_4F4E)
        let degrees = Angle.radians(fromDegrees: settings.jitterDegrees)
        jitterYaw = SmoothNoise(random: &random, minimumHz: 0.2, maximumHz: 1.2, amplitude: degrees)
        jitterPitch = SmoothNoise(random: &random, minimumHz: 0.2, maximumHz: 1.5, amplitude: degrees)
        jitterRoll = SmoothNoise(random: &random, minimumHz: 0.2, maximumHz: 1.5, amplitude: degrees)
        jitterX = SmoothNoise(random: &random, minimumHz: 0.3, maximumHz: 2.0, amplitude: settings.jitterMeters)
        jitterY = SmoothNoise(random: &random, minimumHz: 0.3, maximumHz: 2.0, amplitude: settings.jitterMeters)
        jitterZ = SmoothNoise(random: &random, minimumHz: 0.3, maximumHz: 2.0, amplitude: settings.jitterMeters)
        // Two draws that once gave the true pose a drift direction (drift is the estimate's now), kept
        // so that the stream derived below gives the same looking around as before.
        _ = random.uniform(0, 2 * .pi)
        _ = random.uniform(-1, 1)
        // A stream of its own, so that the streams above stay as they were.
        var look = random.derived(stream: 0x4C4F_4F4B)
        pitchWander = SmoothNoise(random: &look, minimumHz: 0.2, maximumHz: 0.5, amplitude: Angle.radians(fromDegrees: settings.pitchWanderDegrees))
        armWander = SmoothNoise(random: &look, minimumHz: 0.03, maximumHz: 0.15, amplitude: settings.armHeightMeters)
        // The person: streams of their own again, so that the looking around stays as it was.
        var person = random.derived(stream: 0x5045_5253_4F4E)
        leverArmMeters = settings.leverArmMeters * person.uniform(0.9, 1.1)
        let tremor = Angle.radians(fromDegrees: settings.tremorDegrees)
        tremorYaw = SmoothNoise(random: &person, minimumHz: 2, maximumHz: 7, amplitude: tremor)
        tremorPitch = SmoothNoise(random: &person, minimumHz: 2, maximumHz: 7, amplitude: tremor)
        tremorRoll = SmoothNoise(random: &person, minimumHz: 2, maximumHz: 7, amplitude: tremor)
    }

    /// The scripted body state and walked distance at t (`hint` speeds up the segment search).
    func body(at t: Double, hint: inout Int) -> (BodyState, distance: Double) {
        let i = timeline.segmentIndex(at: t, hint: hint)
        hint = max(i, 0)
        guard i >= 0 else { return (BodyState(position: .zero, heading: 0, pitch: 0, roll: 0), 0) }
        let segment = timeline.segments[i]
        if t >= segment.end { return (segment.to, segment.distance(at: segment.end)) }
        return (segment.state(at: t), segment.distance(at: t))
    }

    /// The camera's offset from the scripted point at t made by the body's turns (``MotionSegment/turnOffset(at:leverArm:)``).
    func turnOffset(at t: Double, hint: Int) -> SIMD2<Double> {
        let i = timeline.segmentIndex(at: t, hint: hint)
        guard i >= 0 else { return .zero }
        return timeline.segments[i].turnOffset(at: t, leverArm: leverArmMeters)
    }

    /// The true camera-to-world pose at t.
    func pose(at t: Double, hint: inout Int) -> RigidTransform {
        let (body, distance) = body(at: t, hint: &hint)
        var earlierHint = max(0, hint - 1)
        let (_, earlierDistance) = self.body(at: max(0, t - 0.1), hint: &earlierHint)
        let speed = (distance - earlierDistance) / 0.1
        // Gait intensity: 0 standing, 1 at a normal pace.
        let x = min(max(speed / 0.3, 0), 1)
        let gait = x * x * (3 - 2 * x)
        let stepPhase = 2 * Double.pi * distance / settings.stepLength
        let bob = settings.bobAmplitude * gait * sin(stepPhase)
        let sway = settings.swayAmplitude * gait * sin(stepPhase / 2)
        let yawSway = Angle.radians(fromDegrees: settings.yawSwayDegrees) * gait * sin(stepPhase / 2 + 0.5)
        let heading = body.heading + yawSway + jitterYaw.value(at: t) + tremorYaw.value(at: t)
        var pitch = body.pitch + jitterPitch.value(at: t) + tremorPitch.value(at: t)
        var arm = 0.0
        if settings.lookAround {
            // Gaze: down to the floor ahead at walking pace, up to the walls while turning (in full from
            // 30 deg/s of the body's yaw rate over the last 0.1 s), and a slow wander.
            var turnHint = max(0, hint - 1)
            let (earlier, _) = self.body(at: max(0, t - 0.1), hint: &turnHint)
            let yawRate = abs(Angle.wrapped(body.heading - earlier.heading)) / 0.1
            let r = min(yawRate / Angle.radians(fromDegrees: 30), 1)
            let turning = r * r * (3 - 2 * r)
            pitch += Angle.radians(fromDegrees: -settings.walkingLookDownDegrees) * gait * (1 - turning)
                + Angle.radians(fromDegrees: settings.turningLookUpDegrees) * turning + pitchWander.value(at: t)
            arm = armWander.value(at: t)
        }
        let rotation = Quaternion(angle: heading, axis: SIMD3(0, 1, 0))
            * Quaternion(angle: pitch, axis: SIMD3(1, 0, 0))
            * Quaternion(angle: body.roll + jitterRoll.value(at: t) + tremorRoll.value(at: t), axis: SIMD3(0, 0, 1))
        let right = SIMD3(cos(body.heading), 0, -sin(body.heading))
        let swing = turnOffset(at: t, hint: hint)
        let position = SIMD3(body.position.x + swing.x, timeline.floorHeight + settings.eyeHeight + bob + arm, body.position.y + swing.y)
            + right * sway
            + SIMD3(jitterX.value(at: t), jitterY.value(at: t), jitterZ.value(at: t))
        return RigidTransform(rotation: rotation, translation: position)
    }
}
