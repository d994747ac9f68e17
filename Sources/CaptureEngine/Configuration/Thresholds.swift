/// Every number the session's detectors use, with its unit, in one value: one group per detector or
/// rule, each declaring its keys and valid ranges (`fields`) beside its values.
///
/// Values marked *SDK doc* come from the CubiCapture documentation; the rest are chosen defaults.
/// Loadable from JSON (``applying(jsonText:source:)`` in ThresholdOverrides.swift), overridable per scene and from the command line
/// (`--set fastRotation.degreesPerSecond=120`). All fields have defaults, so a JSON file may name only
/// the ones it changes.
public struct Thresholds: Codable, Equatable, Sendable {
    public var orientation = Orientation()
    public var recording = Recording()
    public var drift = Drift()
    public var floor = Floor()
    public var ceiling = Ceiling()
    public var horizontal = Horizontal()
    public var sideways = Sideways()
    public var fastRotation = FastRotation()
    public var proximity = Proximity()
    public var relocation = Relocation()
    public var poseValidity = PoseValidity()
    public var storage = Storage()
    public var speech = Speech()
    public var battery = Battery()
    public var frames = Frames()

    public init() {}

    /// Every settable threshold with its range, group by group in declaration order (each group
    /// declares its keys and ranges beside its values, below). A test holds this table against the keys
    /// `Thresholds` encodes, so a new field cannot be left out.
    public static let fields: [ThresholdField] = Orientation.fields + Recording.fields + Drift.fields + Floor.fields
        + Ceiling.fields + Horizontal.fields + Sideways.fields + FastRotation.fields + Proximity.fields + Relocation.fields
        + PoseValidity.fields + Storage.fields + Speech.fields + Battery.fields + Frames.fields

