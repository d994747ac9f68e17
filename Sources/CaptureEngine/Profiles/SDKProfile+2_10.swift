extension SDKProfile {
    /// CubiCapture 2.10's table (seed 000, "The event codes"): each meaning's number, message text
    /// (`messenger(_:errorCode:message:)`, filled in from the event's parameters where the code carries
    /// some: zip path, chosen label, processor counts, minutes of storage left), verbatim description,
    /// severity, error sound and warning priority; nil for the meanings only later versions have.
    ///
    /// Severity: the codes whose description says the scan files are deleted (plus the relocation and
    /// background aborts) are errors; warnings shown to the person and non-fatal failures are warnings;
    /// the rest is status information. 78 (storage) is information here: a report of the minutes left;
    /// the session makes the one under ``Thresholds/Storage/warningMinutes`` a warning (``Event/severity``).
    ///
    /// Error sound: it plays when motion tracking is lost (8, 9), and only when tracking was normal
    /// before, "to avoid playing the error sound multiple times in a row" (Android SDK 2.10.1 README,
    /// CubiCasa/cubicasa-android-sdk-example-project at 4496c7d, README.md, "Warning sound" and status
    /// code 18; the iOS 2.3.1 release notes added 18 "to match Android SDK statuses"). The session
    /// applies the "tracking was normal before" part where it emits 8 and 9.
    ///
    /// Warning priorities (Android SDK 2.10.1 README, "About warning priorities"): 1 not tracking, 2 rotate
    /// device, 3 sideways walking, fast movement, too close, 4 ceiling, floor and horizontal scanning
    /// ("ceiling warning will override horizontal warning, although they have the same priority level");
    /// too far (an iOS-only warning) joins too close (guess).
    static func row2_10(_ meaning: EventMeaning) -> EventCodeRow? {
        func row(_ code: Int, _ message: EventMessage, _ severity: EventSeverity, errorSound: Bool = false,
                 priority: Int? = nil, prioritySource: String = "Android README, \"About warning priorities\"",
                 _ documentation: String) -> EventCodeRow {
            var source = "seed 000, \"The event codes\""
            if errorSound { source += "; error sound: Android README, \"Warning sound\"" }
            if priority != nil { source += "; priority: " + prioritySource }
            return EventCodeRow(code: code, name: nil, message: message, documentation: documentation, severity: severity,
                                playsErrorSound: errorSound, warningPriority: priority, source: source)
        }
        return switch meaning {
        case .landscape: row(0, "Device in landscape orientation", .info, "Received when the device is in landscape orientation. This is usually the first status code received when the device is turned to landscape orientation in order to start recording. The scanning cannot be started if the device is not in landscape orientation.")
        case .recordingStarted: row(1, "Recording started", .info, "Received when the record button is pressed for the first time and scan is started.")
        case .finishedWithEnoughData: row(2, "Recording finished, saving the scan files", .info, "Received when the record button is pressed for the second time and scan has enough data. The saving of the scan files begins after this.")
        case .finishedNotEnoughData: row(3, "Finished recording - Not enough data", .info, "Finished recording - Not enough data.")
        case .finished: row(5, "Finished recording - CubiCapture is finished", .info, "Finished recording - CubiCapture is finished. You can now finish your scanning controller.")
        case .zipped: row(7, .filled { "Zipping finished: \($0.zipPath ?? "")" }, .info, "Received when the zipping of the scan files is finished. The description will contain a path to the zip file. You also get the path from zippedDataLocation(_ controller: CCCapture, location: URL) delegate method.")
        case .trackingInsufficientLight: row(8, "ARKit tracking failure: insufficient light", .warning, errorSound: true, priority: 1, "ARKit tracking failure Insuffient light. Received when ARKit motion tracking is lost due to poor lighting conditions.")
        case .trackingExcessiveMotion: row(9, "ARKit tracking failure: excessive motion", .warning, errorSound: true, priority: 1, "ARKit tracking failure excessive motion. Received when the device is moving excessively")
        case .drifted: row(13, "Scan drifted! Position changed by over 10 meters during 2 second interval", .error, "Scan drifted! Position changed by over 10 meters during 2 second interval. The scan files will be deleted and CubiCapture will be finished.")
        case .scanRemoved: row(15, "Error, removing scan", .error, "Error, removing scan. Received when the scan is not successful. The scan files are deleted and CubiCapture will be finished.")
        case .reverseLandscape: row(17, "Device in reverse-landscape orientation", .warning, priority: 2, "Received when the device is in reverse-landscape orientation and if the device has been in landscape orientation at least once.")
        case .errorSound: row(18, "Playing error sound", .warning, "Playing error sound.")
        case .scanningFloor: row(21, "Scanning floor", .warning, priority: 4, "Received when the pitch of the camera has been too low for a certain amount of time (Scanning floor).")
        case .scanningCeiling: row(22, "Scanning ceiling", .warning, priority: 4, "Scanning ceiling.")
        case .notScanningFloorOrCeiling: row(23, "Not scanning ceiling or floor", .info, "Not scanning ceiling or floor. Received when the pitch of the camera is valid again.")
        case .notWrongOrientation: row(24, "Not wrong orientation anymore", .info, "Not wrong orientation anymore.")
        case .notScanningCeiling: row(26, "Not scanning ceiling", .info, "Not scanning ceiling.")
        case .notWalkingSideways: row(27, "Not walking sideways anymore", .info, "Not walking sideways anymore")
        case .trackingNormal: row(28, "Scanning state back to normal", .info, "Scanning state back to normal")
        case .walkingSidewaysLeft: row(29, "Walking sideways. Displaying left warning", .warning, priority: 3, "Walking sideways. Displaying left warning")
        case .walkingSidewaysRight: row(30, "Walking sideways. Displaying right warning", .warning, priority: 3, "Walking sideways. Displaying right warning")
        case .horizontalScanning: row(31, "Horizontal scanning", .warning, priority: 4, "Horizontal scanning")
        case .notHorizontalScanning: row(32, "Not scanning horizontally anymore", .info, "Not scanning horizontally anymore")
        case .speechListening: row(40, "Started listening for speech", .info, "Started listening for speech.")
        case .speechResults: row(41, "Listening finished, displaying recognition results.", .info, "Listening finished, displaying recognition results.")
        case .speechChosen: row(42, .filled { "Recognition result '\($0.label ?? "")' was chosen." }, .info, "Recognition result '' was chosen.")
        case .speechCancelled: row(43, "Recognition results canceled.", .info, "Recognition results canceled.")
        case .speechAborted: row(44, "Speech recognition aborted.", .info, "Speech recognition aborted.")
        case .speechNoResults: row(45, "No speech recognition results.", .info, "No speech recognition results.")
        case .speechResultsTooLong: row(46, "All recognition results over the max length of 40 characters.", .info, "All recognition results over the max length of 40 characters.")
        case .microphonePermissionRequested: row(47, "Requesting RECORD_AUDIO permission", .info, "Requesting RECORD_AUDIO permission.")
        case .microphonePermissionGranted: row(48, "User granted RECORD_AUDIO permission", .info, "User granted RECORD_AUDIO permission.")
        case .microphonePermissionDenied: row(49, "User denied RECORD_AUDIO permission", .info, "User denied RECORD_AUDIO permission.")
        case .zipFailed: row(51, "Zipping the scan failed", .error, "Zipping the scan failed. The scan files will be deleted and CubiCapture will be finished.")
        case .zipInvalid: row(53, "Invalid zip archive, attempting rezipping", .warning, "Invalid zip archive, attempting rezipping")
        case .arkitDataWriteFailed: row(54, "Failed to write arkitdata to file", .error, "Failed to write arkitdata to file. The scan files will be deleted and CubiCapture will be finished.")
        case .configWriteFailed: row(56, "Failed to write config to file", .warning, "Failed to write config to file")
        case .depthWriteStartFailed: row(57, "Failed to start write depth data to file", .error, "Failed to start write depth data to file")
        case .filePathNotFound: row(58, "Could not find filepath", .error, "Could not find filepath.")
        case .frameWriteFailed: row(59, "Depth map or AVasset writer could not take frames in", .error, "Depth map or AVasset writer could not take frames in. Received when there was an error in writing the data to disk.")
        case .invalidPose: row(66, "Unable to get correct values for the device's position.", .error, "Unable to get correct values for the device's position.")
        case .thermalNominal: row(70, "Thermal state nominal", .info, "Thermal state nominal")
        case .thermalFair: row(71, "Thermal state fair", .info, "Thermal state fair")
        case .thermalSerious: row(72, "Thermal state serious", .info, "Thermal state serious")
        case .thermalCritical: row(73, "Thermal state critical", .warning, "Thermal state critical")
        case .lowPowerOn: row(74, "Low power mode activated", .info, "Low power mode activated")
        case .lowPowerOff: row(75, "Low power mode deactivated", .info, "Low power mode deactivated")
        case .processorCount: row(76, .filled { "Active processor count is \($0.activeProcessors ?? 0) of \($0.processorCount ?? 0)" }, .info, "Active processor count is X of Y")
        case .memoryWarning: row(77, "Received memory warning", .warning, "Received memory warning")
        case .storageLow: row(78, .filled { "Storage: \($0.minutesLeft ?? 0) minutes left" }, .info, "Storage: [minutes] minutes left")
        case .relocationTimedOut: row(80, "Relocation timed out", .error, "Relocation timed out.")
        case .noConfiguration: row(81, "No configuration found!", .error, "No configuration found!")
        case .noRelocationSnapshot: row(82, "No snapshot for relocation. Cannot relocate", .error, "No snapshot for relocation. Cannot relocate.")
        case .backgroundAborted: row(83, "Scanning aborted due to App going to the background", .error, "Scanning aborted due to App going to the background")
        case .tooClose: row(85, "Scanning too close", .warning, priority: 3, "Scanning too close")
        case .tooFar: row(86, "Scanning too far", .warning, priority: 3, prioritySource: "guess: too far, an iOS-only warning, joins too close", "Scanning too far")
        case .fastRotation: row(87, "Too fast rotations. Showing fast movement warning", .warning, priority: 3, "Too fast rotations. Showing fast movement warning.")
        case .distanceInRange: row(88, "Scanning distance back in acceptable range (proximity warning not shown anymore)", .info, "Scanning distance back in acceptable range (proximity warning not shown anymore)")
        case .scanLogStartFailed: row(90, "Failed to start writing scan log", .warning, "Failed to start writing scan log")
        case .wrongOrientationTooLong, .trackingInsufficientFeatures, .wrongOrientation, .feedbackWriteFailed, .notReceivingFrames, .tooManyFramesSkipped, .battery, .fileSizeCheckFailed, .scanLogWriteFailed, .incompatibleDevice, .deviceTooHot, .userAborted, .photoCaptureFailed, .photoLogWriteFailed, .sceneMeshWriteFailed, .noCameraPermission, .translationFrozen, .orientationFrozen, .translationAndOrientationFrozen, .angularDrift, .positionDrift, .forcedRelocationStarted, .automaticRelocationStarted, .relocationSucceeded, .sessionInterrupted, .sessionInterruptionEnded, .pauseFailedOnDrift, .pauseFailedOnBackground, .pauseFailedOnRelocate, .videoWriterSetupFailed, .videoWriterPauseFailed, .videoWriterUnpauseFailed, .videoFrameWriteFailed, .videoWriterEndFailed, .depthWriterEndFailed, .scanLogEndFailed, .rezipFailed, .rezipValidationFailed, .arkitDataReadFailed:
            nil
        }
    }
}

