import JSONSupport
extension CaptureSession {
    // MARK: System samples

    /// Thermal (70-73), low power (74/75), processors (76), memory (77), storage (78). The first sample
    /// reports everything it carries, low power off included (iOS 2.4.1 release notes: "SDK always calls
    /// delegate with first measured system monitor values"), and with storageWarnings the minutes of
    /// scanning its free storage allows (78 "once on start", Android SDK 2.10.1 README); later ones
    /// report changes, and while recording 78 at intervals and under 10 minutes. Free storage at
    /// or below ``Thresholds/Storage/outOfSpaceBytes`` while recording aborts the scan (59); returns that
    /// abort's action.
    mutating func handleSystem(_ sample: SystemSample, at t: Double) -> HostAction? {
        let first = !system.started
        system.started = true
        if let thermal = sample.thermal, first || thermal != system.thermal {
            system.thermal = thermal
            record.thermalHistory.append((t, thermal))
            let meaning: EventMeaning = switch thermal {
            case .nominal: .thermalNominal
            case .fair: .thermalFair
            case .serious: .thermalSerious
            case .critical: .thermalCritical
            }
            emit(meaning, at: t)
            if thermal == .critical, configuration.reconstructsScene, record.reconstructionShutDownAt == nil {
                record.reconstructionShutDownAt = t
                log("Thermal state critical: scene reconstruction shut down, no mesh will be saved", at: t)
            }
        }
        if let lowPower = sample.lowPowerMode {
            if first || lowPower != (system.lowPower ?? false) {
                emit(lowPower ? .lowPowerOn : .lowPowerOff, at: t)
            }
            system.lowPower = lowPower
        }
        if sample.activeProcessors != nil || sample.processorCount != nil {
            let active = sample.activeProcessors ?? system.processors.active
            let total = sample.processorCount ?? system.processors.total
            if active != system.processors.active || total != system.processors.total {
                system.processors = (active, total)
                record.activeProcessors = active
                record.processorCount = total
                emit(.processorCount, at: t, parameters: EventParameters(activeProcessors: active ?? total,
                                                                          processorCount: total ?? active))
            }
        }
        if sample.memoryWarning { emit(.memoryWarning, at: t) }
        if let battery = sample.batteryPercent { reportBattery(battery, at: t) }
        if tapsSignals, sample.storageFreeBytes != nil { signals[.storage] = .nan }
        if let free = sample.storageFreeBytes { system.storageFreeBytes = free }
        let limit = configuration.thresholds.storage.outOfSpaceBytes
        if let free = sample.storageFreeBytes, Double(free) <= limit, phase == .recording || phase == .relocating {
            // The write that fails: a depth frame on a LiDAR phone; without depth the video frame, where
            // the profile tells them apart (3.x: 143; 2.10's 59 names both writers).
            let noDepth = !configuration.device.hasLiDAR && sdk.code(for: .videoFrameWriteFailed) != nil
            return abort(at: t, cause: noDepth ? .videoFrameWriteFailed : .frameWriteFailed,
                         trace: EventTrace(quantity: "free storage", measured: Double(free), comparison: "<=",
                                           threshold: limit, unit: "B"))
        }
        if first, let free = sample.storageFreeBytes, configuration.options.storageWarnings {
            let report = detectors.storage.startReport(freeBytes: free, nominalBytesPerSecond: nominalBytesPerSecond)
            emit(.storageLow, at: t, parameters: EventParameters(minutesLeft: report.minutes), trace: report.trace,
                 severity: report.severity)
        }
        if let free = sample.storageFreeBytes, configuration.options.storageWarnings,
           phase == .recording || phase == .relocating {
            let warning = detectors.storage.update(freeBytes: free, time: t)
            if tapsSignals { signals[.storage] = detectors.storage.measuredMinutesLeft }
            if let warning {
                emit(.storageLow, at: t, parameters: EventParameters(minutesLeft: warning.minutes), trace: warning.trace,
                     severity: warning.severity)
            }
        }
        // 3.x: too hot to start (107, an error) when the state is critical before recording starts.
        if behaviour.abortsWhenTooHotToStart, sample.thermal == .critical, phase == .waitingForLandscape || phase == .ready {
            log("Thermal state critical before recording: too hot to start", at: t)
            return abort(at: t, cause: .deviceTooHot)
        }
        return nil
    }

