/// A recording detector that shows a warning: it owns its thresholds, the feedback slot its warning
/// shows in, what it found at the latest frame (``pending``), the signals it measures and the hook that
/// turns what it found into a warning shown or hidden (``change(for:at:)``).
///
/// ``Detectors`` lists every one once (``Detectors/forEach(_:_:)``); the session measures, resets, reports
/// and traces them through that list, with static dispatch (each visit is a generic function
/// specialised for the detector's type: no existential, no allocation), so a detector cannot be left
/// out of a reset or of the reports. The session applies the change under the SDK profile's warning
/// priorities and codes.
///
/// A frame runs the detectors in two stages (``readsDepth``): the pose detectors measure before the
/// frame's orientation events and are reported after them, in the list's order; then the depth
/// detectors measure and are reported.
protocol WarningDetector: Sendable {
    /// What changed at a frame: plain numbers (no strings), since it is stored at every frame; the
    /// trace with its text is built only when the session reports it.
    associatedtype Transition: Sendable

    /// The feedback slot the detector's warnings show in.
    var slot: FeedbackSlot { get }

    /// Whether the detector measures the frame's depth (reported after the pose detectors) rather than
    /// the pose.
    static var readsDepth: Bool { get }

    /// What the latest frame's measurement found and the session has not reported yet.
    var pending: Transition? { get set }

    /// Forgets what the detector measured (record start, after a relocation, when poses may jump).
    mutating func reset()

    /// Measures one recorded frame (`camera`, its time and axes in `frame`, the pose history with the
    /// frame's sample newest) and returns what changed, if anything; writes the values it compared into
    /// `signals` when there are any (the session taps them: ``CaptureSession/tapsSignals``; nil
    /// otherwise, and `signals?[...] = value` then computes nothing). The history and the frame are
    /// borrowed, not copied.
    mutating func measure(_ frame: DetectorFrame, history: PoseHistory, camera: CameraFrame,
                          signals: inout DetectorSignals?) -> Transition?

    /// What `transition` does to the warning (its meaning, trace and clearing codes), at time `t`.
    func change(for transition: Transition, at t: Double) -> WarningChange

    /// What the detector measures now, as the trace of its warning shown again once a higher-priority
    /// one has cleared (the condition has held since the window's start), at time `t` with the latest
    /// camera pose `pose`; nil when its warning has no measured quantity.
    func currentTrace(at t: Double, pose: RigidTransform) -> EventTrace?
}

/// A recorded frame's time and the camera's axes (sideways along the horizontal axis across the view
/// in portrait): plain numbers, copied freely.
struct DetectorFrame {
    var time: Double
    var axes: CameraAxes

    /// The vertical component of the viewing direction (sine of the pitch).
    var viewingUp: Double { axes.forward.y }
}

/// What a detector's transition does to its warning; the session applies it to the detector's slot
/// (``CaptureSession/apply(_:to:at:)``).
enum WarningChange {
    /// The warning `meaning` fires, with the trace of why.
    case show(EventMeaning, trace: EventTrace?)
    /// The condition cleared: the warning is hidden with `cleared` (then `alsoCleared`) when it was
    /// shown, and a lower warning kept hidden is shown if its condition still holds.
    case hide(cleared: EventMeaning?, alsoCleared: EventMeaning? = nil, trace: EventTrace? = nil)
    /// One warning ends with `cleared` and another starts at once in the same slot (sideways walking
    /// switching sides): nothing hidden is shown in between.
    case replace(cleared: EventMeaning, with: EventMeaning, trace: EventTrace?)
}

/// Something done to every warning detector in ``Detectors/forEach(_:_:)``'s order. Each visit gets
/// the pose history and a `Context` (the frame, when measuring), borrowed: the visitor itself holds
/// only plain values, so nothing non-trivial is copied per visit.
protocol WarningDetectorVisitor {
    associatedtype Context
    mutating func visit<D: WarningDetector>(_ detector: inout D, history: PoseHistory, _ context: Context)
}

extension EventTrace {
    /// A trace of a quantity measured now against a threshold while its warning shows, the comparison
    /// the one that holds, over the window since the warning started.
    static func shown(_ quantity: String, _ measured: Double, _ threshold: Double, _ unit: String, since: Double,
                      at t: Double) -> EventTrace {
        EventTrace(quantity: quantity, measured: measured, comparison: measured >= threshold ? ">=" : "<",
                   threshold: threshold, unit: unit, windowSeconds: t - since, windowStart: since)
    }
}
