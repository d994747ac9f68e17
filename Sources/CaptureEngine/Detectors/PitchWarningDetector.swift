import Foundation

/// Scanning the floor (21, cleared by 23), the ceiling (22, cleared by 26 then 23) or level for too long
/// (31, cleared by 32): the pitch of the viewing direction beyond a threshold for a hold time (a
/// ``HoldDetector``), clear again once back past the threshold widened by a hysteresis.
///
/// Pitch thresholds are compared as sines with the vertical component of the viewing direction (pitch
/// = asin of it), so the angle itself is only computed for a trace or a signal.
struct PitchWarningDetector: WarningDetector {
    /// Which warning: floor, ceiling or horizontal scanning.
    enum Kind: Sendable { case floor, ceiling, horizontal }

    let kind: Kind
    let slot: FeedbackSlot
    static var readsDepth: Bool { false }
    var pending: Transition?
    private var hold: HoldDetector
    /// The pitch threshold, degrees, and the sines of it and of its clearing angle.
    private let thresholdDegrees: Double
    private let fireSine: Double, clearSine: Double
    /// Whether the warning runs (the ceiling's is off on LiDAR devices under 2.10).
    private let enabled: Bool

    /// What changed: the hold detector's transition and the viewing direction's vertical component then.
    struct Transition: Sendable {
        var hold: HoldDetector.Transition
        var viewingUp: Double
    }

    init(_ kind: Kind, configuration: SessionConfiguration) {
        let t = configuration.thresholds
        func sine(_ degrees: Double) -> Double { sin(Angle.radians(fromDegrees: max(-90, min(90, degrees)))) }
        // Each kind's slot, hold time, threshold and clearing angle (degrees), and whether it runs.
        let (slot, holdSeconds, degrees, clearDegrees, enabled): (FeedbackSlot, Double, Double, Double, Bool) = switch kind {
        case .floor:
            (.floor, t.floor.holdSeconds, t.floor.pitchDegrees, t.floor.pitchDegrees + t.floor.hysteresisDegrees, true)
        case .ceiling:
            (.ceiling, t.ceiling.holdSeconds, t.ceiling.pitchDegrees, t.ceiling.pitchDegrees - t.ceiling.hysteresisDegrees,
             !configuration.device.hasLiDAR || t.ceiling.enabledOnLiDAR || configuration.sdk.behaviour.tiltUpOnLiDAR)
        case .horizontal:
            (.horizontal, t.horizontal.holdSeconds, t.horizontal.levelDegrees,
             t.horizontal.levelDegrees + t.horizontal.hysteresisDegrees, true)
        }
        self.kind = kind
        self.slot = slot
        self.enabled = enabled
        hold = HoldDetector(holdSeconds: holdSeconds)
        thresholdDegrees = degrees
        fireSine = sine(degrees)
        clearSine = sine(clearDegrees)
    }

    mutating func reset() { hold.reset() }

    @inline(__always)
    mutating func measure(_ frame: DetectorFrame, history: PoseHistory, camera: CameraFrame,
                          signals: inout DetectorSignals?) -> Transition? {
        let up = frame.viewingUp
        signals?[.pitch] = Self.pitchDegrees(up)
        guard enabled else { return nil }
        let found: HoldDetector.Transition?
        switch kind {
        case .floor: found = hold.update(active: up < fireSine, cleared: up >= clearSine, time: frame.time)
        case .ceiling: found = hold.update(active: up > fireSine, cleared: up <= clearSine, time: frame.time)
        case .horizontal:
            let level = abs(up)
            found = hold.update(active: level < fireSine, cleared: level >= clearSine, time: frame.time)
        }
        return found.map { Transition(hold: $0, viewingUp: up) }
    }

    func change(for transition: Transition, at t: Double) -> WarningChange {
        switch transition.hold {
        case .fired(let since):
            .show(warning, trace: trace(pitch: Self.pitchDegrees(transition.viewingUp), since: since, at: t))
        case .cleared:
            // The ceiling warning hidden (26) and the pitch valid again (23: "Not scanning ceiling or floor").
            switch kind {
            case .floor: .hide(cleared: .notScanningFloorOrCeiling)
            case .ceiling: .hide(cleared: .notScanningCeiling, alsoCleared: .notScanningFloorOrCeiling)
            case .horizontal: .hide(cleared: .notHorizontalScanning)
            }
        }
    }

    func currentTrace(at t: Double, pose: RigidTransform) -> EventTrace? {
        trace(pitch: Self.pitchDegrees(CameraAxes(pose.rotation).forward.y), since: hold.since ?? t, at: t)
    }

    /// The warning the detector shows.
    var warning: EventMeaning {
        switch kind {
        case .floor: .scanningFloor
        case .ceiling: .scanningCeiling
        case .horizontal: .horizontalScanning
        }
    }

    /// The trace of the warning: the pitch (its absolute value for horizontal scanning) against the
    /// threshold, in degrees, over the window since the condition began.
    private func trace(pitch: Double, since: Double, at t: Double) -> EventTrace {
        let (quantity, measured, comparison) = switch kind {
        case .floor: ("pitch", pitch, "<")
        case .ceiling: ("pitch", pitch, ">")
        case .horizontal: ("|pitch|", abs(pitch), "<")
        }
        return EventTrace(quantity: quantity, measured: measured, comparison: comparison, threshold: thresholdDegrees,
                          unit: "deg", windowSeconds: t - since, windowStart: since)
    }

    /// The pitch in degrees for a viewing direction whose vertical component is `up`.
    static func pitchDegrees(_ up: Double) -> Double {
        Angle.degrees(fromRadians: asin(max(-1, min(1, up))))
    }
}
