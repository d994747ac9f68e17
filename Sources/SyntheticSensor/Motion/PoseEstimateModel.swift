import CaptureEngine
import Foundation

/// The pose the tracker reports, as an estimate of the true camera pose (``PoseErrorSettings``, scene key
/// `tracking`): visual-inertial odometry drifts and jitters, and corrects itself when it sees a place
/// again or relocalises. The depth and colour are rendered from the true pose; bundles record, and the
/// engine sees, this estimate (as the SDK sees ARKit's).
///
/// The error has five parts, all seeded from the scene's seed:
/// - drift: random walks of the position (x, y, z) and of the heading over the path, the metres moved
///   plus `turnMetersPerRadian` per radian turned, with knots `knotMeters` apart and linear between them:
///   RMS `driftPerRootMeter * sqrt(path)` per horizontal axis (times `verticalDriftShare` vertically) and
///   `yawDriftDegreesPerRootMeter * sqrt(path)` of heading;
/// - a steady drift `driftPerMeter` per metre moved in a seeded direction;
/// - jitter: smooth noise of 1-6 Hz on each axis of position and orientation, and independent noise on
///   every frame (seeded by the frame's time, so the same frame gets the same noise in every run);
/// - loop closures: on coming back to a place seen well before (``PoseErrorSettings/loopClosureShare``
///   and the keys after it), the drift gathered since is partly removed, blended in over a fraction of a
///   second;
/// - relocalisation: a seeded jump of position and heading when tracking returns from lost or
///   relocalising.
/// The heading error turns the camera about the world's up axis (ARKit's +Y) at the camera.
struct PoseEstimateModel: Sendable {
    let settings: PoseErrorSettings
    private var random: SeededRandom
    /// Jitter of x, y, z (metres) and about the camera's x, y, z axes (radians).
    private let jitter: [SmoothNoise]
    private let driftDirection: SIMD3<Double>
    private var previous: RigidTransform?
    /// Path so far (metres moved plus turning), and metres moved.
    private(set) var pathMeters = 0.0
    private(set) var distanceMeters = 0.0
    /// The random walks (x, y, z metres; heading radians) at the knot at or before the path and the next.
    private var knot = 0
    private var walkBefore = SIMD4<Double>.zero, walkAfter = SIMD4<Double>.zero
    /// Corrections settled so far (loop closures, relocalisation jumps), and one being blended in.
    private var correction = SIMD4<Double>.zero
    private var blend: (step: SIMD4<Double>, start: Double)?
    /// Places passed (one per knot), for loop closures.
    private var places: [Place] = []
    private var lastClosurePath = -Double.infinity
    private var wasLost = false

    private struct Place {
        let position: SIMD3<Double>, forward: SIMD2<Double>, path: Double, drift: SIMD4<Double>
    }

    /// The seed of the frame-to-frame jitter.
    private let frameSeed: UInt64

    init(settings: PoseErrorSettings, seed: UInt64) {
        self.settings = settings
        frameSeed = SeededRandom.hash(seed ^ 0x4A17_7E55)
        var random = SeededRandom(seed: seed).derived(stream: 0x504F_5345_4553_54)
        let metres = settings.jitterMeters, radians = Angle.radians(fromDegrees: settings.jitterDegrees)
        jitter = [metres, metres, metres, radians, radians, radians].map {
            SmoothNoise(random: &random, minimumHz: 1, maximumHz: 6, amplitude: $0)
        }
        let angle = random.uniform(0, 2 * .pi)
        driftDirection = SIMD3(cos(angle), 0.2 * random.uniform(-1, 1), sin(angle))
        self.random = random
        walkAfter = nextWalk(after: .zero)
    }

    /// The drift part of the error now (random walks plus corrections), at time `t`.
    func drift(at t: Double) -> SIMD4<Double> {
        let fraction = min(1, max(0, pathMeters / settings.knotMeters - Double(knot)))
        var value = walkBefore + (walkAfter - walkBefore) * fraction + correction
        if let blend {
            let a = settings.loopClosureSeconds > 0 ? min(1, max(0, (t - blend.start) / settings.loopClosureSeconds)) : 1
            value += blend.step * (a * a * (3 - 2 * a))
        }
        return value
    }

