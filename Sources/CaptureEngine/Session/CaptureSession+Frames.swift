import Foundation
import JSONSupport

extension CaptureSession {
    /// The least squared horizontal length of the viewing direction for which sideways is measured across
    /// it (0.25: the view within 60 degrees of horizontal); a guess of the geometry, not the SDK's.
    static let sidewaysViewMinimum = 0.25

    /// A camera frame: orientation at any phase; while recording, every detector; while relocating, the
    /// search for a known place. Returns the host action it causes (an abort's file removal) and whether
    /// the frame belongs to the recording.
    ///
    /// The per-frame path (this function, ``recordFrame(_:at:)`` and the detectors' measurements) is
    /// marked `@inline(__always)`: called out of line, each returned its optional transition through memory
    /// that the caller read back at once (a store-to-load forwarding stall in the profile), and the calls
    /// kept the detectors' independent arithmetic from overlapping. The optimizer may still keep a large
    /// one out of line (it does `recordFrame`); the sideways detector's measurement, where that cost most,
    /// is `@inline(always)`.
    @inline(__always)
    mutating func handleFrame(_ frame: CameraFrame, at t: Double) -> (HostAction?, recordsFrame: Bool) {
        let pose = frame.transform
        guard pose.isFinite else {
            switch state {
            case .recording, .relocating:
                return (abort(at: t, cause: .invalidPose,
                              trace: EventTrace(quantity: "non-finite camera transform components", measured: 1,
                                                comparison: ">=", threshold: 1, unit: "")), false)
            case .waitingForLandscape, .ready, .backgrounded, .writing, .zipping, .finished, .aborted:
                log("Ignored a frame with a non-finite camera transform", at: t)
                return (nil, false)
            }
        }
        lastPose = pose
        defer { lastFrameTransform = pose }

        switch state {
        case .waitingForLandscape, .ready:
            updateOrientation(gravityInCamera: CameraAxes(pose.rotation).gravityInCamera, at: t)
            return (nil, false)
        case .recording:
            return (recordFrame(frame, at: t), true)
        case .relocating(_, let start):
            if tapsSignals { signals[.relocation] = t - start }
            // 3.x pauses recording while it relocates: the frame only serves the search.
            if behaviour.pausesRecordingWhileRelocating {
                searchForKnownPlace(frame, at: t)
                return (nil, false)
            }
            _ = recordFrame(frame, at: t)
            searchForKnownPlace(frame, at: t)
            return (nil, true)
        case .backgrounded, .writing, .zipping, .finished, .aborted:
            return (nil, false)
        }
    }

    /// Orientation events (0, 17, 24 in 2.10; 17, 24 in 3.x) and the landscape (3.x: portrait) gate.
    @inline(__always)
    mutating func updateOrientation(gravityInCamera: SIMD3<Double>, at t: Double) {
        guard let now = orientation.update(gravityInCamera: gravityInCamera) else { return }
        if behaviour.portraitOnly {
            updatePortraitOrientation(now, at: t)
            return
        }
        for action in orientationWarnings.landscapeChange(to: now) { perform(action, at: t) }
        switch state {
        case .waitingForLandscape, .ready:
            state = now == .landscapeRight ? .ready : .waitingForLandscape
        case .recording, .relocating, .backgrounded, .writing, .zipping, .finished, .aborted:
            break
        }
    }

    /// Performs an orientation change's action: 0, or the orientation warning shown or hidden (24).
    mutating func perform(_ action: OrientationWarnings.Action, at t: Double) {
        switch action {
        case .landscape: emit(.landscape, at: t)
        case .show(let meaning): showWarning(.orientation, meaning, at: t)
        case .hide: hideWarning(.orientation, cleared: .notWrongOrientation, at: t)
        }
    }