    /// The write rate the minutes at start assume, bytes per second: what a second of recording writes
    /// at the session's settings (``SessionConfiguration/recordingBytesPerSecond``: JSON, depth on the
    /// frames that carry it, video), so the minutes do not jump when the measured rate takes over.
    var nominalBytesPerSecond: Double { configuration.recordingBytesPerSecond }

    /// 79 (3.x; 2.10 has no battery code): the charge when first measured (iOS 2.4.1: "SDK always calls
    /// delegate with first measured system monitor values"), then each fall to a charge at or below
    /// ``Thresholds/Battery/lowPercent``.
    mutating func reportBattery(_ percent: Int, at t: Double) {
        defer { system.batteryPercent = percent }
        let low = configuration.thresholds.battery.lowPercent
        guard let last = system.batteryPercent else {
            emit(.battery, at: t, parameters: EventParameters(batteryPercent: percent))
            return
        }
        guard percent < last, Double(percent) <= low else { return }
        emit(.battery, at: t, parameters: EventParameters(batteryPercent: percent),
             trace: EventTrace(quantity: "battery charge", measured: Double(percent), comparison: "<=", threshold: low, unit: "%"))
    }

    // MARK: User actions

    /// The person's actions; returns the host action they cause.
    mutating func handleUser(_ action: UserAction, at t: Double) -> HostAction? {
        switch action {
        case .recordPressed:
            return pressRecord(at: t)
        case .stopConfirmed:
            guard state.recording?.stopRequested == true else {
                log("Stop confirmed without a stop request: ignored", at: t)
                return nil
            }
            return finishRecording(at: t)
        case .stopCancelled:
            if state.recording?.stopRequested == true { log("Stop cancelled, recording continues", at: t) }
            setStopRequested(false)
            return nil
        case .background:
            return goToBackground(at: t)
        case .foreground:
            guard case .backgrounded(let recording) = state else {
                log("App in foreground", at: t)
                return nil
            }
            log("App back in foreground", at: t)
            if behaviour.interruptionResumes { emit(.sessionInterruptionEnded, at: t) }
            state = .recording(recording)
            return startRelocation(cause: .background, at: t)
        case .speechStarted, .speechResults, .speechChosen, .speechCancelled, .speechAborted:
            handleSpeech(action, at: t)
            return nil
        case .closeView:
            return closeView(at: t)
        }
    }

    /// Sets the pending stop in the phases that have a recording.
    mutating func setStopRequested(_ requested: Bool) {
        state.recording?.stopRequested = requested
    }

    mutating func pressRecord(at t: Double) -> HostAction? {
        switch state {
        case .ready:
            return startRecording(at: t)
        case .waitingForLandscape:
            if configuration.landscapeGating && !behaviour.portraitOnly {
                log("Record pressed while not in landscape-right: ignored", at: t)
                return nil
            }
            if behaviour.portraitOnly && orientationWarnings.recordPressed(at: t) {
                // 3.1.3 README, "Device Orientation": "any attempts to scan in landscape will result in a
                // warning shown on-screen and the scan being terminated after a short time": the scan
                // starts, and the time in the wrong orientation counts from the press (4 after
                // orientation.wrongOrientationAbortSeconds unless turned to portrait).
                log("Record pressed while not in portrait: the scan starts and is terminated unless turned to portrait", at: t)
            }
            return startRecording(at: t)
        case .recording, .relocating, .backgrounded:
            setStopRequested(true)
            log("Record pressed again: asking to confirm stop", at: t)
            return nil
        case .writing, .zipping, .finished, .aborted:
            return nil
        }
    }

