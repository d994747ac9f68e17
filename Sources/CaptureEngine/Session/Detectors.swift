import Foundation

/// The recording detectors as one value: the list of warning detectors (``forEach(_:_:)``: the one place
/// a detector is registered, in the order their events are reported), the pose history and the drift
/// detector they run after, and the monitors that are no warning of their own (keyframes for relocation,
/// the storage write rate, frame delivery). Measuring a frame, resetting, reporting and tracing go
/// through ``forEach(_:_:)``, so a detector in the list cannot be left out of any of them.
///
/// A new warning detector: a type conforming to ``WarningDetector`` (its thresholds, slot, measurement,
/// warning change and trace), a stored property here with its line in ``init(configuration:)`` and in
/// ``forEach(_:_:)``, and a ``FeedbackSlot`` case (docs/architecture.md, "Recipe: a new warning detector").
struct Detectors: Sendable {
    var history = PoseHistory()
    var drift: DriftDetector
    var floor: PitchWarningDetector
    var ceiling: PitchWarningDetector
    var horizontal: PitchWarningDetector
    var sideways: SidewaysWalkDetector
    var fastRotation: FastRotationDetector
    var proximity: ProximityDetector
    /// Known places for relocation (kept across resets).
    var keyframes: KeyframeStore
    /// The storage write rate (reset when recording starts).
    var storage: StorageRateMonitor
    /// 3.x: frames arriving while recording (62, 63); watches each recording phase from its first input.
    var frameDelivery: FrameDeliveryMonitor
    /// The longest window any detector looks back over, seconds.
    let maximumWindowSeconds: Double

    init(configuration: SessionConfiguration) {
        let t = configuration.thresholds
        drift = DriftDetector(thresholds: t.drift)
        floor = PitchWarningDetector(.floor, configuration: configuration)
        ceiling = PitchWarningDetector(.ceiling, configuration: configuration)
        horizontal = PitchWarningDetector(.horizontal, configuration: configuration)
        sideways = SidewaysWalkDetector(thresholds: t.sideways)
        fastRotation = FastRotationDetector(thresholds: t.fastRotation)
        proximity = ProximityDetector(thresholds: t.proximity, hasLiDAR: configuration.device.hasLiDAR)
        keyframes = KeyframeStore(thresholds: t.relocation)
        storage = StorageRateMonitor(thresholds: t.storage)
        frameDelivery = FrameDeliveryMonitor(thresholds: t.frames)
        maximumWindowSeconds = max(t.drift.intervalSeconds, t.sideways.velocityWindowSeconds, t.fastRotation.windowSeconds)
    }

    /// Visits every warning detector, in the order their events are reported at a frame: floor,
    /// ceiling, horizontal scanning, sideways walking, fast rotation, proximity; each visit is given the
    /// pose history and `context`, borrowed.
    @inline(__always)
    mutating func forEach<V: WarningDetectorVisitor>(_ visitor: inout V, _ context: V.Context) {
        visitor.visit(&floor, history: history, context)
        visitor.visit(&ceiling, history: history, context)
        visitor.visit(&horizontal, history: history, context)
        visitor.visit(&sideways, history: history, context)
        visitor.visit(&fastRotation, history: history, context)
        visitor.visit(&proximity, history: history, context)
    }

    /// Clears the detectors' memory: at record start and after relocation, when poses may jump.
    /// Keyframes, the storage rate and open feedback items are kept.
    mutating func reset() {
        struct Reset: WarningDetectorVisitor {
            mutating func visit<D: WarningDetector>(_ detector: inout D, history: PoseHistory, _ context: Void) {
                detector.reset()
                detector.pending = nil
            }
        }
        var reset = Reset()
        forEach(&reset, ())
        history.removeAll()
        drift.reset()
    }

    /// The least horizontal length of the viewing direction (unit vector) for which the heading is read
    /// from it: 0.17, the view within about 80 degrees of vertical. A guess of the geometry.
    static let headingViewMinimum = 0.17

    /// The turn about world up between two orientations, radians: the change of the viewing direction's
    /// heading, so rolling the phone about its view (turning it to portrait while looking down) is no
    /// turn (issue 48: a roll at -25 degrees pitch read as 40 % of its rate in yaw and fired 87). Looking
    /// nearly straight up or down, where the heading is undefined, the rotation's component about world up.
    @inline(__always)
    static func headingChange(from previous: Quaternion, to current: Quaternion) -> Double {
        let a = CameraAxes(previous).forward, b = CameraAxes(current).forward
        let minimum = headingViewMinimum * headingViewMinimum
        guard a.x * a.x + a.z * a.z >= minimum, b.x * b.x + b.z * b.z >= minimum else {
            return (current * previous.conjugate).rotationVector.y
        }
        // The signed angle from a's horizontal direction to b's, counter-clockwise seen from above (+y).
        return atan2(a.z * b.x - a.x * b.z, a.x * b.x + a.z * b.z)
    }