    /// 3.x: portrait is the only orientation; any other shows the wrong-orientation warning (17) until
    /// the phone is back in portrait (24). Recording starts only in portrait.
    mutating func updatePortraitOrientation(_ now: DeviceOrientation, at t: Double) {
        if let action = orientationWarnings.portraitChange(to: now, at: t) { perform(action, at: t) }
        switch state {
        case .waitingForLandscape, .ready:
            state = now == .portrait ? .ready : .waitingForLandscape
        case .recording, .relocating, .backgrounded, .writing, .zipping, .finished, .aborted:
            break
        }
    }

    /// 3.x: the phone held in a wrong orientation for ``Thresholds/Orientation/wrongOrientationAbortSeconds``
    /// while recording aborts the scan (4); returns that abort's action.
    mutating func checkWrongOrientationTime(at t: Double) -> HostAction? {
        guard let since = orientationWarnings.wrongSince else { return nil }
        let limit = configuration.thresholds.orientation.wrongOrientationAbortSeconds
        guard t - since >= limit - Tolerance.seconds else { return nil }
        return abort(at: t, cause: .wrongOrientationTooLong,
                     trace: EventTrace(quantity: "time in a wrong orientation", measured: t - since, comparison: ">=",
                                       threshold: limit, unit: "s", windowSeconds: t - since, windowStart: since))
    }

    /// 3.x: the rotation rate between the previous frame and this one, when above
    /// ``Thresholds/Drift/degreesPerSecond`` (angular drift, 129), as a trace.
    @inline(__always)
    func angularDrift(_ pose: RigidTransform, previousFrameTime: Double?, at t: Double) -> EventTrace? {
        guard let previous = lastFrameTransform, let before = previousFrameTime, t > before else { return nil }
        let rate = Angle.degrees(fromRadians: previous.rotation.angle(to: pose.rotation)) / (t - before)
        let limit = configuration.thresholds.drift.degreesPerSecond
        guard rate > limit else { return nil }
        return EventTrace(quantity: "rotation rate", measured: rate, comparison: ">", threshold: limit, unit: "deg/s",
                          windowSeconds: t - before, windowStart: before)
    }

    /// Drift (2.10: 13; 3.x: 129 angular, 130 position), then as ``Thresholds/Drift/action`` says: a
    /// relocation (3.x: 131, then the search for a known place; the drift code a warning) or an abort
    /// (the drift code an error).
    mutating func drifted(_ meaning: EventMeaning, trace: EventTrace, at t: Double) -> HostAction? {
        guard driftRelocates else { return abort(at: t, cause: meaning, trace: trace) }
        emit(meaning, at: t, trace: trace, severity: .warning)
        closeFeedback(.tracking, at: t)
        return startRelocation(cause: .drift, at: t)
    }