    /// Record pressed: a recording starts with fresh clocks (``RecordingState``) and the detectors' memory
    /// cleared.
    mutating func startRecording(at t: Double) -> HostAction {
        state = .recording(RecordingState())
        record.recordingStart = t
        detectors.reset()
        detectors.storage.reset(recordingStart: t)
        emit(.recordingStarted, at: t)
        return .startRecordingFiles
    }

    /// Stop confirmed: 2 with enough data (the host writes and zips), otherwise 3 and 5.
    mutating func finishRecording(at t: Double) -> HostAction {
        if case .relocating = state { endRelocation(at: t, recovered: false) }
        record.recordingEnd = t
        closeAllFeedback(at: t)
        let rule = configuration.thresholds.recording
        if record.recordedSeconds >= rule.minimumSeconds - Tolerance.seconds,
           record.normalTrackingSeconds >= rule.minimumNormalTrackingSeconds - Tolerance.seconds {
            emit(.finishedWithEnoughData, at: t)
            state = .writing
            return .writeScanFiles
        } else {
            log("Recorded \(NumberFormatting.fixed(record.recordedSeconds, decimals: 1)) s, \(NumberFormatting.fixed(record.normalTrackingSeconds, decimals: 1)) s with normal tracking; need \(NumberFormatting.compact(rule.minimumSeconds)) s and \(NumberFormatting.compact(rule.minimumNormalTrackingSeconds)) s", at: t)
            // 3, then 15 and 5 (Android SDK 2.10.1 README, status code 3: "The scan files will be deleted
            // (code 15) and CubiCapture will be finished after this (code 5)").
            emit(.finishedNotEnoughData, at: t)
            emit(.scanRemoved, at: t)
            emit(.finished, at: t)
            state = .finished
            return .removeScanFiles
        }
    }

    /// The view closed before the scan was saved: the scan is given up (3.x: 110, an error; 2.10 has no
    /// code for it: 15 and 5). Once the files are being written the close is only logged.
    mutating func closeView(at t: Double) -> HostAction? {
        switch state {
        case .waitingForLandscape, .ready, .recording, .relocating, .backgrounded:
            if case .relocating = state { endRelocation(at: t, recovered: false) }
            log("View closed by the user", at: t)
            return abort(at: t, cause: .userAborted)
        case .writing, .zipping, .finished, .aborted:
            log("View closed", at: t)
            return nil
        }
    }

    mutating func goToBackground(at t: Double) -> HostAction? {
        var recording: RecordingState
        switch state {
        case .recording(let r):
            recording = r
        case .relocating(let r, _):
            recording = r
            endRelocation(at: t, recovered: false)
        case .waitingForLandscape, .ready, .backgrounded, .writing, .zipping, .finished, .aborted:
            log("App in background", at: t)
            return nil
        }
        closeAllFeedback(at: t)
        if behaviour.interruptionResumes { emit(.sessionInterrupted, at: t) }
        guard configuration.options.backgroundResume || behaviour.interruptionResumes else {
            return abort(at: t, cause: .backgroundAborted)
        }
        log("App in background: will relocate on return", at: t)
        // The time away is not recorded time: the next recorded frame starts counting again.
        recording.lastFrameTime = nil
        state = .backgrounded(recording)
        return nil
    }

    // MARK: Room labels by speech

