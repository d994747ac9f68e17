import Foundation

extension CaptureSession {
    /// A camera frame: orientation at any phase; while recording, every detector; while relocating, the
    /// search for a known place.
    mutating func handleFrame(_ frame: CameraFrame, at t: Double) {
        let pose = frame.transform
        let recordingPhase = phase == .recording || phase == .relocating
        guard pose.isFinite else {
            if recordingPhase {
                abort(at: t, cause: .invalidPose,
                      trace: EventTrace(quantity: "non-finite camera transform components", measured: 1,
                                        comparison: ">=", threshold: 1, unit: ""))
            } else {
                log("Ignored a frame with a non-finite camera transform", at: t)
            }
            return
        }
        lastPose = pose
        defer { lastFrameTransform = pose }

        switch phase {
        case .waitingForLandscape, .ready:
            updateOrientation(gravityInCamera: CameraAxes(pose.rotation).gravityInCamera, at: t)
        case .recording:
            recordFrame(frame, at: t)
        case .relocating:
            if tapsSignals, let start = relocationStart { signals.relocationSeconds = t - start }
            recordFrame(frame, at: t)
            searchForKnownPlace(frame, at: t)
        case .backgrounded, .writing, .zipping, .finished, .aborted:
            break
        }
    }

    /// Orientation events (0, 17, 24) and the landscape gate.
    mutating func updateOrientation(gravityInCamera: SIMD3<Double>, at t: Double) {
        guard let now = orientation.update(gravityInCamera: gravityInCamera) else { return }
        if reverseLandscapeShown && now != .landscapeLeft {
            reverseLandscapeShown = false
            closeFeedback(.orientation, at: t)
            emit(.notWrongOrientation, at: t)
        }
        switch now {
        case .landscapeRight:
            seenLandscape = true
            emit(.landscape, at: t)
        case .landscapeLeft where seenLandscape:
            reverseLandscapeShown = true
            openFeedback(.orientation, code: .reverseLandscape, at: t)
            emit(.reverseLandscape, at: t)
        default:
            break
        }
        if phase == .waitingForLandscape || phase == .ready {
            phase = now == .landscapeRight ? .ready : .waitingForLandscape
        }
    }

    /// Counts time, then runs the detectors in a fixed order.
    mutating func recordFrame(_ frame: CameraFrame, at t: Double) {
        output.recordsFrame = true
        record.recordedFrameCount += 1
        let previousFrameTime = lastRecordedFrameTime
        let dt = previousFrameTime.map { t - $0 } ?? 0
        lastRecordedFrameTime = t
        record.recordedSeconds += dt
        if lastTracking == .normal { record.normalTrackingSeconds += dt }
        guard phase == .recording else {
            lastTracking = frame.tracking
            return
        }
        let pose = frame.transform

        // Pose validity: a transform frozen while tracking is normal (SDK 2.8.1).
        if frame.tracking == .normal, let previous = lastFrameTransform, previous == pose {
            let since = frozenSince ?? previousFrameTime ?? t
            frozenSince = since
            let frozenFor = t - since
            let limit = configuration.thresholds.poseValidity.frozenSeconds
            if frozenFor >= limit - Tolerance.seconds {
                abort(at: t, cause: .invalidPose,
                      trace: EventTrace(quantity: "camera transform unchanged", measured: frozenFor,
                                        comparison: ">=", threshold: limit, unit: "s",
                                        windowSeconds: frozenFor, windowStart: since))
                return
            }
        } else {
            frozenSince = nil
        }

        // Tracking state: 8, 9, 28, or lost -> relocation.
        if frame.tracking != lastTracking {
            let previous = lastTracking
            lastTracking = frame.tracking
            switch frame.tracking {
            case .notAvailable:
                closeFeedback(.tracking, at: t)
                startRelocation(cause: .trackingLost, at: t)
                return
            case .limited(.insufficientLight):
                openFeedback(.tracking, code: .trackingInsufficientLight, at: t)
                emit(.trackingInsufficientLight, at: t)
            case .limited(.excessiveMotion):
                openFeedback(.tracking, code: .trackingExcessiveMotion, at: t)
                emit(.trackingExcessiveMotion, at: t)
            case .normal:
                if previous == .limited(.insufficientLight) || previous == .limited(.excessiveMotion) {
                    closeFeedback(.tracking, at: t)
                    emit(.trackingNormal, at: t)
                }
            case .limited:
                closeFeedback(.tracking, at: t)
            }
        }
        if frame.tracking == .normal {
            let since = normalTrackingSince ?? t
            normalTrackingSince = since
            if t - since >= configuration.thresholds.relocation.firstKeyframeAfterSeconds - Tolerance.seconds {
                keyframes.offer(pose)
            }
        } else {
            normalTrackingSince = nil
        }

        // Pose history: position and heading accumulated about world up.
        var yaw = history.last?.yaw ?? 0
        if let previous = lastFrameTransform, !history.isEmpty {
            yaw += (pose.rotation * previous.rotation.conjugate).rotationVector.y
        }
        let sample = PoseHistory.Sample(time: t, position: pose.translation, yaw: yaw)
        history.append(sample)
        history.dropSamples(before: t - maximumWindowSeconds)

        let driftTrace = drift.check(history: history, now: sample)
        if tapsSignals { signals.driftMeters = drift.measuredMeters }
        if let trace = driftTrace {
            abort(at: t, cause: .drifted, trace: trace)
            return
        }

        let axes = CameraAxes(pose.rotation)
        updateOrientation(gravityInCamera: axes.gravityInCamera, at: t)
        updatePitchDetectors(viewingDirection: axes.forward, at: t)

        let sidewaysTransition = sideways.update(history: history, cameraRight: axes.right, time: t)
        let rotation = fastRotation.update(history: history, time: t)
        if tapsSignals {
            signals.horizontalSpeedMetersPerSecond = sideways.measuredSpeed
            signals.lateralFraction = sideways.measuredFraction
            signals.yawRateDegreesPerSecond = fastRotation.measuredDegreesPerSecond
        }
        if let transition = sidewaysTransition {
            handleSideways(transition, at: t)
        }

        switch rotation {
        case .fired(let trace):
            openFeedback(.rotation, code: .fastRotation, at: t)
            emit(.fastRotation, at: t, trace: trace)
        case .ended:
            closeFeedback(.rotation, at: t)
        case nil:
            break
        }

        updateProximity(frame, at: t)
    }

