import CaptureEngine

/// One step of a scene's script: what the person and the phone do. Steps run one after another; a
/// step with `at` waits until that time on the session clock.
public struct ScriptStep: Sendable, Equatable {
    /// Absolute start time, seconds (nil: right after the previous step).
    public var at: Double?
    /// What happens.
    public var action: Action
    /// The step's JSON path in its file, e.g. `script[3]`, for messages.
    public var path: String

    public init(at: Double? = nil, action: Action, path: String = "script") {
        self.at = at
        self.action = action
        self.path = path
    }

    /// A left or right side.
    public enum Side: String, Sendable { case left, right }

    /// How a room label said by speech turns out.
    public enum SpeechOutcome: Sendable, Equatable {
        /// Results appear and the candidate at `index` is chosen.
        case chosen(index: Int)
        /// Results appear and are dismissed.
        case cancelled
        /// Recognition finishes with no results.
        case noResults
        /// Every result is longer than the SDK accepts (the results say so by their length).
        case allTooLong
        /// Recognition fails with an error.
        case aborted
    }

    /// The kinds of step.
    public enum Action: Sendable, Equatable {
        /// The view is presented: the person stands at `position` (x, z) facing `headingDegrees`
        /// (0 = looking along -Z, positive turns left), phone at `pitchDegrees`, held `orientation`.
        /// Only as the first step.
        case present(position: SIMD2<Double>?, headingDegrees: Double, pitchDegrees: Double, orientation: PhoneOrientation)
        /// Turn the phone to another orientation over `seconds`.
        case rotate(to: PhoneOrientation, seconds: Double)
        /// Press the record button.
        case record
        /// Walk to a point (x, z) at `speed` m/s; with `face`, first turn to face the way (and walk forwards).
        case walkTo(SIMD2<Double>, speed: Double, face: Bool)
        /// Walk sideways (crab walk) to the camera's left or right for a distance or a time at `speed` m/s.
        case walkSideways(Side, meters: Double, speed: Double)
        /// Turn about world up by `degrees` (positive = left, counter-clockwise seen from above) in `seconds`.
        case turn(degrees: Double, seconds: Double)
        /// Tilt the phone to a pitch (degrees, negative = down) in `seconds`.
        case look(pitchDegrees: Double, seconds: Double)
        /// Stand still (hand jitter only).
        case pause(seconds: Double)
        /// The tracker's reported position jumps by this vector (visual-inertial failure), metres; with
        /// `seconds`, it jumps back that long after (a passing glitch, e.g. undone by a relocation).
        case drift(offset: SIMD3<Double>, seconds: Double?)
        /// ARKit reports limited tracking for a reason for `seconds`, standing still.
        case trackingLimited(TrackingState.LimitedReason, seconds: Double)
        /// ARKit loses tracking for `seconds`; when it returns, the reported pose is where it was
        /// (`relocates` true) or shifted to a new origin by `newOriginOffset` metres.
        case trackingLost(seconds: Double, relocates: Bool, newOriginOffset: SIMD3<Double>)
        /// The camera transform freezes (identical every frame) for `seconds` while tracking stays normal.
        case freeze(seconds: Double)
        /// The app goes to the background for `seconds`, then comes back.
        case background(seconds: Double)
        /// The thermal state changes.
        case thermal(ThermalState)
        /// Free storage becomes this many bytes.
        case storage(freeBytes: Int64)
        /// Low power mode on or off.
        case lowPower(Bool)
        /// A memory warning.
        case memoryWarning
        /// The battery charge becomes this, whole percent.
        case battery(percent: Int)
        /// For `seconds`, standing still, the phone delivers only `1 - share` of its camera frames
        /// (evenly spread); share 1 delivers none (a gap).
        case dropFrames(share: Double, seconds: Double)
        /// The active processor count changes (and the device count, when given).
        case processors(active: Int, total: Int?)
        /// The person says a room label by speech.
        case roomLabel(permissionGranted: Bool, results: [String], outcome: SpeechOutcome)
        /// Press record to stop, then confirm (true) or cancel (false) about a second later.
        case stop(confirm: Bool)
        /// Close the scanning view (`.closeView`): the scan is given up; the stream ends 2 s later.
        case close
    }
}