    /// 47/48/49 on first use, 40 listening, 41 results, 42 chosen / 43 cancelled / 44 aborted /
    /// 45 none / 46 all too long. Labels are recorded with time and pose.
    mutating func handleSpeech(_ action: UserAction, at t: Double) {
        guard configuration.options.speechRecognition, behaviour.hasSpeech else {
            log("Speech recognition is off: ignored", at: t)
            return
        }
        guard phase == .recording else {
            log("Speech input while not recording: ignored", at: t)
            return
        }
        switch (action, state.recording?.speech ?? .idle) {
        case (.speechStarted(let granted), .idle):
            if microphonePermission == nil {
                emit(.microphonePermissionRequested, at: t)
                microphonePermission = granted
                emit(granted ? .microphonePermissionGranted : .microphonePermissionDenied, at: t)
            }
            guard microphonePermission == true else {
                log("Microphone permission denied: no speech recognition", at: t)
                return
            }
            state.recording?.speech = .listening
            emit(.speechListening, at: t)
        case (.speechResults(let results), .listening):
            let maximum = configuration.thresholds.speech.maximumLabelLength
            let usable = results.filter { $0.count <= maximum }
            if results.isEmpty {
                state.recording?.speech = .idle
                emit(.speechNoResults, at: t)
            } else if usable.isEmpty {
                state.recording?.speech = .idle
                emit(.speechResultsTooLong, at: t)
            } else {
                state.recording?.speech = .showingResults(usable)
                emit(.speechResults, at: t)
            }
        case (.speechChosen(let index), .showingResults(let results)):
            guard results.indices.contains(index) else {
                log("Chosen result \(index) does not exist (\(results.count) shown): ignored", at: t)
                return
            }
            state.recording?.speech = .idle
            record.roomLabels.append(RoomLabel(label: results[index], time: t, pose: lastPose))
            emit(.speechChosen, at: t, parameters: EventParameters(label: results[index]))
        case (.speechCancelled, .showingResults):
            state.recording?.speech = .idle
            emit(.speechCancelled, at: t)
        case (.speechAborted, .listening):
            state.recording?.speech = .idle
            emit(.speechAborted, at: t)
        default:
            log("Speech input out of sequence: ignored", at: t)
        }
    }

    // MARK: Storage outcomes

    /// After the files were written (a non-fatal failure among them is reported first): zip them,
    /// starting now.
    /// The zip is written beside the scan's files, so it needs free storage for their bytes
    /// (``SessionRecord/recordedBytes``, an upper bound: depth and video are stored, the JSON deflates):
    /// with less, zipping fails (51) when the storage runs out, the free bytes in at the zip's rate.
    mutating func continueZipping(at t: Double) -> HostAction? {
        guard case .writing = state else { return nil }
        state = .zipping(rezipped: false, attemptStart: t)
        if let free = system.storageFreeBytes, free < record.recordedBytes {
            let rate = configuration.thresholds.storage.zipBytesPerSecond
            let runsOut = t + Double(max(0, free)) / rate
            log("Zipping \(record.recordedBytes) bytes with \(max(0, free)) bytes free: the storage runs out", at: t)
            return abort(at: runsOut, cause: .zipFailed,
                         trace: EventTrace(quantity: "free storage for the zip", measured: Double(free), comparison: "<",
                                           threshold: Double(record.recordedBytes), unit: "B",
                                           windowSeconds: runsOut - t, windowStart: t))
        }
        return .zip
    }

    /// Modelled seconds one zip attempt takes: the scan's bytes (``SessionRecord/recordedBytes``) over
    /// ``Thresholds/Storage/zipBytesPerSecond``.
    var zipSeconds: Double {
        Double(record.recordedBytes) / configuration.thresholds.storage.zipBytesPerSecond
    }

    /// One zip attempt that started at `start`: logs its progress every 10 % (the SDK shows a
    /// percentage) and returns the time it ends, from which the next attempt would start.
    mutating func zipAttempt(startedAt start: Double) -> Double {
        let seconds = zipSeconds
        log("Zipping \(record.recordedBytes) bytes (\(NumberFormatting.fixed(seconds, decimals: 2)) s at \(NumberFormatting.compact(configuration.thresholds.storage.zipBytesPerSecond / 1_000_000)) MB/s)", at: start)
        for percent in stride(from: 10, through: 100, by: 10) {
            log("Zipping: \(percent) %", at: start + seconds * Double(percent) / 100)
        }
        return start + seconds
    }

    /// A file the bundle can do without could not be written: its code where the profile has one (a
    /// warning), a scan-log line either way.
    mutating func reportNonFatalWriteFailure(_ file: ScanFile, _ meaning: EventMeaning, at t: Double) {
        log("Failed to write \(file.rawValue); the bundle is saved without it", at: t)
        emit(meaning, at: t)
    }