    /// Adds the frame's pose to the history (position and heading about world up) and checks drift;
    /// returns the drift's reading when it fires (the frame's other detectors then do not run).
    @inline(__always)
    mutating func advance(pose: RigidTransform, previousTransform: RigidTransform?, time t: Double,
                          tapsSignals: Bool, signals: inout DetectorSignals) -> DetectorReading? {
        var yaw = history.last?.yaw ?? 0
        if let previous = previousTransform, !history.isEmpty {
            yaw += Self.headingChange(from: previous.rotation, to: pose.rotation)
        }
        let sample = PoseHistory.Sample(time: t, position: pose.translation, yaw: yaw)
        history.append(sample)
        history.dropSamples(before: t - maximumWindowSeconds)
        let reading = drift.check(history: history, now: sample)
        if tapsSignals { signals[.drift] = drift.measuredMeters }
        return reading
    }

    /// Measures the frame with the pose detectors (`Stage` ``PoseStage``) or the depth detectors
    /// (``DepthStage``), each keeping what it found as ``WarningDetector/pending``; writes what they
    /// compared into `signals` when `tapsSignals`; returns whether any found a change. The stage is a
    /// type, so each specialisation visits only its own detectors.
    @inline(__always)
    mutating func measure<Stage: DetectorStage>(_ stage: Stage.Type, _ frame: DetectorFrame, camera: CameraFrame,
                                               tapsSignals: Bool, signals: inout DetectorSignals) -> Bool {
        var measure = MeasureVisitor<Stage>(frame: frame, signals: tapsSignals ? signals : nil)
        forEach(&measure, camera)
        if let tapped = measure.signals { signals = tapped }
        return measure.found
    }

    /// The pending changes of the `Stage`'s detectors, in the list's order, as warning changes at time
    /// `t`; clears them.
    mutating func takeChanges<Stage: DetectorStage>(_ stage: Stage.Type, at t: Double) -> [(slot: FeedbackSlot, change: WarningChange)] {
        var take = TakeVisitor<Stage>(time: t)
        forEach(&take, ())
        return take.changes
    }

    /// What the detector of `slot` measures now (``WarningDetector/currentTrace(at:pose:)``), nil for a
    /// slot no detector shows in (orientation, tracking).
    mutating func currentTrace(of slot: FeedbackSlot, at t: Double, pose: RigidTransform) -> EventTrace? {
        struct Find: WarningDetectorVisitor {
            let slot: FeedbackSlot
            let time: Double
            let pose: RigidTransform
            var trace: EventTrace?
            mutating func visit<D: WarningDetector>(_ detector: inout D, history: PoseHistory, _ context: Void) {
                if detector.slot == slot { trace = detector.currentTrace(at: time, pose: pose) }
            }
        }
        var find = Find(slot: slot, time: t, pose: pose)
        forEach(&find, ())
        return find.trace
    }
}

/// The warnings that can be showing at once, each with its open feedback item: the orientation and
/// tracking warnings the session shows itself, and one slot per warning detector
/// (``WarningDetector/slot``).
enum FeedbackSlot: Int, CaseIterable, Sendable {
    case orientation, tracking, floor, ceiling, horizontal, sideways, rotation, proximity
}

/// Measures a frame with the detectors of `Stage` (``Detectors/measure(_:_:camera:tapsSignals:signals:)``).
private struct MeasureVisitor<Stage: DetectorStage>: WarningDetectorVisitor {
    let frame: DetectorFrame
    var signals: DetectorSignals?
    var found = false
    @inline(__always)
    mutating func visit<D: WarningDetector>(_ detector: inout D, history: PoseHistory, _ camera: CameraFrame) {
        guard D.readsDepth == Stage.readsDepth else { return }
        detector.pending = detector.measure(frame, history: history, camera: camera, signals: &signals)
        if detector.pending != nil { found = true }
    }
}

/// Takes the pending changes of the detectors of `Stage` (``Detectors/takeChanges(_:at:)``).
private struct TakeVisitor<Stage: DetectorStage>: WarningDetectorVisitor {
    let time: Double
    var changes: [(slot: FeedbackSlot, change: WarningChange)] = []
    mutating func visit<D: WarningDetector>(_ detector: inout D, history: PoseHistory, _ context: Void) {
        guard D.readsDepth == Stage.readsDepth, let transition = detector.pending else { return }
        detector.pending = nil
        changes.append((detector.slot, detector.change(for: transition, at: time)))
    }
}

/// Which of a frame's two stages a pass runs: the pose detectors, measured before the frame's
/// orientation events and reported after them, or the depth detectors, measured and reported after
/// those (``WarningDetector/readsDepth``).
protocol DetectorStage { static var readsDepth: Bool { get } }
enum PoseStage: DetectorStage { static var readsDepth: Bool { false } }
enum DepthStage: DetectorStage { static var readsDepth: Bool { true } }
