import Foundation

/// The recording detectors as one value: it owns each detector, the order they run in at a frame
/// (``update(frame:pose:axes:previousTransform:time:tapsSignals:signals:)``), what a reset clears
/// (``reset()``), and the feedback slots their warnings are shown in. The session turns the
/// ``DetectorFindings`` into events through its ``SDKProfile``; a new detector touches this file, the
/// findings and the one place that emits them.
struct Detectors: Sendable {
    var history = PoseHistory()
    var drift: DriftDetector
    var floor: HoldDetector
    var ceiling: HoldDetector
    var horizontal: HoldDetector
    var sideways: SidewaysWalkDetector
    var fastRotation: FastRotationDetector
    var proximity: ProximityDetector
    /// Known places for relocation (kept across resets).
    var keyframes: KeyframeStore
    /// The storage write rate (reset when recording starts).
    var storage: StorageRateMonitor
    /// 3.x: frames arriving while recording (62, 63); watches each recording phase from its first input.
    var frameDelivery: FrameDeliveryMonitor
    /// The index in ``SessionRecord/feedback`` of each slot's open item.
    var openFeedback = [Int?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// Each slot's warning whose condition holds but which is hidden by a higher-priority one (or has no
    /// code under the profile), nil when the slot's warning is showing or its condition does not hold.
    var hidden = [EventMeaning?](repeating: nil, count: FeedbackSlot.allCases.count)
    /// The longest window any detector looks back over, seconds.
    let maximumWindowSeconds: Double
    /// Sines of the pitch thresholds.
    let pitchSines: PitchSines
    /// Whether the ceiling warning runs on this device.
    let ceilingEnabled: Bool
    /// Whether depth comes from LiDAR (else from feature points).
    let hasLiDAR: Bool
    let proximityThresholds: Thresholds.Proximity

    /// Sines of the pitch thresholds, for comparison with the viewing direction's vertical component.
    struct PitchSines: Sendable {
        var floor, floorClear, ceiling, ceilingClear, level, levelClear: Double

        init(_ t: Thresholds) {
            func sine(_ degrees: Double) -> Double { sin(Angle.radians(fromDegrees: max(-90, min(90, degrees)))) }
            floor = sine(t.floor.pitchDegrees)
            floorClear = sine(t.floor.pitchDegrees + t.floor.hysteresisDegrees)
            ceiling = sine(t.ceiling.pitchDegrees)
            ceilingClear = sine(t.ceiling.pitchDegrees - t.ceiling.hysteresisDegrees)
            level = sine(t.horizontal.levelDegrees)
            levelClear = sine(t.horizontal.levelDegrees + t.horizontal.hysteresisDegrees)
        }
    }

    init(configuration: SessionConfiguration) {
        let t = configuration.thresholds
        drift = DriftDetector(thresholds: t.drift)
        floor = HoldDetector(holdSeconds: t.floor.holdSeconds)
        ceiling = HoldDetector(holdSeconds: t.ceiling.holdSeconds)
        horizontal = HoldDetector(holdSeconds: t.horizontal.holdSeconds)
        sideways = SidewaysWalkDetector(thresholds: t.sideways)
        fastRotation = FastRotationDetector(thresholds: t.fastRotation)
        proximity = ProximityDetector(thresholds: t.proximity)
        keyframes = KeyframeStore(thresholds: t.relocation)
        storage = StorageRateMonitor(thresholds: t.storage)
        frameDelivery = FrameDeliveryMonitor(thresholds: t.frames)
        pitchSines = PitchSines(t)
        ceilingEnabled = !configuration.device.hasLiDAR || t.ceiling.enabledOnLiDAR || configuration.sdk.behaviour.tiltUpOnLiDAR
        hasLiDAR = configuration.device.hasLiDAR
        proximityThresholds = t.proximity
        maximumWindowSeconds = max(t.drift.intervalSeconds, t.sideways.velocityWindowSeconds, t.fastRotation.windowSeconds)
    }

    /// Clears the detectors' memory: at record start and after relocation, when poses may jump.
    /// Keyframes, the storage rate and open feedback items are kept.
    mutating func reset() {
        history.removeAll()
        drift.reset()
        floor.reset()
        ceiling.reset()
        horizontal.reset()
        sideways.reset()
        fastRotation.reset()
        proximity.reset()
    }

    /// Runs every recording detector on one frame, in order: pose history (position and heading about
    /// world up), drift (which ends the run when it fires), floor, ceiling and horizontal scanning from the
    /// pitch, sideways walking, fast rotation. Proximity from the depth follows in
    /// ``updateProximity(_:time:tapsSignals:signals:)``.
    mutating func update(frame: CameraFrame, pose: RigidTransform, axes: CameraAxes,
                         previousTransform: RigidTransform?, time t: Double,
                         tapsSignals: Bool, signals: inout DetectorSignals) -> DetectorFindings {
        var yaw = history.last?.yaw ?? 0
        if let previous = previousTransform, !history.isEmpty {
            yaw += (pose.rotation * previous.rotation.conjugate).rotationVector.y
        }
        let sample = PoseHistory.Sample(time: t, position: pose.translation, yaw: yaw)
        history.append(sample)
        history.dropSamples(before: t - maximumWindowSeconds)

        var findings = DetectorFindings()
        findings.drift = drift.check(history: history, now: sample)
        if tapsSignals { signals.driftMeters = drift.measuredMeters }
        if findings.drift != nil { return findings }

        // Pitch thresholds are compared as sines with the vertical component of the viewing direction
        // (pitch = asin of it), so the angle itself is only computed for a trace or a signal.
        let up = axes.forward.y
        let p = pitchSines
        findings.viewingUp = up
        if tapsSignals { signals.pitchDegrees = DetectorFindings.pitchDegrees(up) }
        findings.floor = floor.update(active: up < p.floor, cleared: up >= p.floorClear, time: t)
        if ceilingEnabled {
            findings.ceiling = ceiling.update(active: up > p.ceiling, cleared: up <= p.ceilingClear, time: t)
        }
        let level = abs(up)
        findings.horizontal = horizontal.update(active: level < p.level, cleared: level >= p.levelClear, time: t)

        findings.sideways = sideways.update(history: history, cameraRight: axes.right, time: t)
        findings.rotation = fastRotation.update(history: history, time: t)
        if tapsSignals {
            signals.horizontalSpeedMetersPerSecond = sideways.measuredSpeed
            signals.lateralFraction = sideways.measuredFraction
            signals.yawRateDegreesPerSecond = fastRotation.measuredDegreesPerSecond
        }
        return findings
    }

    /// Too close / too far from the LiDAR depth map, or from feature depths without LiDAR: the last
    /// detector of a frame, run after the others' findings are reported.
    @inline(__always)
    mutating func updateProximity(_ frame: CameraFrame, time t: Double, tapsSignals: Bool,
                                          signals: inout DetectorSignals) -> ProximityDetector.Transition? {
        let th = proximityThresholds
        let stats: DepthStatistics
        if hasLiDAR, let depth = frame.depth {
            stats = DepthStatistics(depths: depth.depth, confidence: depth.confidence, nearMeters: Float(th.nearMeters),
                                    farLowConfidenceMeters: Float(th.featureRangeMeters))
        } else if !hasLiDAR, let features = frame.featureDepths, !features.isEmpty {
            stats = DepthStatistics(depths: features, nearMeters: Float(th.nearMeters),
                                    farMeters: Float(th.featureRangeMeters))
        } else {
            return nil
        }
        if tapsSignals {
            signals.nearFraction = stats.valid > 0 ? stats.nearFraction : .nan
            signals.noReturnFraction = stats.noReturnFraction
        }
        return proximity.update(stats, time: t)
    }
}