    /// Orientation from gravity in the camera frame (codes 0, 17, 24).
    public struct Orientation: Codable, Equatable, Sendable {
        /// Enter an orientation when gravity is within this angle of its axis (after the first, which
        /// takes 45), degrees; it is kept until gravity comes this near another axis, at least
        /// 90 minus this angle away: that is the hysteresis (an exit angle up to that far could never
        /// decide, so there is none).
        public var enterDegrees: Double = 30
        /// Ignore gravity whose component in the image plane is below this fraction of g (phone flat).
        public var minimumInPlaneFraction: Double = 0.5
        /// 3.x (portrait only): how long the phone may be held in another orientation while recording
        /// before the scan is aborted (code 4), seconds. *SDK doc (3.1.3 README, "Device Orientation")*:
        /// "terminated after a short time"; the number is a guess.
        public var wrongOrientationAbortSeconds: Double = 5
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("orientation.enterDegrees", \.orientation.enterDegrees, .above(0, to: 45)),
            ThresholdField("orientation.minimumInPlaneFraction", \.orientation.minimumInPlaneFraction, .within(0, 1)),
            ThresholdField("orientation.wrongOrientationAbortSeconds", \.orientation.wrongOrientationAbortSeconds, .within(0, Thresholds.longestSeconds)),
        ]
    }

    /// Enough-data rule when stopping (codes 2 / 3).
    public struct Recording: Codable, Equatable, Sendable {
        /// Minimum recorded time, seconds.
        public var minimumSeconds: Double = 10
        /// Minimum time with normal tracking while recording, seconds.
        public var minimumNormalTrackingSeconds: Double = 5
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("recording.minimumSeconds", \.recording.minimumSeconds, .within(0, Thresholds.longestSeconds)),
            ThresholdField("recording.minimumNormalTrackingSeconds", \.recording.minimumNormalTrackingSeconds, .within(0, Thresholds.longestSeconds)),
        ]
    }

    /// Drift (code 13). *SDK doc*: over 10 m within 2 s.
    public struct Drift: Codable, Equatable, Sendable {
        /// Displacement that counts as drift, metres (strictly greater fires).
        public var meters: Double = 10
        /// Interval the displacement is measured over, seconds.
        public var intervalSeconds: Double = 2
        /// 3.x: rotation rate between two frames that counts as angular drift (code 129), degrees per
        /// second (strictly greater fires). A guess: well above a person's fastest turn.
        public var degreesPerSecond: Double = 1000
        /// What drift does: abort the scan, or start a relocation as coming back from the background
        /// does (the tracking flag set, 80 after ``Relocation/timeoutSeconds``). Default `profile`: the
        /// SDK profile's own, `abort` under 2.10 (seed 000's code table, the 2.10 authority: 13 "The scan
        /// files will be deleted"), `relocate` under 3.1 (3.1.3 README: 129/130 "forcing a relocation").
        /// `relocate` under 2.10 follows seed 000's 2.8.1 and 2.5.0 notes (drift-triggered relocation).
        public var action: DriftAction = .profile
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("drift.meters", \.drift.meters, .above(0, to: 1e6)),
            ThresholdField("drift.intervalSeconds", \.drift.intervalSeconds, .above(0, to: Thresholds.hourSeconds)),
            ThresholdField("drift.degreesPerSecond", \.drift.degreesPerSecond, .above(0, to: 1e6)),
            ThresholdField("drift.action", \.drift.action),
        ]
    }

    /// What drift does (``Drift/action``).
    public enum DriftAction: String, Codable, CaseIterable, Sendable {
        /// The SDK profile's behaviour (``SDKBehaviour/driftRelocates``).
        case profile
        /// The drift code, then the scan is aborted (an error).
        case abort
        /// The drift code (a warning), then a relocation.
        case relocate
    }

    /// Scanning the floor (codes 21 / 23).
    public struct Floor: Codable, Equatable, Sendable {
        /// Pitch below which the camera looks at the floor, degrees (negative is down).
        public var pitchDegrees: Double = -55
        /// How long the pitch must stay below, seconds.
        public var holdSeconds: Double = 1.5
        /// Pitch must rise this far above `pitchDegrees` to count as valid again, degrees.
        public var hysteresisDegrees: Double = 5
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("floor.pitchDegrees", \.floor.pitchDegrees, .within(-90, 90)),
            ThresholdField("floor.holdSeconds", \.floor.holdSeconds, .within(0, Thresholds.longestSeconds)),
            ThresholdField("floor.hysteresisDegrees", \.floor.hysteresisDegrees, .within(0, 180)),
        ]
    }

    /// Scanning the ceiling (codes 22 / 26). *SDK doc (2.9.3)*: off for LiDAR devices.
    public struct Ceiling: Codable, Equatable, Sendable {
        /// Pitch above which the camera looks at the ceiling, degrees.
        public var pitchDegrees: Double = 45
        /// How long the pitch must stay above, seconds.
        public var holdSeconds: Double = 1.5
        /// Pitch must drop this far below `pitchDegrees` to count as valid again, degrees.
        public var hysteresisDegrees: Double = 5
        /// Whether the warning runs on LiDAR devices.
        public var enabledOnLiDAR: Bool = false
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("ceiling.pitchDegrees", \.ceiling.pitchDegrees, .within(-90, 90)),
            ThresholdField("ceiling.holdSeconds", \.ceiling.holdSeconds, .within(0, Thresholds.longestSeconds)),
            ThresholdField("ceiling.hysteresisDegrees", \.ceiling.hysteresisDegrees, .within(0, 180)),
            ThresholdField("ceiling.enabledOnLiDAR", \.ceiling.enabledOnLiDAR),
        ]
    }

    /// Holding the camera level (codes 31 / 32).
    public struct Horizontal: Codable, Equatable, Sendable {
        /// Absolute pitch below which the camera counts as level, degrees.
        public var levelDegrees: Double = 10
        /// How long it must stay level, seconds.
        public var holdSeconds: Double = 5
        /// Absolute pitch must exceed `levelDegrees` by this much to clear, degrees.
        public var hysteresisDegrees: Double = 2
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("horizontal.levelDegrees", \.horizontal.levelDegrees, .within(0, 90)),
            ThresholdField("horizontal.holdSeconds", \.horizontal.holdSeconds, .within(0, Thresholds.longestSeconds)),
            ThresholdField("horizontal.hysteresisDegrees", \.horizontal.hysteresisDegrees, .within(0, 90)),
        ]
    }

    /// Walking sideways (codes 29 / 30 / 27).
    public struct Sideways: Codable, Equatable, Sendable {
        /// Minimum horizontal speed, metres per second.
        public var minimumSpeedMetersPerSecond: Double = 0.25
        /// Minimum fraction of the horizontal velocity along the camera's left/right axis, 0...1.
        public var lateralFraction: Double = 0.8
        /// How long the sideways walk must last, seconds.
        public var holdSeconds: Double = 1
        /// Window the velocity is averaged over (smooths gait bob and sway), seconds.
        public var velocityWindowSeconds: Double = 0.5
        /// Once the warning shows, it stays while the sideways speed is at least this (hysteresis
        /// against gait bob around the minimum speed), metres per second. Guess: the SDK documents no
        /// number.
        public var exitSpeedMetersPerSecond: Double = 0.15
        /// The warning shows at least this long before 27 (*Android SDK 2.10.1 README, code 27*: "always
        /// displayed for at least a certain amount of time to avoid quick flashes"; the time is a
        /// guess), seconds.
        public var minimumDisplaySeconds: Double = 2
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("sideways.minimumSpeedMetersPerSecond", \.sideways.minimumSpeedMetersPerSecond, .above(0, to: 100)),
            ThresholdField("sideways.lateralFraction", \.sideways.lateralFraction, .within(0, 1)),
            ThresholdField("sideways.holdSeconds", \.sideways.holdSeconds, .within(0, Thresholds.longestSeconds)),
            ThresholdField("sideways.velocityWindowSeconds", \.sideways.velocityWindowSeconds, .above(0, to: 60)),
            ThresholdField("sideways.exitSpeedMetersPerSecond", \.sideways.exitSpeedMetersPerSecond, .within(0, 100)),
            ThresholdField("sideways.minimumDisplaySeconds", \.sideways.minimumDisplaySeconds, .within(0, Thresholds.longestSeconds)),
        ]
    }

    /// Turning too fast (code 87).
    public struct FastRotation: Codable, Equatable, Sendable {
        /// Angular speed about world up above which the warning fires, degrees per second.
        public var degreesPerSecond: Double = 90
        /// Window the angular speed is averaged over, seconds.
        public var windowSeconds: Double = 0.5
        /// The warning shows at least this long, then ends when the turning is slow again; a new fast
        /// turn after that warns again (*Android SDK 2.10.1 README, code 89*: "always displayed for at
        /// least a certain amount of time"; the time is a guess), seconds.
        public var minimumDisplaySeconds: Double = 1
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("fastRotation.degreesPerSecond", \.fastRotation.degreesPerSecond, .above(0, to: 100_000)),
            ThresholdField("fastRotation.windowSeconds", \.fastRotation.windowSeconds, .above(0, to: 60)),
            ThresholdField("fastRotation.minimumDisplaySeconds", \.fastRotation.minimumDisplaySeconds, .within(0, Thresholds.longestSeconds)),
        ]
    }

    /// Too close / too far (codes 85 / 86 / 88).
    public struct Proximity: Codable, Equatable, Sendable {
        /// Depth nearer than this counts as too close, metres.
        public var nearMeters: Double = 0.4
        /// Fraction of valid depth pixels that must be too close, 0...1.
        public var nearFraction: Double = 0.5
        /// Fraction of pixels without a usable return for too far, 0...1: no depth, or (LiDAR) a
        /// low-confidence depth beyond ``featureRangeMeters``.
        public var noReturnFraction: Double = 0.6
        /// How long a condition must hold before its warning, seconds.
        public var holdSeconds: Double = 0.5
        /// How long the distance must be back in range before 88, seconds.
        public var clearSeconds: Double = 0.5
        /// Usable range, metres: feature depths (devices without LiDAR) beyond it, and low-confidence
        /// LiDAR depths beyond it, count as no return.
        public var featureRangeMeters: Double = 5
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("proximity.nearMeters", \.proximity.nearMeters, .above(0, to: 100)),
            ThresholdField("proximity.nearFraction", \.proximity.nearFraction, .within(0, 1)),
            ThresholdField("proximity.noReturnFraction", \.proximity.noReturnFraction, .within(0, 1)),
            ThresholdField("proximity.holdSeconds", \.proximity.holdSeconds, .within(0, Thresholds.longestSeconds)),
            ThresholdField("proximity.clearSeconds", \.proximity.clearSeconds, .within(0, Thresholds.longestSeconds)),
            ThresholdField("proximity.featureRangeMeters", \.proximity.featureRangeMeters, .above(0, to: 1000)),
        ]
    }

    /// Relocation after tracking loss or background (codes 80, 81, 82, 28).
    public struct Relocation: Codable, Equatable, Sendable {
        /// *SDK doc*: give up after this long, seconds.
        public var timeoutSeconds: Double = 60
        /// Recovered when within this distance of a keyframe, metres.
        public var keyframeDistanceMeters: Double = 1
        /// ... and within this angle of it, degrees.
        public var keyframeAngleDegrees: Double = 45
        /// A keyframe (relocation snapshot) is kept after moving this far, metres.
        public var keyframeSpacingMeters: Double = 0.5
        /// ... or turning this much, degrees.
        public var keyframeSpacingDegrees: Double = 20
        /// Tracking must be normal for this long before the first keyframe, seconds.
        public var firstKeyframeAfterSeconds: Double = 1
        /// At most this many keyframes are kept (the oldest are replaced).
        public var maximumKeyframes: Int = 512
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("relocation.timeoutSeconds", \.relocation.timeoutSeconds, .above(0, to: Thresholds.longestSeconds)),
            ThresholdField("relocation.keyframeDistanceMeters", \.relocation.keyframeDistanceMeters, .above(0, to: 1e6)),
            ThresholdField("relocation.keyframeAngleDegrees", \.relocation.keyframeAngleDegrees, .above(0, to: 180)),
            ThresholdField("relocation.keyframeSpacingMeters", \.relocation.keyframeSpacingMeters, .within(0, 1e6)),
            ThresholdField("relocation.keyframeSpacingDegrees", \.relocation.keyframeSpacingDegrees, .within(0, 180)),
            ThresholdField("relocation.firstKeyframeAfterSeconds", \.relocation.firstKeyframeAfterSeconds, .within(0, Thresholds.longestSeconds)),
            ThresholdField("relocation.maximumKeyframes", \.relocation.maximumKeyframes, .within(1, 1_000_000)),
        ]
    }

    /// Invalid camera transform (code 66). *SDK doc (2.8.1)*: abort when the transform freezes.
    public struct PoseValidity: Codable, Equatable, Sendable {
        /// A transform identical for this long with normal tracking is frozen, seconds.
        public var frozenSeconds: Double = 1
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("poseValidity.frozenSeconds", \.poseValidity.frozenSeconds, .above(0, to: Thresholds.hourSeconds)),
        ]
    }

    /// Storage report and warning (code 78), running out of storage (59) and zipping (7). *SDK doc*:
    /// warn when under 10 minutes remain.
    public struct Storage: Codable, Equatable, Sendable {
        /// Warn below this many minutes of recording left.
        public var warningMinutes: Double = 10
        /// Measure the scan's write rate over at least this much recording, seconds.
        public var minimumRateWindowSeconds: Double = 5
        /// While recording, 78 reports the minutes left (at this scan's measured rate) every this many
        /// seconds of recording (*Android SDK 2.10.1 README, code 78*: "in certain intervals during a
        /// scan while recording"; the interval is a guess), seconds.
        public var reportIntervalSeconds: Double = 60
        /// Zipping reads and deflates the scan's bytes (``ScanBytes``) at this rate, so 7 and 5 come
        /// that long after the files are written (*seed 000, 2.6.2*: "Zipping is done in the background,
        /// with a progress percentage on screen"; the rate is a guess for a phone's single-threaded
        /// deflate), bytes per second.
        public var zipBytesPerSecond: Double = 30_000_000
        /// Free storage at or below this while recording means the device ran out: the next write
        /// fails (code 59 in 2.10, whose description is "an error in writing the data to disk"; the
        /// Android SDK 2.8.0 aborts there with its code 79), bytes. Guess: one depth frame's worth.
        public var outOfSpaceBytes: Double = 200_000
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("storage.warningMinutes", \.storage.warningMinutes, .within(0, 1e6)),
            ThresholdField("storage.minimumRateWindowSeconds", \.storage.minimumRateWindowSeconds, .above(0, to: Thresholds.hourSeconds)),
            ThresholdField("storage.reportIntervalSeconds", \.storage.reportIntervalSeconds, .above(0, to: Thresholds.longestSeconds)),
            ThresholdField("storage.zipBytesPerSecond", \.storage.zipBytesPerSecond, .above(0, to: 1e12)),
            ThresholdField("storage.outOfSpaceBytes", \.storage.outOfSpaceBytes, .within(0, 1e15)),
        ]
    }

    /// Room labels by speech (codes 40-49).
    public struct Speech: Codable, Equatable, Sendable {
        /// *SDK doc*: longest usable label, characters.
        public var maximumLabelLength: Int = 40
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("speech.maximumLabelLength", \.speech.maximumLabelLength, .within(1, 10_000)),
        ]
    }

    /// Battery charge (3.x code 79, "There is X% of battery charge left"; 2.10 has no battery code).
    public struct Battery: Codable, Equatable, Sendable {
        /// 79 reports the charge when it is first measured and, once it is at or below this, each
        /// time it falls, percent. Guess: the 3.1.3 README gives the code and its text only (2.13.4:
        /// "Improved battery warnings"); iOS's own low battery alert comes at 20 %.
        public var lowPercent: Double = 20
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("battery.lowPercent", \.battery.lowPercent, .within(0, 100)),
        ]
    }

    /// Frame delivery while recording (3.x codes 62, 63; 2.10 has no such codes). Guesses: the 3.1.3
    /// README gives the codes and their texts only.
    public struct Frames: Codable, Equatable, Sendable {
        /// No camera frame for this long while recording: 62 ("There are no frames arriving from
        /// ARKit"), an error, seconds.
        public var notReceivingSeconds: Double = 2
        /// The frames a second ARKit delivers (its 60 Hz video format), which the skipped share is
        /// counted against, frames per second.
        public var expectedRateHz: Double = 60
        /// 63 ("Too many frames were skipped because the device is overloaded") when at least this
        /// share of the frames expected over ``skippedWindowSeconds`` did not arrive, 0...1.
        public var skippedFraction: Double = 0.5
        /// The sliding window the skipped share is measured over, seconds.
        public var skippedWindowSeconds: Double = 1
        public init() {}

        /// The group's settable keys and their valid values.
        static let fields: [ThresholdField] = [
            ThresholdField("frames.notReceivingSeconds", \.frames.notReceivingSeconds, .above(0, to: Thresholds.hourSeconds)),
            ThresholdField("frames.expectedRateHz", \.frames.expectedRateHz, .above(0, to: 1000)),
            ThresholdField("frames.skippedFraction", \.frames.skippedFraction, .above(0, to: 1)),
            ThresholdField("frames.skippedWindowSeconds", \.frames.skippedWindowSeconds, .above(0, to: 60)),
        ]
    }
}