    /// Counts time, then (while recording) checks the pose, the tracking state, and runs the detectors.
    /// The recording's clocks go back into the phase before anything else can change it.
    @inline(__always)
    mutating func recordFrame(_ frame: CameraFrame, at t: Double) -> HostAction? {
        guard var recording = state.recording else { return nil }
        record.recordedFrameCount += 1
        record.recordedBytes += ScanBytes.frame(depthWidth: frame.depth?.width ?? 0, height: frame.depth?.height ?? 0,
                                                featureDepths: frame.featureDepths != nil)
        let previousFrameTime = recording.lastFrameTime
        let dt = previousFrameTime.map { t - $0 } ?? 0
        recording.lastFrameTime = t
        if dt > 0, configuration.videoBytesPerSecond > 0 {
            let rate = configuration.videoBytesPerSecond
            record.recordedBytes += ScanBytes.video(seconds: record.recordedSeconds + dt, bytesPerSecond: rate)
                - ScanBytes.video(seconds: record.recordedSeconds, bytesPerSecond: rate)
        }
        record.recordedSeconds += dt
        if recording.tracking == .normal { record.normalTrackingSeconds += dt }
        guard case .recording = state else {
            recording.tracking = frame.tracking
            state.recording = recording
            return nil
        }
        let pose = frame.transform

        // The recording's clocks: pose validity (a transform frozen while tracking is normal, SDK 2.8.1;
        // 3.x tells the parts apart), the tracking state, normal tracking for keyframes.
        let th = configuration.thresholds
        let frozen = recording.frozenPose(pose, tracking: frame.tracking, previous: lastFrameTransform,
                                          previousFrameTime: previousFrameTime, at: t,
                                          frozenSeconds: th.poseValidity.frozenSeconds, splitsParts: behaviour.splitsFrozenPose)
        let previousTracking = recording.tracking
        recording.tracking = frame.tracking
        let offersKeyframe = recording.offersKeyframe(tracking: frame.tracking, at: t,
                                                      firstKeyframeAfterSeconds: th.relocation.firstKeyframeAfterSeconds)
        state = .recording(recording)

        if let frozen {
            return abort(at: t, cause: frozen.meaning,
                         trace: EventTrace(quantity: frozen.quantity, measured: t - frozen.since, comparison: ">=",
                                           threshold: th.poseValidity.frozenSeconds, unit: "s",
                                           windowSeconds: t - frozen.since, windowStart: frozen.since))
        }

        // Tracking state: 8, 9, 28, or lost -> relocation.
        if frame.tracking != previousTracking {
            switch frame.tracking {
            case .notAvailable:
                closeFeedback(.tracking, at: t)
                return startRelocation(cause: .trackingLost, at: t)
            case .limited(.insufficientLight):
                showTrackingWarning(.trackingInsufficientLight, previous: previousTracking, at: t)
            case .limited(.excessiveMotion):
                showTrackingWarning(.trackingExcessiveMotion, previous: previousTracking, at: t)
            case .limited(.insufficientFeatures) where sdk.code(for: .trackingInsufficientFeatures) != nil:
                showTrackingWarning(.trackingInsufficientFeatures, previous: previousTracking, at: t)
            case .normal:
                // A tracking warning shown since tracking was last normal, through any limited states after
                // it: seed 000 2.4.1, "calls delegate when tracking is back to normal" (28).
                let wasWarning = warnings.isOpen(.tracking)
                hideWarning(.tracking, cleared: wasWarning && behaviour.reportsTrackingNormal ? .trackingNormal : nil, at: t)
            case .limited:
                // A limited state without a code of its own (initializing, relocalizing, 2.10's insufficient
                // features): a warning of an earlier limited state stays until tracking is normal again
                // (issue 48: 8, then another limited state, then normal gave no 28).
                break
            }
        }

        var axes = CameraAxes(pose.rotation)
        // Sideways is across the view in the horizontal plane, whatever the phone's roll: held in portrait
        // the camera's +X axis points at the floor, and a tilted one's horizontal part runs along the view
        // (issue 48: forward walking read as sideways). Only when the view is within 30 degrees of vertical
        // (looking at the floor or ceiling) does the camera's +X stand in for it, as before.
        if behaviour.portraitOnly || axes.forward.x * axes.forward.x + axes.forward.z * axes.forward.z >= Self.sidewaysViewMinimum {
            axes.right = SIMD3(-axes.forward.z, 0, axes.forward.x)
        }
        if watchesAngularDrift, let trace = angularDrift(pose, previousFrameTime: previousFrameTime, at: t) {
            return drifted(.angularDrift, trace: trace, at: t)
        }
        if let reading = detectors.advance(pose: pose, previousTransform: lastFrameTransform, time: t,
                                           tapsSignals: tapsSignals, signals: &signals) {
            return drifted(sdk.code(for: .positionDrift) != nil ? .positionDrift : .drifted,
                           trace: detectors.drift.trace(reading), at: t)
        }
        // The pose detectors measure now; their events follow the frame's orientation events.
        let detectorFrame = DetectorFrame(time: t, axes: axes)
        let poseChanges = detectors.measure(PoseStage.self, detectorFrame, camera: frame, tapsSignals: tapsSignals, signals: &signals)
        // A known place for relocation, once the pose is not a drifted one.
        if offersKeyframe { detectors.keyframes.offer(pose) }
        updateOrientation(gravityInCamera: axes.gravityInCamera, at: t)
        if behaviour.portraitOnly, let action = checkWrongOrientationTime(at: t) { return action }
        if poseChanges { reportDetectors(PoseStage.self, at: t) }
        // The depth detectors measure after the pose detectors' events.
        if detectors.measure(DepthStage.self, detectorFrame, camera: frame, tapsSignals: tapsSignals, signals: &signals) {
            reportDetectors(DepthStage.self, at: t)
        }
        return nil
    }