    /// The host's file operations: 54/56/57/58/59/90 on failures, 53 and one re-zip, 51, 7 and 5
    /// (3.x: 150/151 for the depth writer, 155/90 for the scan log, 55 feedback, 115 mesh, 160/161 for
    /// the re-zip).
    /// Returns the host action the outcome leads to.
    mutating func handleStorage(_ outcome: StorageOutcome, at t: Double) -> HostAction? {
        switch outcome {
        case .openFailed(.folder), .writeFailed(.folder):
            return abort(at: t, cause: .filePathNotFound)
        case .openFailed(.depthFrames):
            return abort(at: t, cause: .depthWriteStartFailed)
        case .writeFailed(.depthFrames):
            return abort(at: t, cause: .frameWriteFailed)
        case .openFailed(.scanLog):
            emit(.scanLogStartFailed, at: t)
            return continueZipping(at: t)
        case .writeFailed(.scanLog):
            // 3.x tells a log that could not be written (90) from one that could not be started (155);
            // 2.10 has one code for both (90, "Failed to start writing scan log").
            emit(sdk.code(for: .scanLogWriteFailed) != nil ? .scanLogWriteFailed : .scanLogStartFailed, at: t)
            return continueZipping(at: t)
        case .openFailed(.arkitData), .writeFailed(.arkitData):
            return abort(at: t, cause: .arkitDataWriteFailed)
        case .openFailed(.config), .writeFailed(.config):
            emit(.configWriteFailed, at: t)
            return continueZipping(at: t)
        case .openFailed(.zip), .writeFailed(.zip):
            // 3.x: the re-zip that failed is "Repairing the zip file failed" (160); 2.10: 51 either way.
            // A zip that could not be opened fails at once; one whose writing failed, when its attempt ends.
            guard case .zipping(let rezipped, let attemptStart) = state else { return nil }
            var end = t
            if case .writeFailed = outcome { end = zipAttempt(startedAt: attemptStart) }
            if rezipped, sdk.code(for: .rezipFailed) != nil {
                return abort(at: end, cause: .rezipFailed)
            }
            return abort(at: end, cause: .zipFailed)
        case .openFailed(.feedback), .writeFailed(.feedback):
            // 3.x: 55 "The feedback file could not be written"; 2.10 has no code (logged).
            reportNonFatalWriteFailure(.feedback, .feedbackWriteFailed, at: t)
            return continueZipping(at: t)
        case .openFailed(.mesh), .writeFailed(.mesh):
            // 3.x: 115 "The scene mesh file could not be written"; 2.10 has no code (logged).
            reportNonFatalWriteFailure(.mesh, .sceneMeshWriteFailed, at: t)
            return continueZipping(at: t)
        case .openFailed(let file), .writeFailed(let file):
            log("Failed to write \(file.rawValue); the bundle is saved without it", at: t)
            return continueZipping(at: t)
        case .filesWritten:
            return continueZipping(at: t)
        case .zipInvalid:
            guard case .zipping(let rezipped, let attemptStart) = state else { return nil }
            let end = zipAttempt(startedAt: attemptStart)
            if rezipped {
                // 3.x: "The repaired zip was invalid" (161); 2.10: 51 "Zipping the scan failed".
                return abort(at: end, cause: sdk.code(for: .rezipValidationFailed) != nil ? .rezipValidationFailed : .zipFailed)
            }
            // The re-zip starts when the invalid attempt ends.
            state = .zipping(rezipped: true, attemptStart: end)
            emit(.zipInvalid, at: end)
            return .rezip
        case .zipped(let path):
            guard case .zipping(_, let attemptStart) = state else { return nil }
            // Zipping runs in the background for the modelled time: 7 and 5 when it ends.
            let end = zipAttempt(startedAt: attemptStart)
            emit(.zipped, at: end, parameters: EventParameters(zipPath: path))
            emit(.finished, at: end)
            state = .finished
            return nil
        }
    }
}
