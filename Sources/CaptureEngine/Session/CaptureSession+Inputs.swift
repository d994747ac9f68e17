extension CaptureSession {
    // MARK: System samples

    /// Thermal (70-73), low power (74/75), processors (76), memory (77), storage (78). The first sample
    /// reports everything it carries ("the SDK always calls the delegate with first measured system
    /// monitor values"); later ones report changes.
    mutating func handleSystem(_ sample: SystemSample, at t: Double) {
        let first = !systemStarted
        systemStarted = true
        if let thermal = sample.thermal, first || thermal != lastThermal {
            lastThermal = thermal
            record.thermalHistory.append((t, thermal))
            let code: EventCode = switch thermal {
            case .nominal: .thermalNominal
            case .fair: .thermalFair
            case .serious: .thermalSerious
            case .critical: .thermalCritical
            }
            emit(code, at: t)
            if thermal == .critical, configuration.reconstructsScene, record.reconstructionShutDownAt == nil {
                record.reconstructionShutDownAt = t
                log("Thermal state critical: scene reconstruction shut down, no mesh will be saved", at: t)
            }
        }
        if let lowPower = sample.lowPowerMode {
            if first ? lowPower : lowPower != (lastLowPower ?? false) {
                emit(lowPower ? .lowPowerOn : .lowPowerOff, at: t)
            }
            lastLowPower = lowPower
        }
        if sample.activeProcessors != nil || sample.processorCount != nil {
            let active = sample.activeProcessors ?? lastProcessors.active
            let total = sample.processorCount ?? lastProcessors.total
            if active != lastProcessors.active || total != lastProcessors.total {
                lastProcessors = (active, total)
                record.activeProcessors = active
                record.processorCount = total
                emit(.processorCount, at: t, parameters: EventParameters(activeProcessors: active ?? total,
                                                                          processorCount: total ?? active))
            }
        }
        if sample.memoryWarning { emit(.memoryWarning, at: t) }
        if tapsSignals, sample.storageFreeBytes != nil { signals.storageMinutesLeft = .nan }
        if let free = sample.storageFreeBytes, configuration.options.storageWarnings,
           phase == .recording || phase == .relocating {
            let warning = storage.update(freeBytes: free, time: t)
            if tapsSignals { signals.storageMinutesLeft = storage.measuredMinutesLeft }
            if let warning {
                emit(.storageLow, at: t, parameters: EventParameters(minutesLeft: warning.minutes), trace: warning.trace)
            }
        }
    }

    // MARK: User actions

    mutating func handleUser(_ action: UserAction, at t: Double) {
        switch action {
        case .recordPressed:
            pressRecord(at: t)
        case .stopConfirmed:
            guard stopRequested, phase == .recording || phase == .relocating || phase == .backgrounded else {
                log("Stop confirmed without a stop request: ignored", at: t)
                return
            }
            finishRecording(at: t)
        case .stopCancelled:
            if stopRequested { log("Stop cancelled, recording continues", at: t) }
            stopRequested = false
        case .background:
            goToBackground(at: t)
        case .foreground:
            guard phase == .backgrounded else {
                log("App in foreground", at: t)
                return
            }
            log("App back in foreground", at: t)
            phase = .recording
            startRelocation(cause: .background, at: t)
        case .speechStarted, .speechResults, .speechChosen, .speechCancelled, .speechAborted:
            handleSpeech(action, at: t)
        }
    }

    mutating func pressRecord(at t: Double) {
        switch phase {
        case .ready:
            startRecording(at: t)
        case .waitingForLandscape:
            if configuration.landscapeGating {
                log("Record pressed while not in landscape-right: ignored", at: t)
            } else {
                startRecording(at: t)
            }
        case .recording, .relocating, .backgrounded:
            stopRequested = true
            log("Record pressed again: asking to confirm stop", at: t)
        case .writing, .zipping, .finished, .aborted:
            break
        }
    }

    mutating func startRecording(at t: Double) {
        phase = .recording
        record.recordingStart = t
        lastRecordedFrameTime = nil
        lastTracking = .normal
        normalTrackingSince = nil
        resetDetectors()
        storage.reset()
        emit(.recordingStarted, at: t)
        output.action = .startRecordingFiles
    }

    /// Stop confirmed: 2 with enough data (the host writes and zips), otherwise 3 and 5.
    mutating func finishRecording(at t: Double) {
        stopRequested = false
        if phase == .relocating { endRelocation(at: t, recovered: false) }
        record.recordingEnd = t
        closeAllFeedback(at: t)
        let rule = configuration.thresholds.recording
        if record.recordedSeconds >= rule.minimumSeconds - Tolerance.seconds,
           record.normalTrackingSeconds >= rule.minimumNormalTrackingSeconds - Tolerance.seconds {
            emit(.finishedWithEnoughData, at: t)
            phase = .writing
            output.action = .writeScanFiles
        } else {
            log("Recorded \(NumberFormatting.fixed(record.recordedSeconds, decimals: 1)) s, \(NumberFormatting.fixed(record.normalTrackingSeconds, decimals: 1)) s with normal tracking; need \(NumberFormatting.compact(rule.minimumSeconds)) s and \(NumberFormatting.compact(rule.minimumNormalTrackingSeconds)) s", at: t)
            emit(.finishedNotEnoughData, at: t)
            emit(.finished, at: t)
            phase = .finished
            output.action = .removeScanFiles
        }
    }

    mutating func goToBackground(at t: Double) {
        switch phase {
        case .recording, .relocating:
            if phase == .relocating { endRelocation(at: t, recovered: false) }
            closeAllFeedback(at: t)
            guard configuration.options.backgroundResume else {
                abort(at: t, cause: .backgroundAborted)
                return
            }
            log("App in background: will relocate on return", at: t)
            phase = .backgrounded
            lastRecordedFrameTime = nil
        default:
            log("App in background", at: t)
        }
    }

    // MARK: Room labels by speech

    /// 47/48/49 on first use, 40 listening, 41 results, 42 chosen / 43 cancelled / 44 aborted /
    /// 45 none / 46 all too long. Labels are recorded with time and pose.
    mutating func handleSpeech(_ action: UserAction, at t: Double) {
        guard configuration.options.speechRecognition else {
            log("Speech recognition is off: ignored", at: t)
            return
        }
        guard phase == .recording else {
            log("Speech input while not recording: ignored", at: t)
            return
        }
        switch (action, speech) {
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
            speech = .listening
            emit(.speechListening, at: t)
        case (.speechResults(let results), .listening):
            let maximum = configuration.thresholds.speech.maximumLabelLength
            let usable = results.filter { $0.count <= maximum }
            if results.isEmpty {
                speech = .idle
                emit(.speechNoResults, at: t)
            } else if usable.isEmpty {
                speech = .idle
                emit(.speechResultsTooLong, at: t)
            } else {
                speech = .showingResults(usable)
                emit(.speechResults, at: t)
            }
        case (.speechChosen(let index), .showingResults(let results)):
            guard results.indices.contains(index) else {
                log("Chosen result \(index) does not exist (\(results.count) shown): ignored", at: t)
                return
            }
            speech = .idle
            record.roomLabels.append(RoomLabel(label: results[index], time: t, pose: lastPose))
            emit(.speechChosen, at: t, parameters: EventParameters(label: results[index]))
        case (.speechCancelled, .showingResults):
            speech = .idle
            emit(.speechCancelled, at: t)
        case (.speechAborted, .listening):
            speech = .idle
            emit(.speechAborted, at: t)
        default:
            log("Speech input out of sequence: ignored", at: t)
        }
    }

    // MARK: Storage outcomes

    /// After the files were written (a non-fatal failure among them is reported first): zip them.
    mutating func continueZipping(at t: Double) {
        guard phase == .writing else { return }
        phase = .zipping
        output.action = .zip
    }

    /// The host's file operations: 54/56/57/58/59/90 on failures, 53 and one re-zip, 51, 7 and 5.
    mutating func handleStorage(_ outcome: StorageOutcome, at t: Double) {
        switch outcome {
        case .openFailed(.folder), .writeFailed(.folder):
            abort(at: t, cause: .filePathNotFound)
        case .openFailed(.depthFrames):
            abort(at: t, cause: .depthWriteStartFailed)
        case .writeFailed(.depthFrames):
            abort(at: t, cause: .frameWriteFailed)
        case .openFailed(.scanLog), .writeFailed(.scanLog):
            emit(.scanLogStartFailed, at: t)
            continueZipping(at: t)
        case .openFailed(.arkitData), .writeFailed(.arkitData):
            abort(at: t, cause: .arkitDataWriteFailed)
        case .openFailed(.config), .writeFailed(.config):
            emit(.configWriteFailed, at: t)
            continueZipping(at: t)
        case .openFailed(.zip), .writeFailed(.zip):
            abort(at: t, cause: .zipFailed)
        case .openFailed(let file), .writeFailed(let file):
            log("Failed to write \(file.rawValue); the bundle is saved without it", at: t)
            continueZipping(at: t)
        case .filesWritten:
            continueZipping(at: t)
        case .zipInvalid:
            guard phase == .zipping else { return }
            if rezipped {
                abort(at: t, cause: .zipFailed)
            } else {
                rezipped = true
                emit(.zipInvalid, at: t)
                output.action = .rezip
            }
        case .zipped(let path):
            guard phase == .zipping else { return }
            emit(.zipped, at: t, parameters: EventParameters(zipPath: path))
            emit(.finished, at: t)
            phase = .finished
        }
    }
}