    mutating func handleSideways(_ transition: SidewaysWalkDetector.Transition, at t: Double) {
        switch transition {
        case .started(let side, let trace):
            startSideways(side, trace: trace, at: t)
        case .stopped:
            stopSideways(at: t)
        case .switched(let side, let trace):
            stopSideways(at: t)
            startSideways(side, trace: trace, at: t)
        }
    }

    mutating func startSideways(_ side: SidewaysWalkDetector.Side, trace: EventTrace, at t: Double) {
        let code: EventCode = side == .left ? .walkingSidewaysLeft : .walkingSidewaysRight
        openFeedback(.sideways, code: code, at: t)
        emit(code, at: t, trace: trace)
    }

    mutating func stopSideways(at t: Double) {
        closeFeedback(.sideways, at: t)
        emit(.notWalkingSideways, at: t)
    }

    /// Floor (21/23), ceiling (22/26) and horizontal scanning (31/32) from the camera pitch.
    ///
    /// Pitch thresholds are compared as sines with the vertical component of the viewing direction
    /// (pitch = asin of it), so the angle itself is only computed for a trace.
    mutating func updatePitchDetectors(viewingDirection: SIMD3<Double>, at t: Double) {
        let up = viewingDirection.y
        let p = pitchSines
        var pitch: Double { Angle.degrees(fromRadians: asin(max(-1, min(1, up)))) }
        if tapsSignals { signals.pitchDegrees = pitch }

        let th = (floor: configuration.thresholds.floor.pitchDegrees, ceiling: configuration.thresholds.ceiling.pitchDegrees,
                  level: configuration.thresholds.horizontal.levelDegrees)
        report(floor.update(active: up < p.floor, cleared: up >= p.floorClear, time: t), slot: .floor,
               warning: .scanningFloor, cleared: .notScanningFloorOrCeiling, at: t,
               quantity: "pitch", measured: pitch, comparison: "<", threshold: th.floor)
        if ceilingEnabled {
            report(ceiling.update(active: up > p.ceiling, cleared: up <= p.ceilingClear, time: t), slot: .ceiling,
                   warning: .scanningCeiling, cleared: .notScanningCeiling, at: t,
                   quantity: "pitch", measured: pitch, comparison: ">", threshold: th.ceiling)
        }
        let level = abs(up)
        report(horizontal.update(active: level < p.level, cleared: level >= p.levelClear, time: t), slot: .horizontal,
               warning: .horizontalScanning, cleared: .notHorizontalScanning, at: t,
               quantity: "|pitch|", measured: abs(pitch), comparison: "<", threshold: th.level)
    }