extension SDKBehaviour {
    /// CubiCapture 2.10: warnings are ranked (Android SDK 2.10.1 README, "About warning priorities").
    public static let v2_10 = SDKBehaviour(appliesWarningPriorities: true, portraitOnly: false, driftRelocates: false,
                                           reportsRelocation: false, interruptionResumes: false, splitsFrozenPose: false,
                                           tiltUpOnLiDAR: false, hasSpeech: true, reportsDelegateCalls: false,
                                           reportsTrackingNormal: true, abortsWhenTooHotToStart: false,
                                           pausesRecordingWhileRelocating: false)
}

extension RuleSource {
    /// Seed 000 is CubiCapture for iOS 2.10's documentation (its release notes, feature sections and
    /// "The event codes" table); "Android README" is CubiCasa/cubicasa-android-sdk-example-project at
    /// 4496c7d, README.md (Android SDK 2.10.1), whose codes the iOS 2.3.1 notes say iOS matched.
    static let v2_10: [RuleSource] = rules2_10(Thresholds())

    static func rules2_10(_ t: Thresholds) -> [RuleSource] { [
        RuleSource(codes: "all", rule: "numbers and descriptions of the 59 codes; message texts: the description where it reads as one (78 and 76 with their values)",
                   source: "seed 000, \"The event codes\"; the messages of 0, 1, 2, 7 and 17 are a guess (seed 000 says when they come, not what they say), and those of 8 and 9 mend its wording (\"Insuffient light\")"),
        RuleSource(codes: "all", rule: "severity: error where the description says the scan files are deleted (13, 15, 51, 54), plus the other codes that end the scan: the writers that fail (57, 58, 59), an invalid pose (66), relocation timed out/impossible (80-82) and background abort (83); warning for warnings shown and non-fatal failures; info otherwise",
                   source: "seed 000, \"The event codes\" (descriptions); 57-59, 66 and 80-83 as errors and the split of warning and info are a guess"),
        RuleSource(codes: "0, 17, 24", rule: "landscape-right (gravity within \(n(t.orientation.enterDegrees)) deg of the camera's axis, at least \(n(t.orientation.minimumInPlaneFraction)) g of it in the image plane) -> 0; reverse landscape after landscape -> 17; leaving it -> 24; record only in landscape-right",
                   source: "seed 000, codes 0 and 17; the angles are a guess (orientation.enterDegrees, orientation.minimumInPlaneFraction)"),
        RuleSource(codes: "1, 2, 3, 5", rule: "record -> 1; record again and confirm -> 2 with enough data (at least \(n(t.recording.minimumSeconds)) s recorded, \(n(t.recording.minimumNormalTrackingSeconds)) s of them with normal tracking), else 3",
                   source: "seed 000, \"Ending the scan\" and codes 1-5; what counts as enough data is a guess (recording.minimumSeconds, recording.minimumNormalTrackingSeconds)"),
        RuleSource(codes: "3, 15, 5", rule: "not enough data: 3, then 15 (files removed), then 5",
                   source: "Android README (inferred for iOS), \"Status codes\", 3: \"The scan files will be deleted (code 15) and CubiCapture will be finished after this (code 5)\""),
        RuleSource(codes: "2, 7, 5", rule: "enough data: 2; the files are written and zipped in the background: the recorded bytes (JSON, depth and the video's bytes per second of recording) over a phone's zip rate (storage.zipBytesPerSecond, 30 MB/s, 3e+07 B/s), progress every 10 % in the scan log; 7 and 5 when the zip ends (53 or 51 when an attempt ends invalid)",
                   source: "seed 000, codes 2, 7, 5 and 2.6.2 (\"Zipping is done in the background, with a progress percentage on screen\"); the rate is a guess (storage.zipBytesPerSecond), and so are the progress lines in the scan log (2.6.2 shows the percentage on screen)"),
        RuleSource(codes: "53, 51", rule: "invalid zip: 53 and one re-zip; invalid again: 51, abort",
                   source: "seed 000, 2.3.1 (\"Zip file check (and re-zip)\") and codes 51, 53; one re-zip is a guess"),
        RuleSource(codes: "13", rule: "displacement over \(n(t.drift.meters)) m within \(n(t.drift.intervalSeconds)) s -> 13; drift.action (default profile: abort under 2.10) says what follows: abort (13 an error, 15, 5) or relocate (13 a warning, then the relocation as after background: tracking flag set, 28 near a keyframe, 80 after relocation.timeoutSeconds)",
                   source: "seed 000, code 13: \"Scan drifted! Position changed by over 10 meters during 2 second interval. The scan files will be deleted and CubiCapture will be finished.\" (drift.meters, drift.intervalSeconds). The default is abort because the code table is the 2.10 authority and says the files are deleted; seed 000's 2.8.1 (the tracking flag follows \"SDK-initiated relocation (coming back from background, or drift detected)\") and 2.5.0 (\"Relocation will now trigger if the user mishandles the device\") describe drift-triggered relocation, which drift.action=relocate models"),
        RuleSource(codes: "8, 9, 28", rule: "tracking limited (light, motion) -> 8/9; back to normal -> 28",
                   source: "seed 000, codes 8, 9, 28; 2.4.1 (\"SDK calls delegate when tracking is back to normal\")"),
        RuleSource(codes: "18", rule: "error sound right after 8 or 9, only when tracking was normal before",
                   source: "Android README (inferred for iOS), \"Warning sound\" and \"Status codes\", 18; seed 000, 2.3.1 (18 added to match Android)"),
        RuleSource(codes: "21, 23", rule: "pitch below \(n(t.floor.pitchDegrees)) deg for \(n(t.floor.holdSeconds)) s -> 21; back above \(n(t.floor.pitchDegrees + t.floor.hysteresisDegrees)) deg (\(n(t.floor.hysteresisDegrees)) deg of hysteresis) -> 23",
                   source: "seed 000, codes 21, 23 (\"for a certain amount of time\"); the numbers are a guess (floor.pitchDegrees, floor.holdSeconds, floor.hysteresisDegrees)"),
        RuleSource(codes: "22, 26, 23", rule: "pitch above \(n(t.ceiling.pitchDegrees)) deg for \(n(t.ceiling.holdSeconds)) s -> 22; back below \(n(t.ceiling.pitchDegrees - t.ceiling.hysteresisDegrees)) deg -> 26 (warning hidden) and 23 (pitch valid again); off on LiDAR devices",
                   source: "seed 000, 2.9.3 (off for LiDAR) and codes 22, 23, 26; Android README (inferred for iOS), 23 (\"the ceiling or the floor warning is hidden\"); emitting both 26 and 23 and the numbers are a guess (ceiling.*)"),
        RuleSource(codes: "31, 32", rule: "|pitch| under \(n(t.horizontal.levelDegrees)) deg for \(n(t.horizontal.holdSeconds)) s -> 31; over \(n(t.horizontal.levelDegrees + t.horizontal.hysteresisDegrees)) deg -> 32",
                   source: "seed 000, codes 31, 32; the numbers are a guess (horizontal.*)"),
        RuleSource(codes: "29, 30, 27", rule: "horizontal speed >= \(n(t.sideways.minimumSpeedMetersPerSecond)) m/s, >= \(n(t.sideways.lateralFraction * 100)) % across the view in the horizontal plane (whatever the phone's roll; the camera's left/right axis only when the view is within 30 degrees of vertical), for \(n(t.sideways.holdSeconds)) s -> 29/30; shown while >= \(n(t.sideways.exitSpeedMetersPerSecond)) m/s and at least \(n(t.sideways.minimumDisplaySeconds)) s; then 27",
                   source: "seed 000, codes 27, 29, 30; Android README (inferred for iOS), 27 (\"always displayed for at least a certain amount of time\"); the numbers and the exit speed are a guess (sideways.*)"),
        RuleSource(codes: "87", rule: "yaw rate over \(n(t.fastRotation.windowSeconds)) s above \(n(t.fastRotation.degreesPerSecond)) deg/s -> 87; shown at least \(n(t.fastRotation.minimumDisplaySeconds)) s, ends when slow again; each new fast turn warns again",
                   source: "seed 000, code 87; Android README (inferred for iOS), 89 (\"always displayed for at least a certain amount of time\"); the numbers are a guess (fastRotation.*)"),
        RuleSource(codes: "85, 86, 88", rule: "too close / too far from the depth map for \(n(t.proximity.holdSeconds)) s -> 85/86; back in range for \(n(t.proximity.clearSeconds)) s -> 88",
                   source: "seed 000, codes 85, 86, 88 and 2.5.0; the numbers are a guess (proximity.*)"),
        RuleSource(codes: "17, 21, 22, 29, 30, 31, 85, 86, 87", rule: "warning priorities: 1 tracking (8, 9), 2 rotate device (17), 3 sideways, fast rotation, too close, too far, 4 ceiling, floor, horizontal (ceiling over horizontal). A warning that fires while a higher one shows is kept hidden (no code, no feedback item); once nothing higher shows and its condition still holds it is shown: its code once, at that time (after its own hold time), with what its detector measures then. A warning shown hides every lower one showing (its feedback item ends, no code) to show it again likewise. A hidden warning whose condition ends gives no clearing code then; if the app had been shown it before it was hidden, its clearing code comes once nothing higher shows (a warning the app saw is never left on)",
                   source: "Android README (inferred for iOS), \"About warning priorities\": \"Higher priority warnings will override and hide any lower priority warning in order to only show the higher priority warning. As an exception, ceiling warning will override horizontal warning, although they have the same priority level\"; 21 and 22: \"Only received if there's no higher priority warnings visible\". Too far in group 3, no code when a warning is overridden, its code again when it shows again and the deferred clearing code are a guess"),
        RuleSource(codes: "80, 82, 28", rule: "tracking not available, back from background or (drift.action relocate) drift -> relocate; normal tracking near a keyframe -> 28; \(n(t.relocation.timeoutSeconds)) s -> 80; no keyframe yet -> 82. The synthetic phone reports limited(relocalizing) for device.relocalizingSeconds (2 s) after the background, so 28 comes after that",
                   source: "seed 000, \"Relocating After Loss of Tracking\" (\"prompting the user to return to a previously scanned area, so that the SDK can reestablish tracking. If the relocation is not successful in 60 seconds the scan is aborted\") and 2.4.1; the keyframe numbers are a guess (relocation.*), the relocalizing time too (scene device.relocalizingSeconds)"),
        RuleSource(codes: "81", rule: "not emitted: \"No configuration found!\" is a failure of ARKit's session configuration, which no input of the simulator stands for",
                   source: "seed 000, code 81 (\"No configuration found!\"); README 3.1.3, 81 (\"There is no ARSession configuration (internal iOS error)\")"),
        RuleSource(codes: "-", rule: "tracking flag in arkitData.json: set by the relocations after background and after drift (drift.action relocate), not by ARKit's own (tracking lost)",
                   source: "seed 000, 2.8.1 (\"only keeps track of SDK-initiated relocation (coming back from background, or drift detected), not ARKit-internal relocation\")"),
        RuleSource(codes: "83", rule: "background while recording without backgroundResume -> 83, abort",
                   source: "seed 000, option backgroundResume and code 83"),
        RuleSource(codes: "66", rule: "transform frozen for \(n(t.poseValidity.frozenSeconds)) s with normal tracking, or non-finite -> 66, abort",
                   source: "seed 000, 2.8.1 (\"Abort scan if ARKit camera transform freezes\"); reporting it with 66 (\"Unable to get correct values for the device's position\") and 1 s are a guess (poseValidity.frozenSeconds)"),
        RuleSource(codes: "70-77", rule: "the first system sample reports thermal state, low power (on or off) and processors; later samples report changes",
                   source: "seed 000, 2.4.1 (\"SDK always calls delegate with first measured system monitor values\") and codes 70-77"),
        RuleSource(codes: "-", rule: "thermal critical shuts scene reconstruction down (no mesh)",
                   source: "seed 000, \"Scene Reconstruction\""),
        RuleSource(codes: "78", rule: "with storageWarnings: 78 at the first system sample with the minutes free storage allows at the rate recording writes at the session's settings (JSON per frame, depth on the frames that carry it, the video's bytes per second; a default scene's 1.78 MB/s); while recording every \(n(t.storage.reportIntervalSeconds)) s at the scan's measured rate (the fall of free storage over at least \(n(t.storage.minimumRateWindowSeconds)) s, video included); and under \(n(t.storage.warningMinutes)) minutes at once, again each whole minute lost. A report is info; under \(n(t.storage.warningMinutes)) minutes it is a warning",
                   source: "seed 000, option storageWarnings (\"inform the app about remaining file system storage and warn the user when less than 10 minutes remain\"); Android README (inferred for iOS), 78 (\"Received once on start when the fragment's activity has been created and in certain intervals during a scan while recording\", minutes: \"an estimation in minutes of the maximum scan length the device can store\"), its cc_low_storage_text (\"Shown ... in certain intervals during a scan if the estimation of the maximum scan length the device can store is less than 10 minutes\") and \"Get available storage space estimation\"; iOS 2.10 interface availableScanMinutes(); the SDK's own estimate is not documented: assuming its own write rate is a guess, as are the interval and the rate window (storage.reportIntervalSeconds, storage.minimumRateWindowSeconds)"),
        RuleSource(codes: "59", rule: "free storage at or below \(n(t.storage.outOfSpaceBytes)) B (\(n(t.storage.outOfSpaceBytes / 1000)) kB) while recording: the write fails -> 59, abort",
                   source: "seed 000, code 59 (\"an error in writing the data to disk\"); Android README (inferred for iOS), 2.8.0 (\"Aborting scan when device runs out of storage space\", its code 79); that running out is 59 (its description names no cause) and the byte limit are a guess (storage.outOfSpaceBytes)"),
        RuleSource(codes: "51-59, 90", rule: "file failures: 58, 57, 59, 54, 51 abort (a failed re-zip too); 56 and 90 (the scan log not started or not written) are reported and the scan is zipped; feedback.json and the mesh have no code (a scan-log line)",
                   source: "seed 000, codes 51-59, 90 (51 and 54: their descriptions say the files are deleted); that 57, 58 and 59 abort is a guess"),
        RuleSource(codes: "15, 5", rule: "the view closed before the scan is saved: 15, 5 (files removed)",
                   source: "guess: seed 000 documents no code for closing the view; 3.x reports it as user aborted (110)"),
        RuleSource(codes: "40-49", rule: "speech: 47 then 48/49 on first use; 40, 41/45/46, 42/43/44; labels over \(t.speech.maximumLabelLength) characters unusable",
                   source: "seed 000, codes 40-49"),
        RuleSource(codes: "-", rule: "battery charge, camera permission denied, frames not arriving or skipped: no code; a denied camera is logged and the session sees no frames",
                   source: "seed 000, \"The event codes\" (no battery, camera permission or frame delivery code; 3.x added 79, 120, 62, 63)"),
    ] }
}