    /// Tracking limited (8, 9, 10): the warning of priority 1, with the error sound when tracking was
    /// normal before; it hides every lower warning showing.
    mutating func showTrackingWarning(_ meaning: EventMeaning, previous: TrackingState, at t: Double) {
        perform(warnings.showTracking(meaning, soundAllowed: previous == .normal), at: t)
    }

    // MARK: Relocation

    /// Tracking lost, back from background or drift: look for a known place; 82 when there is none yet
    /// (no keyframe: "There is no world map snapshot available for relocation"). 81 ("No configuration
    /// found!"; 3.1.3: "There is no ARSession configuration (internal iOS error)") is an iOS failure no
    /// input of the session stands for, so nothing emits it. Expects a phase with a recording
    /// (recording or backgrounded).
    mutating func startRelocation(cause: RelocationRecord.Cause, at t: Double) -> HostAction? {
        closeAllFeedback(at: t)
        record.relocations.append(RelocationRecord(cause: cause, start: t, end: nil, recovered: false))
        log("Relocating (\(cause.rawValue))", at: t)
        if detectors.keyframes.count == 0 {
            endRelocation(at: t, recovered: false)
            return abort(at: t, cause: .noRelocationSnapshot)
        }
        var recording = state.recording ?? RecordingState()
        recording.tracking = .notAvailable
        recording.normalTrackingSince = nil
        if behaviour.pausesRecordingWhileRelocating {
            // The paused time is not recorded time: the first frame after it starts counting again.
            recording.lastFrameTime = nil
            log("Recording paused while relocating", at: t)
        }
        state = .relocating(recording, since: t)
        if behaviour.reportsRelocation {
            emit(cause == .trackingLost ? .automaticRelocationStarted : .forcedRelocationStarted, at: t)
        }
        return nil
    }

    /// Closes the open relocation record.
    mutating func endRelocation(at t: Double, recovered: Bool) {
        if let last = record.relocations.indices.last, record.relocations[last].end == nil {
            record.relocations[last].end = t
            record.relocations[last].recovered = recovered
        }
    }

    /// Recovered when tracking is normal near a keyframe: 28, back to recording with the detectors'
    /// memory and the frozen-pose clocks cleared.
    mutating func searchForKnownPlace(_ frame: CameraFrame, at t: Double) {
        guard case .relocating(var recording, let start) = state else { return }
        recording.tracking = frame.tracking
        guard frame.tracking == .normal, let match = detectors.keyframes.match(frame.transform) else {
            state = .relocating(recording, since: start)
            return
        }
        endRelocation(at: t, recovered: true)
        recording.translationFrozenSince = nil
        recording.rotationFrozenSince = nil
        recording.normalTrackingSince = t
        state = .recording(recording)
        detectors.reset()
        emit(behaviour.reportsRelocation ? .relocationSucceeded : .trackingNormal, at: t,
             trace: EventTrace(quantity: "distance to nearest keyframe (\(NumberFormatting.compact(match.degrees)) deg)",
                               measured: match.meters, comparison: "<=",
                               threshold: configuration.thresholds.relocation.keyframeDistanceMeters, unit: "m",
                               windowSeconds: t - start, windowStart: start))
        // 3.x: the relocation succeeded (133), then the scanning state is back to normal (28: "(after
        // relocation)", README 3.1.3); the order is a guess.
        if behaviour.reportsRelocation { emit(.trackingNormal, at: t) }
        if behaviour.pausesRecordingWhileRelocating { log("Recording resumed", at: t) }
    }
}

extension PoseHistory {
    var isEmpty: Bool { count == 0 }
}