    /// Emits a hold detector's transition: its warning, with a trace of the angle in degrees over the
    /// window since the condition began, and feedback item when it fires; its clearing code when it
    /// clears. `measured` is only evaluated when the warning fires.
    mutating func report(_ transition: HoldDetector.Transition?, slot: FeedbackSlot, warning: EventCode,
                         cleared: EventCode, at t: Double, quantity: String, measured: @autoclosure () -> Double,
                         comparison: String, threshold: Double) {
        switch transition {
        case .fired(let since):
            openFeedback(slot, code: warning, at: t)
            emit(warning, at: t, trace: EventTrace(quantity: quantity, measured: measured(), comparison: comparison,
                                                   threshold: threshold, unit: "deg",
                                                   windowSeconds: t - since, windowStart: since))
        case .cleared:
            closeFeedback(slot, at: t)
            emit(cleared, at: t)
        case nil:
            break
        }
    }

    /// Too close / too far (85/86/88) from the LiDAR depth map, or feature depths without LiDAR.
    mutating func updateProximity(_ frame: CameraFrame, at t: Double) {
        let th = configuration.thresholds.proximity
        let stats: DepthStatistics
        if configuration.device.hasLiDAR, let depth = frame.depth {
            stats = DepthStatistics(depths: depth.depth, confidence: depth.confidence, nearMeters: Float(th.nearMeters), farLowConfidenceMeters: Float(th.featureRangeMeters))
        } else if !configuration.device.hasLiDAR, let features = frame.featureDepths, !features.isEmpty {
            stats = DepthStatistics(depths: features, nearMeters: Float(th.nearMeters),
                                    farMeters: Float(th.featureRangeMeters))
        } else {
            return
        }
        if tapsSignals {
            signals.nearFraction = stats.valid > 0 ? stats.nearFraction : .nan
            signals.noReturnFraction = stats.noReturnFraction
        }
        switch proximity.update(stats, time: t) {
        case .warned(let condition, let trace):
            let code: EventCode = condition == .tooClose ? .tooClose : .tooFar
            openFeedback(.proximity, code: code, at: t)
            emit(code, at: t, trace: trace)
        case .backInRange(let trace):
            closeFeedback(.proximity, at: t)
            emit(.distanceInRange, at: t, trace: trace)
        case nil:
            break
        }
    }

    /// Resets the detectors' memory: at record start and after relocation, when poses may jump.
    mutating func resetDetectors() {
        history.removeAll()
        drift.reset()
        floor.reset()
        ceiling.reset()
        horizontal.reset()
        sideways.reset()
        fastRotation.reset()
        proximity.reset()
        frozenSince = nil
    }

    // MARK: Relocation

    /// Tracking lost or back from background: look for a known place; 81/82 when that is impossible.
    mutating func startRelocation(cause: RelocationRecord.Cause, at t: Double) {
        closeAllFeedback(at: t)
        record.relocations.append(RelocationRecord(cause: cause, start: t, end: nil, recovered: false))
        log("Relocating (\(cause.rawValue))", at: t)
        if record.recordedFrameCount == 0 {
            endRelocation(at: t, recovered: false)
            abort(at: t, cause: .noConfiguration)
            return
        }
        if keyframes.count == 0 {
            endRelocation(at: t, recovered: false)
            abort(at: t, cause: .noRelocationSnapshot)
            return
        }
        phase = .relocating
        relocationStart = t
        lastTracking = .notAvailable
        normalTrackingSince = nil
    }

    mutating func endRelocation(at t: Double, recovered: Bool) {
        if let last = record.relocations.indices.last, record.relocations[last].end == nil {
            record.relocations[last].end = t
            record.relocations[last].recovered = recovered
        }
        relocationStart = nil
    }

    /// Recovered when tracking is normal near a keyframe: 28, back to recording.
    mutating func searchForKnownPlace(_ frame: CameraFrame, at t: Double) {
        lastTracking = frame.tracking
        guard frame.tracking == .normal, let match = keyframes.match(frame.transform) else { return }
        let start = relocationStart ?? t
        endRelocation(at: t, recovered: true)
        phase = .recording
        resetDetectors()
        normalTrackingSince = t
        emit(.trackingNormal, at: t,
             trace: EventTrace(quantity: "distance to nearest keyframe (\(NumberFormatting.compact(match.degrees)) deg)",
                               measured: match.meters, comparison: "<=",
                               threshold: configuration.thresholds.relocation.keyframeDistanceMeters, unit: "m",
                               windowSeconds: t - start, windowStart: start))
    }
}

extension PoseHistory {
    var isEmpty: Bool { count == 0 }
}
