import Foundation

/// What the recording detectors found at one frame, in the order the session turns them into events:
/// drift first (it aborts, and nothing else is reported with it), then floor, ceiling and horizontal
/// scanning, sideways walking, fast rotation, proximity. Plain optionals, so a frame allocates nothing.
struct DetectorFindings: Sendable {
    /// Drift over the interval (code 13 in 2.10); when set, the other findings are empty.
    var drift: EventTrace?
    /// The vertical component of the viewing direction (sine of the pitch).
    var viewingUp = 0.0
    var floor: HoldDetector.Transition?
    var ceiling: HoldDetector.Transition?
    var horizontal: HoldDetector.Transition?
    var sideways: SidewaysWalkDetector.Transition?
    var rotation: FastRotationDetector.Transition?
    var proximity: ProximityDetector.Transition?
}

extension DetectorFindings {
    /// The pitch in degrees for a viewing direction whose vertical component is `up`.
    static func pitchDegrees(_ up: Double) -> Double {
        Angle.degrees(fromRadians: asin(max(-1, min(1, up))))
    }
}
