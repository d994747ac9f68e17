extension CaptureSession {
    // MARK: Camera permission

    /// At the first input: without the camera permission the SDK cannot run (README 3.1.3,
    /// "Permissions"). A profile with a code for it (3.x: 120, an error) reports it and aborts; 2.10 has
    /// none: the session goes on and sees no frames (the scene's sensor delivers none). Returns the
    /// abort's action.
    mutating func checkStart(at t: Double) -> HostAction? {
        startChecked = true
        guard configuration.cameraPermission == .denied else { return nil }
        guard sdk.code(for: .noCameraPermission) != nil else {
            log("Camera permission denied: no camera frames", at: t)
            return nil
        }
        return abort(at: t, cause: .noCameraPermission)
    }

    // MARK: Frame delivery (3.x)

    /// While recording or relocating: no frame for ``Thresholds/Frames/notReceivingSeconds`` gives 62
    /// (an error: abort, at the time it became due); a frame arriving when at least
    /// ``Thresholds/Frames/skippedFraction`` of the frames expected over the window did not arrive gives
    /// 63, once until the share has stayed below it for a whole window. Watching starts at the first input of a recording
    /// phase (after the record press, after coming back from the background). Returns an abort's action.
    mutating func watchFrameDelivery(_ input: SessionInput, at t: Double) -> HostAction? {
        switch state {
        case .recording, .relocating:
            break
        case .waitingForLandscape, .ready, .backgrounded, .writing, .zipping, .finished, .aborted:
            detectors.frameDelivery.end()
            return nil
        }
        guard detectors.frameDelivery.watching else {
            detectors.frameDelivery.begin(at: t)
            return nil
        }
        let limit = configuration.thresholds.frames.notReceivingSeconds
        let since = detectors.frameDelivery.lastFrame
        if t - since >= limit - Tolerance.seconds, sdk.code(for: .notReceivingFrames) != nil {
            // Due after the previous input (which found it not yet due), so events stay in time order.
            let due = detectors.frameDelivery.notReceivingDeadline
            if case .relocating = state { endRelocation(at: due, recovered: false) }
            return abort(at: due, cause: .notReceivingFrames,
                         trace: EventTrace(quantity: "time without a camera frame", measured: t - since, comparison: ">=",
                                           threshold: limit, unit: "s", windowSeconds: t - since, windowStart: since))
        }
        guard case .frame = input.kind, let reading = detectors.frameDelivery.frameArrived(at: t) else { return nil }
        if reading.reports {
            let window = configuration.thresholds.frames.skippedWindowSeconds
            emit(.tooManyFramesSkipped, at: t,
                 trace: EventTrace(quantity: "share of frames skipped", measured: reading.skippedShare, comparison: ">=",
                                   threshold: configuration.thresholds.frames.skippedFraction, unit: "",
                                   windowSeconds: window, windowStart: t - window))
        }
        return nil
    }
}
