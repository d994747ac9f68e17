import Foundation
import JSONSupport

extension CaptureSession {
    /// A camera frame: orientation at any phase; while recording, every detector; while relocating, the
    /// search for a known place. Returns the host action it causes (an abort's file removal).
    ///
    /// The per-frame path (this function, ``recordFrame(_:at:)`` and the detectors' update functions) is
    /// marked `@inline(__always)`: called out of line, each returned its optional transition through memory
    /// that the caller read back at once (a store-to-load forwarding stall in the profile), and the calls
    /// kept the detectors' independent arithmetic from overlapping. The optimizer may still keep a large
    /// one out of line (it does `recordFrame`); the sideways detector's update, where that cost most, is
    /// `@inline(always)`.
    @inline(__always)
    mutating func handleFrame(_ frame: CameraFrame, at t: Double) -> HostAction? {
        let pose = frame.transform
        guard pose.isFinite else {
            switch state {
            case .recording, .relocating:
                return abort(at: t, cause: .invalidPose,
                             trace: EventTrace(quantity: "non-finite camera transform components", measured: 1,
                                               comparison: ">=", threshold: 1, unit: ""))
            case .waitingForLandscape, .ready, .backgrounded, .writing, .zipping, .finished, .aborted:
                log("Ignored a frame with a non-finite camera transform", at: t)
                return nil
            }
        }
        lastPose = pose
        defer { lastFrameTransform = pose }

        switch state {
        case .waitingForLandscape, .ready:
            updateOrientation(gravityInCamera: CameraAxes(pose.rotation).gravityInCamera, at: t)
            return nil
        case .recording:
            return recordFrame(frame, at: t)
        case .relocating(_, let start):
            if tapsSignals { signals.relocationSeconds = t - start }
            _ = recordFrame(frame, at: t)
            searchForKnownPlace(frame, at: t)
            return nil
        case .backgrounded, .writing, .zipping, .finished, .aborted:
            return nil
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
        if reverseLandscapeShown && now != .landscapeLeft {
            reverseLandscapeShown = false
            hideWarning(.orientation, cleared: .notWrongOrientation, at: t)
        }
        switch now {
        case .landscapeRight:
            seenLandscape = true
            emit(.landscape, at: t)
        case .landscapeLeft where seenLandscape:
            reverseLandscapeShown = true
            showWarning(.orientation, .reverseLandscape, at: t)
        default:
            break
        }
        switch state {
        case .waitingForLandscape, .ready:
            state = now == .landscapeRight ? .ready : .waitingForLandscape
        case .recording, .relocating, .backgrounded, .writing, .zipping, .finished, .aborted:
            break
        }
    }

    /// 3.x: portrait is the only orientation; any other shows the wrong-orientation warning (17) until
    /// the phone is back in portrait (24). Recording starts only in portrait.
    mutating func updatePortraitOrientation(_ now: DeviceOrientation, at t: Double) {
        if now == .portrait {
            if wrongOrientationSince != nil {
                wrongOrientationSince = nil
                hideWarning(.orientation, cleared: .notWrongOrientation, at: t)
            }
        } else if wrongOrientationSince == nil {
            wrongOrientationSince = t
            showWarning(.orientation, .wrongOrientation, at: t)
        }
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
        guard let since = wrongOrientationSince else { return nil }
        let limit = configuration.thresholds.orientation.wrongOrientationAbortSeconds
        guard t - since >= limit - Tolerance.seconds else { return nil }
        return abort(at: t, cause: .wrongOrientationTooLong,
                     trace: EventTrace(quantity: "time in a wrong orientation", measured: t - since, comparison: ">=",
                                       threshold: limit, unit: "s", windowSeconds: t - since, windowStart: since))
    }

    /// Pose validity: a camera pose left exactly unchanged for ``Thresholds/PoseValidity/frozenSeconds``
    /// while tracking is normal aborts the scan; returns that abort's action. The translation and the
    /// orientation are timed apart: 2.x (SDK 2.8.1) counts only the whole transform (both parts, 66);
    /// 3.x tells them apart (126 translation, 127 orientation, 128 both).
    @inline(__always)
    mutating func checkFrozenPose(_ frame: CameraFrame, previousFrameTime: Double?, at t: Double) -> HostAction? {
        let pose = frame.transform
        guard frame.tracking == .normal, let previous = lastFrameTransform else {
            translationFrozenSince = nil
            rotationFrozenSince = nil
            return nil
        }
        let start = previousFrameTime ?? t
        translationFrozenSince = previous.translation == pose.translation ? (translationFrozenSince ?? start) : nil
        rotationFrozenSince = previous.rotation == pose.rotation ? (rotationFrozenSince ?? start) : nil
        let limit = configuration.thresholds.poseValidity.frozenSeconds - Tolerance.seconds
        let translationFrozen = translationFrozenSince.map { t - $0 >= limit } ?? false
        let rotationFrozen = rotationFrozenSince.map { t - $0 >= limit } ?? false
        let meaning: EventMeaning
        let since: Double
        guard behaviour.splitsFrozenPose else {
            // The whole transform has been unchanged since the later of the two parts' starts.
            guard translationFrozen, rotationFrozen else { return nil }
            since = max(translationFrozenSince ?? t, rotationFrozenSince ?? t)
            return abort(at: t, cause: .invalidPose,
                         trace: EventTrace(quantity: "camera transform unchanged", measured: t - since, comparison: ">=",
                                           threshold: configuration.thresholds.poseValidity.frozenSeconds, unit: "s",
                                           windowSeconds: t - since, windowStart: since))
        }
        switch (translationFrozen, rotationFrozen) {
        case (true, true): meaning = .translationAndOrientationFrozen; since = max(translationFrozenSince ?? t, rotationFrozenSince ?? t)
        case (true, false): meaning = .translationFrozen; since = translationFrozenSince ?? t
        case (false, true): meaning = .orientationFrozen; since = rotationFrozenSince ?? t
        case (false, false): return nil
        }
        return abort(at: t, cause: meaning,
                     trace: EventTrace(quantity: "camera \(meaning == .orientationFrozen ? "orientation" : "position") unchanged",
                                       measured: t - since, comparison: ">=",
                                       threshold: configuration.thresholds.poseValidity.frozenSeconds, unit: "s",
                                       windowSeconds: t - since, windowStart: since))
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
    @inline(__always)
    mutating func recordFrame(_ frame: CameraFrame, at t: Double) -> HostAction? {
        output.recordsFrame = true
        record.recordedFrameCount += 1
        if let depth = frame.depth {
            record.recordedBytes += ScanBytes.frame(depthWidth: depth.width, height: depth.height)
        } else {
            record.recordedBytes += ScanBytes.frame(depthWidth: 0, height: 0)
        }
        let previousFrameTime = lastRecordedFrameTime
        let dt = previousFrameTime.map { t - $0 } ?? 0
        lastRecordedFrameTime = t
        if dt > 0, configuration.videoBytesPerSecond > 0 {
            let rate = configuration.videoBytesPerSecond
            record.recordedBytes += ScanBytes.video(seconds: record.recordedSeconds + dt, bytesPerSecond: rate)
                - ScanBytes.video(seconds: record.recordedSeconds, bytesPerSecond: rate)
        }
        record.recordedSeconds += dt
        if lastTracking == .normal { record.normalTrackingSeconds += dt }
        guard case .recording = state else {
            lastTracking = frame.tracking
            return nil
        }
        let pose = frame.transform

        // Pose validity: a transform frozen while tracking is normal (SDK 2.8.1; 3.x tells the parts apart).
        if let action = checkFrozenPose(frame, previousFrameTime: previousFrameTime, at: t) { return action }

        // Tracking state: 8, 9, 28, or lost -> relocation.
        if frame.tracking != lastTracking {
            let previous = lastTracking
            lastTracking = frame.tracking
            switch frame.tracking {
            case .notAvailable:
                closeFeedback(.tracking, at: t)
                return startRelocation(cause: .trackingLost, at: t)
            case .limited(.insufficientLight):
                showTrackingWarning(.trackingInsufficientLight, previous: previous, at: t)
            case .limited(.excessiveMotion):
                showTrackingWarning(.trackingExcessiveMotion, previous: previous, at: t)
            case .limited(.insufficientFeatures) where sdk.code(for: .trackingInsufficientFeatures) != nil:
                showTrackingWarning(.trackingInsufficientFeatures, previous: previous, at: t)
            case .normal:
                let wasWarning = previous == .limited(.insufficientLight) || previous == .limited(.excessiveMotion)
                    || (previous == .limited(.insufficientFeatures) && sdk.code(for: .trackingInsufficientFeatures) != nil)
                hideWarning(.tracking, cleared: wasWarning && behaviour.reportsTrackingNormal ? .trackingNormal : nil, at: t)
            case .limited:
                hideWarning(.tracking, at: t)
            }
        }
        var offersKeyframe = false
        if frame.tracking == .normal {
            let since = normalTrackingSince ?? t
            normalTrackingSince = since
            offersKeyframe = t - since >= configuration.thresholds.relocation.firstKeyframeAfterSeconds - Tolerance.seconds
        } else {
            normalTrackingSince = nil
        }

        var axes = CameraAxes(pose.rotation)
        if behaviour.portraitOnly {
            // Held in portrait, the camera's +X axis points down: sideways is across the view, horizontally.
            axes.right = SIMD3(-axes.forward.z, 0, axes.forward.x)
        }
        if watchesAngularDrift, let trace = angularDrift(pose, previousFrameTime: previousFrameTime, at: t) {
            return drifted(.angularDrift, trace: trace, at: t)
        }
        let findings = detectors.update(frame: frame, pose: pose, axes: axes, previousTransform: lastFrameTransform,
                                        time: t, tapsSignals: tapsSignals, signals: &signals)
        if let reading = findings.drift {
            return drifted(sdk.code(for: .positionDrift) != nil ? .positionDrift : .drifted,
                           trace: detectors.drift.trace(reading), at: t)
        }
        // A known place for relocation, once the pose is not a drifted one.
        if offersKeyframe { detectors.keyframes.offer(pose) }
        updateOrientation(gravityInCamera: axes.gravityInCamera, at: t)
        if behaviour.portraitOnly, let action = checkWrongOrientationTime(at: t) { return action }
        if findings.hasTransition { report(findings, at: t) }
        if let proximity = detectors.updateProximity(frame, time: t, tapsSignals: tapsSignals, signals: &signals) {
            reportProximity(proximity, at: t)
        }
        return nil
    }

    /// Turns the detectors' findings into events and feedback items, in the detectors' order.
    mutating func report(_ findings: DetectorFindings, at t: Double) {
        let th = configuration.thresholds
        let up = findings.viewingUp
        report(findings.floor, slot: .floor, warning: .scanningFloor, cleared: .notScanningFloorOrCeiling, at: t,
               quantity: "pitch", measured: DetectorFindings.pitchDegrees(up), comparison: "<",
               threshold: th.floor.pitchDegrees)
        // The ceiling warning hidden (26) and the pitch valid again (23: "Not scanning ceiling or floor").
        report(findings.ceiling, slot: .ceiling, warning: .scanningCeiling,
               cleared: .notScanningCeiling, thenAlso: .notScanningFloorOrCeiling, at: t,
               quantity: "pitch", measured: DetectorFindings.pitchDegrees(up), comparison: ">",
               threshold: th.ceiling.pitchDegrees)
        report(findings.horizontal, slot: .horizontal, warning: .horizontalScanning, cleared: .notHorizontalScanning,
               at: t, quantity: "|pitch|", measured: abs(DetectorFindings.pitchDegrees(up)), comparison: "<",
               threshold: th.horizontal.levelDegrees)

        switch findings.sideways {
        case .started(let side, let reading):
            startSideways(side, trace: detectors.sideways.trace(side, reading), at: t)
        case .stopped:
            stopSideways(at: t)
        case .switched(let side, let reading):
            // One warning ends and the other side's starts at once: nothing hidden is shown in between.
            hideWarning(.sideways, cleared: .notWalkingSideways, at: t, showsHidden: false)
            startSideways(side, trace: detectors.sideways.trace(side, reading), at: t)
        case nil:
            break
        }

        switch findings.rotation {
        case .fired(let reading):
            showWarning(.rotation, .fastRotation, at: t, trace: detectors.fastRotation.trace(reading))
        case .ended:
            hideWarning(.rotation, at: t)
        case nil:
            break
        }
    }

    /// Emits the proximity detector's transition (too close / too far, back in range).
    mutating func reportProximity(_ transition: ProximityDetector.Transition?, at t: Double) {
        switch transition {
        case .warned(let condition, let trace):
            showWarning(.proximity, condition == .tooClose ? .tooClose : .tooFar, at: t, trace: trace)
        case .backInRange(let trace):
            hideWarning(.proximity, cleared: .distanceInRange, at: t, trace: trace)
        case nil:
            break
        }
    }

    /// Tracking limited (8, 9, 10): the warning of priority 1, with the error sound when tracking was
    /// normal before; it hides every lower warning showing.
    mutating func showTrackingWarning(_ meaning: EventMeaning, previous: TrackingState, at t: Double) {
        openFeedback(.tracking, meaning: meaning, at: t)
        emit(meaning, at: t, soundAllowed: previous == .normal)
        hideWarnings(outrankedBy: meaning, at: t)
    }

    /// What the detector of `slot` measures now, as the trace of its warning shown again once a
    /// higher-priority one has cleared (its condition has held since the window's start); nil for the
    /// warnings without a measured quantity (orientation, tracking).
    func currentTrace(of slot: FeedbackSlot, at t: Double) -> EventTrace? {
        let th = configuration.thresholds
        let pitch = DetectorFindings.pitchDegrees(CameraAxes(lastPose.rotation).forward.y)
        func held(_ detector: HoldDetector, _ quantity: String, _ measured: Double, _ comparison: String,
                  _ threshold: Double) -> EventTrace {
            let since = detector.since ?? t
            return EventTrace(quantity: quantity, measured: measured, comparison: comparison, threshold: threshold,
                              unit: "deg", windowSeconds: t - since, windowStart: since)
        }
        switch slot {
        case .floor: return held(detectors.floor, "pitch", pitch, "<", th.floor.pitchDegrees)
        case .ceiling: return held(detectors.ceiling, "pitch", pitch, ">", th.ceiling.pitchDegrees)
        case .horizontal: return held(detectors.horizontal, "|pitch|", abs(pitch), "<", th.horizontal.levelDegrees)
        case .sideways:
            // Shown while the walk goes on at the exit speed or more.
            let d = detectors.sideways
            return shownTrace("horizontal speed", d.measuredSpeed, th.sideways.exitSpeedMetersPerSecond, "m/s",
                              since: d.shownSince, at: t)
        case .rotation:
            // Shown at least the minimum display time, then until the turning is slow again.
            let d = detectors.fastRotation
            return shownTrace("yaw rate", d.measuredDegreesPerSecond, th.fastRotation.degreesPerSecond, "deg/s",
                              since: d.shownSince, at: t)
        case .proximity: return detectors.proximity.currentTrace()
        case .orientation, .tracking: return nil
        }
    }

    /// A trace of a quantity measured now against a threshold, the comparison the one that holds, over
    /// the window since the warning started.
    func shownTrace(_ quantity: String, _ measured: Double, _ threshold: Double, _ unit: String, since: Double,
                    at t: Double) -> EventTrace {
        EventTrace(quantity: quantity, measured: measured, comparison: measured >= threshold ? ">=" : "<",
                   threshold: threshold, unit: unit, windowSeconds: t - since, windowStart: since)
    }

    mutating func startSideways(_ side: SidewaysWalkDetector.Side, trace: EventTrace, at t: Double) {
        showWarning(.sideways, side == .left ? .walkingSidewaysLeft : .walkingSidewaysRight, at: t, trace: trace)
    }

    mutating func stopSideways(at t: Double) {
        hideWarning(.sideways, cleared: .notWalkingSideways, at: t)
    }

    /// Emits a hold detector's transition: its warning, with a trace of the angle in degrees over the
    /// window since the condition began, and feedback item when it fires; its clearing codes when it
    /// clears. `measured` is only evaluated when the warning fires.
    mutating func report(_ transition: HoldDetector.Transition?, slot: FeedbackSlot, warning: EventMeaning,
                         cleared: EventMeaning, thenAlso alsoCleared: EventMeaning? = nil, at t: Double, quantity: String, measured: @autoclosure () -> Double,
                         comparison: String, threshold: Double) {
        switch transition {
        case .fired(let since):
            showWarning(slot, warning, at: t, trace: EventTrace(quantity: quantity, measured: measured(), comparison: comparison,
                                                               threshold: threshold, unit: "deg",
                                                               windowSeconds: t - since, windowStart: since))
        case .cleared:
            hideWarning(slot, cleared: cleared, thenAlso: alsoCleared, at: t)
        case nil:
            break
        }
    }

    /// Resets the detectors' memory (record start, after relocation) and the frozen-pose timer.
    mutating func resetDetectors() {
        detectors.reset()
        translationFrozenSince = nil
        rotationFrozenSince = nil
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
        state = .relocating(state.recording ?? RecordingState(), since: t)
        lastTracking = .notAvailable
        normalTrackingSince = nil
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

    /// Recovered when tracking is normal near a keyframe: 28, back to recording.
    mutating func searchForKnownPlace(_ frame: CameraFrame, at t: Double) {
        lastTracking = frame.tracking
        guard case .relocating(let recording, let start) = state,
              frame.tracking == .normal, let match = detectors.keyframes.match(frame.transform) else { return }
        endRelocation(at: t, recovered: true)
        state = .recording(recording)
        resetDetectors()
        normalTrackingSince = t
        emit(behaviour.reportsRelocation ? .relocationSucceeded : .trackingNormal, at: t,
             trace: EventTrace(quantity: "distance to nearest keyframe (\(NumberFormatting.compact(match.degrees)) deg)",
                               measured: match.meters, comparison: "<=",
                               threshold: configuration.thresholds.relocation.keyframeDistanceMeters, unit: "m",
                               windowSeconds: t - start, windowStart: start))
        // 3.x: the relocation succeeded (133), then the scanning state is back to normal (28: "(after
        // relocation)", README 3.1.3); the order is a guess.
        if behaviour.reportsRelocation { emit(.trackingNormal, at: t) }
    }
}

extension PoseHistory {
    var isEmpty: Bool { count == 0 }
}
