import Foundation

/// What the pose-driven recording detectors found at one frame, in the order the session turns them into
/// events: drift first (it aborts, and nothing else is reported with it), then floor, ceiling and
/// horizontal scanning, sideways walking, fast rotation (proximity, driven by the depth, is updated and
/// reported after them by ``Detectors/updateProximity(_:time:tapsSignals:signals:)``). Only trivial
/// values (numbers, no strings): the value is built and copied at every frame, so it must copy as plain
/// bytes; traces are built from the ``DetectorReading``s only when an event is emitted.
struct DetectorFindings: Sendable {
    /// Drift over the interval (code 13 in 2.10); when set, the other findings are empty.
    var drift: DetectorReading?
    /// The vertical component of the viewing direction (sine of the pitch).
    var viewingUp = 0.0
    var floor: HoldDetector.Transition?
    var ceiling: HoldDetector.Transition?
    var horizontal: HoldDetector.Transition?
    var sideways: SidewaysWalkDetector.Transition?
    var rotation: FastRotationDetector.Transition?
}

extension DetectorFindings {
    /// Whether any detector changed state (most frames: none, and there is nothing to report).
    var hasTransition: Bool {
        floor != nil || ceiling != nil || horizontal != nil || sideways != nil || rotation != nil
    }

    /// The pitch in degrees for a viewing direction whose vertical component is `up`.
    static func pitchDegrees(_ up: Double) -> Double {
        Angle.degrees(fromRadians: asin(max(-1, min(1, up))))
    }
}