    /// The reported pose of a frame at time `t` whose true camera-to-world pose is `truth`, with the
    /// tracking state the frame reports. Call once per frame, in time order.
    mutating func estimate(of truth: RigidTransform, at t: Double, tracking: TrackingState) -> RigidTransform {
        guard settings.enabled else { return truth }
        if let previous {
            let moved = (truth.translation - previous.translation).length
            distanceMeters += moved
            pathMeters += moved + settings.turnMetersPerRadian * previous.rotation.angle(to: truth.rotation)
        }
        previous = truth
        if let current = blend, settings.loopClosureSeconds <= 0 || t - current.start >= settings.loopClosureSeconds {
            correction += current.step
            blend = nil
        }
        let forward3 = truth.rotation.act(SIMD3(0, 0, -1))
        let forward = SIMD2(forward3.x, forward3.z) / max(1e-9, (forward3.x * forward3.x + forward3.z * forward3.z).squareRoot())
        while settings.knotMeters > 0, pathMeters >= Double(knot + 1) * settings.knotMeters {
            knot += 1
            walkBefore = walkAfter
            walkAfter = nextWalk(after: walkBefore)
            closeLoop(at: truth.translation, forward: forward, time: t)
        }
        let lost = tracking == .notAvailable || tracking == .limited(.relocalizing)
        if wasLost, tracking == .normal {
            let metres = settings.relocalizationJumpMeters, radians = Angle.radians(fromDegrees: settings.relocalizationJumpDegrees)
            correction += SIMD4(metres * gaussian(), 0, metres * gaussian(), radians * gaussian())
        }
        if lost { wasLost = true } else if tracking == .normal { wasLost = false }
        let slow = drift(at: t)
        var shake = SeededRandom(seed: frameSeed ^ t.bitPattern)
        let metres = settings.frameJitterMeters, radians = Angle.radians(fromDegrees: settings.frameJitterDegrees)
        let step = SIMD3(shake.gaussian(), shake.gaussian(), shake.gaussian()) * metres
        let turn = SIMD3(shake.gaussian(), shake.gaussian(), shake.gaussian()) * radians
        let position = truth.translation + SIMD3(slow.x, slow.y, slow.z) + driftDirection * (settings.driftPerMeter * distanceMeters)
            + SIMD3(jitter[0].value(at: t), jitter[1].value(at: t), jitter[2].value(at: t)) + step
        let heading = Quaternion(angle: slow.w + jitter[4].value(at: t) + turn.y, axis: SIMD3(0, 1, 0))
        let tilt = Quaternion(rotationVector: SIMD3(jitter[3].value(at: t) + turn.x, 0, jitter[5].value(at: t) + turn.z))
        return RigidTransform(rotation: (heading * truth.rotation * tilt).normalized, translation: position)
    }

    /// At a knot: remembers the place, and when it is back at one passed well before (near it, facing
    /// about the same way), removes part of the drift gathered since.
    private mutating func closeLoop(at position: SIMD3<Double>, forward: SIMD2<Double>, time: Double) {
        let now = drift(at: time)
        let s = settings
        if s.loopClosureShare > 0, pathMeters - lastClosurePath >= 1 {
            let cosine45 = 0.5.squareRoot()
            if let seen = places.first(where: { place in
                place.path <= pathMeters - s.loopClosureMinimumPathMeters
                    && (place.position - position).length <= s.loopClosureRadiusMeters
                    && (place.forward * forward).sum() >= cosine45
            }) {
                if let current = blend { correction += current.step }
                blend = (step: (seen.drift - now) * s.loopClosureShare, start: time)
                lastClosurePath = pathMeters
            }
        }
        places.append(Place(position: position, forward: forward, path: pathMeters, drift: now))
    }

    /// The random walks at the next knot.
    private mutating func nextWalk(after value: SIMD4<Double>) -> SIMD4<Double> {
        let s = settings, root = max(0, s.knotMeters).squareRoot()
        let metres = s.driftPerRootMeter * root, radians = Angle.radians(fromDegrees: s.yawDriftDegreesPerRootMeter) * root
        return value + SIMD4(metres * gaussian(), metres * s.verticalDriftShare * gaussian(), metres * gaussian(), radians * gaussian())
    }

    /// A standard normal value of the model's own stream.
    private mutating func gaussian() -> Double { random.gaussian() }
}
