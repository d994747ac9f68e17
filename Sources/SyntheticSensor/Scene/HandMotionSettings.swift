/// The hand-held motion model's parameters (scene key `motion`); defaults match a person walking
/// slowly while scanning (see docs/scene-format.md for the comparison with a real ARKit log).
public struct HandMotionSettings: Sendable, Equatable {
    /// Eye (phone) height above the floor, metres (default 1.45).
    public var eyeHeight: Double
    /// Step length, metres (default 0.35, short steps of a person scanning): one vertical bob per step.
    public var stepLength: Double
    /// Vertical gait bob amplitude at walking speed, metres (default 0.02).
    public var bobAmplitude: Double
    /// Lateral sway amplitude at walking speed, metres (default 0.01), one cycle per two steps.
    public var swayAmplitude: Double
    /// Yaw sway amplitude at walking speed, degrees (default 1.0), one cycle per two steps.
    public var yawSwayDegrees: Double
    /// Hand jitter: angle amplitude, degrees (default 0.4).
    public var jitterDegrees: Double
    /// Hand jitter: position amplitude, metres (default 0.002).
    public var jitterMeters: Double
    /// Ramp time to reach walking speed and to stop, seconds (default 0.8).
    public var accelerationSeconds: Double
    /// Turn rate used to face the way before a walk, degrees per second (default 22: with the minimum-jerk
    /// ease its peak is 41 deg/s, as a person scanning turns; real scans' yaw-rate p95 is 30-41 deg/s).
    public var facingTurnDegreesPerSecond: Double
    /// Whether the hand looks around like a person's (default true): the pitch follows what the person
    /// looks at (down to the floor ahead while walking, up to the walls while turning) and wanders slowly,
    /// and the arm's height wanders. False: the pitch is the script's (plus jitter) and the height only
    /// bobs with the gait, as scenes tuned to a threshold need.
    public var lookAround: Bool
    /// Pitch wander's amplitude (0.2-0.5 Hz: looking at one thing and another), degrees (default 9).
    public var pitchWanderDegrees: Double
    /// How far the gaze drops at walking pace (to the floor ahead), degrees (default 5).
    public var walkingLookDownDegrees: Double
    /// How far the gaze rises while turning, degrees, in full from 30 deg/s (default 0: turning, the person
    /// stops looking down at the floor ahead and looks at the walls, the wander's level).
    public var turningLookUpDegrees: Double
    /// Slow arm height wander's amplitude (0.03-0.15 Hz), metres (default 0.045).
    public var armHeightMeters: Double
    /// How far in front of the body's turning axis the phone is held, metres (default 0.2; each walker's
    /// arm is drawn from 0.9-1.1 times this from the seed). Turning in place swings the camera on an arc of
    /// this radius; a walk brings it back onto the script's points. 0: the camera turns about itself.
    public var leverArmMeters: Double
    /// Hand shake: yaw, pitch and roll amplitude of fast wrist turns (2-7 Hz), degrees (default 0.1).
    public var tremorDegrees: Double
    /// The tracker reports `limited(excessiveMotion)` above this horizontal speed, metres per second (default
    /// 2.5; a guess: ARKit documents no speed for it).
    public var excessiveMotionMetersPerSecond: Double
    /// ... or above this yaw rate, degrees per second (default 250; a guess).
    public var excessiveMotionDegreesPerSecond: Double
    /// ... and keeps reporting it this long after the motion calms, seconds (default 0.5).
    public var excessiveMotionHoldSeconds: Double

    public init(eyeHeight: Double = 1.45, stepLength: Double = 0.35, bobAmplitude: Double = 0.02,
                swayAmplitude: Double = 0.01, yawSwayDegrees: Double = 1.0, jitterDegrees: Double = 0.4,
                jitterMeters: Double = 0.002, accelerationSeconds: Double = 0.8,
                facingTurnDegreesPerSecond: Double = 22, lookAround: Bool = true, pitchWanderDegrees: Double = 9,
                walkingLookDownDegrees: Double = 5, turningLookUpDegrees: Double = 0, armHeightMeters: Double = 0.045,
                leverArmMeters: Double = 0.2, tremorDegrees: Double = 0.1,
                excessiveMotionMetersPerSecond: Double = 2.5,
                excessiveMotionDegreesPerSecond: Double = 250, excessiveMotionHoldSeconds: Double = 0.5) {
        self.eyeHeight = eyeHeight
        self.stepLength = stepLength
        self.bobAmplitude = bobAmplitude
        self.swayAmplitude = swayAmplitude
        self.yawSwayDegrees = yawSwayDegrees
        self.jitterDegrees = jitterDegrees
        self.jitterMeters = jitterMeters
        self.accelerationSeconds = accelerationSeconds
        self.facingTurnDegreesPerSecond = facingTurnDegreesPerSecond
        self.lookAround = lookAround
        self.pitchWanderDegrees = pitchWanderDegrees
        self.walkingLookDownDegrees = walkingLookDownDegrees
        self.turningLookUpDegrees = turningLookUpDegrees
        self.armHeightMeters = armHeightMeters
        self.leverArmMeters = leverArmMeters
        self.tremorDegrees = tremorDegrees
        self.excessiveMotionMetersPerSecond = excessiveMotionMetersPerSecond
        self.excessiveMotionDegreesPerSecond = excessiveMotionDegreesPerSecond
        self.excessiveMotionHoldSeconds = excessiveMotionHoldSeconds
    }
}
