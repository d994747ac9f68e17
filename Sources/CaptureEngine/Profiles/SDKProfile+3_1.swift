extension SDKProfile {
    /// CubiCapture 3.1.3's table: each meaning's number, `CubiCaptureEventType` name and description (the
    /// "Capture Events" table of the iOS example project's README at 3.1.3,
    /// CubiCasa/cubicasa-ios-sdk-example-project at e288617, and `CubiCaptureEventType` in the 3.1.3
    /// interface, CubiCasa/ios-sdk-distribution at 3d9f9fe), severity and warning priority; nil where
    /// 3.x has no such code (landscape 0, finished 5, drift 13, files removed 15, error sound 18, ceiling
    /// hidden 26, horizontal 31/32, speech 40-49, low power 74/75, background abort 83, too far 86).
    ///
    /// Message (`CubiCaptureEvent.message`): the public text gives no messages, only the README's
    /// descriptions: the message is the description, with the values the code carries filled in (zip
    /// path, minutes of storage, battery percentage, processor counts) (guess).
    ///
    /// Severity (`CubiCaptureEventSeverity`: info, warning, error; "When an event of severity `error`
    /// happens, the scan is aborted and the SDK will remove all files it has created", README "Errors").
    /// The README gives no per-code list: errors are the codes whose description is a failure the scan
    /// cannot go on from (plus 4, whose scan "being terminated after a short time" the README's "Device
    /// Orientation" states, 110, which the example's `didAbortScan` handles, and 3, a scan too short to
    /// keep); warnings are what is shown to the person or fails without stopping the scan; the rest is
    /// information (guess, except where stated). 78 (storage) is information here; the session makes the
    /// one under ``Thresholds/Storage/warningMinutes`` a warning (``Event/severity``).
    ///
    /// No error sound: 18 is not in the "Capture Events" table. Warning priorities: no 3.x text ranks
    /// warnings; the groups of 2.10 (Android SDK 2.10.1 README, "About warning priorities") are kept,
    /// with insufficient features (10) among the tracking warnings and the wrong orientation (17) in
    /// place of reverse landscape (guess).
    static func row3_1(_ meaning: EventMeaning) -> EventCodeRow? {
        func row(_ code: Int, _ name: String, _ severity: EventSeverity, priority: Int? = nil, message: EventMessage? = nil,
                 _ documentation: String) -> EventCodeRow {
            var source = "README 3.1.3, \"Capture Events\"; interface 3.1.3, `CubiCaptureEventType`"
            if priority != nil { source += "; priority: guess (2.10's groups, Android README, \"About warning priorities\")" }
            return EventCodeRow(code: code, name: name, message: message ?? .text(documentation), documentation: documentation,
                                severity: severity, playsErrorSound: false, warningPriority: priority, source: source)
        }
        return switch meaning {
        case .recordingStarted: row(1, "startedCapture", .info, "Scanning has started")
        case .finishedWithEnoughData: row(2, "finishedCapture", .info, "Scanning completed")
        case .finishedNotEnoughData: row(3, "notEnoughData", .error, "The scanning duration is too short")
        case .zipped: row(7, "zippingDone", .info, message: .filled { "The zip file with the scan data was created successfully: \($0.zipPath ?? "")" }, "The zip file with the scan data was created successfully")
        case .trackingInsufficientLight: row(8, "insufficientLight", .warning, priority: 1, "Tracking limited due to insufficient light")
        case .trackingExcessiveMotion: row(9, "excessiveMotion", .warning, priority: 1, "Tracking limited due to excessive device movement")
        case .scanningFloor: row(21, "tiltTooFarDown", .warning, priority: 4, "The device is tilted too far downward")
        case .scanningCeiling: row(22, "tiltTooFarUp", .warning, priority: 4, "The device is tilted too far upward")
        case .notScanningFloorOrCeiling: row(23, "tiltOptimal", .info, "The devie tilt angle is within the acceptable range")
        case .notWrongOrientation: row(24, "validOrientation", .info, "The device is being held in the correct orientation")
        case .notWalkingSideways: row(27, "notWalkingSideways", .info, "The device is no longer moving sideways")
        case .trackingNormal: row(28, "scanningStateNormal", .info, "The scanning state is back to normal (after relocation)")
        case .walkingSidewaysLeft: row(29, "walkingSidewaysLeft", .warning, priority: 3, "The device is moving sideways to the left")
        case .walkingSidewaysRight: row(30, "walkingSidewaysRight", .warning, priority: 3, "The device is moving sideways to the right")
        case .zipFailed: row(51, "failedToZip", .error, "The zip archive could not be created")
        case .zipInvalid: row(53, "invalidZipArchive", .warning, "The zip archive could not be read")
        case .arkitDataWriteFailed: row(54, "writeArkitDataFailed", .error, "The position and orientation data file could not be written")
        case .configWriteFailed: row(56, "writeConfigFailed", .warning, "The scan configuration file could not be written")
        case .depthWriteStartFailed: row(150, "depthWriterSetupFailed", .error, "The depth data writing could not be started")
        case .filePathNotFound: row(58, "filePathNotFound", .error, "The specified file path could not be opened")
        case .frameWriteFailed: row(151, "depthWriterWriteFrameFailed", .error, "The depth data frame could not be written")
        case .invalidPose: row(200, "arSessionError", .error, "The ARSession gave an error")
        case .thermalNominal: row(70, "thermalStateNominal", .info, "The device temperature is normal")
        case .thermalFair: row(71, "thermalStateFair", .info, "The device temperature is elevated but acceptable")
        case .thermalSerious: row(72, "thermalStateSerious", .warning, "The device temperature is very high, scan quality will be compromised")
        case .thermalCritical: row(73, "thermalStateCritical", .warning, "The device temperature is criticially high, the device may shut down")
        case .processorCount: row(76, "activeProcessors", .info, message: .filled { "The number of active processor cores available to the app: \($0.activeProcessors ?? 0) of \($0.processorCount ?? 0)" }, "The number of active processor cores available to the app")
        case .memoryWarning: row(77, "lowMemory", .warning, "The app has received a low-memory warning")
        case .storageLow: row(78, "storage", .info, message: .filled { "There are \($0.minutesLeft ?? 0) minutes of file system storage left" }, "There are X minutes of file system storage left")
        case .relocationTimedOut: row(80, "relocationTimeout", .error, "The relocation could not be completed in time")
        case .noConfiguration: row(81, "noArSessionConfig", .error, "There is no ARSession configuration (internal iOS error)")
        case .noRelocationSnapshot: row(82, "noRelocationSnapshot", .error, "There is no world map snapshot available for relocation")
        case .tooClose: row(85, "tooClose", .warning, priority: 3, "The device is too close to the scene (walls, furniture)")
        case .fastRotation: row(87, "fastTurning", .warning, priority: 3, "The device is being turned too rapidly")
        case .distanceInRange: row(88, "rangeNormal", .info, "The device is not too close to the scene anymore")
        case .scanLogStartFailed: row(155, "scanLogSetupFailed", .warning, "The scan log could not be started")
        case .wrongOrientationTooLong: row(4, "tooLongInWrongOrientation", .error, "The device was held in landscape mode for too long")
        case .trackingInsufficientFeatures: row(10, "insufficientFeatures", .warning, priority: 1, "Tracking limited due to a lack of visual features")
        case .wrongOrientation: row(17, "invalidOrientation", .warning, priority: 2, "The device is being held in the wrong orientation")
        case .feedbackWriteFailed: row(55, "writeFeedbackFailed", .warning, "The feedback file could not be written")
        case .notReceivingFrames: row(62, "notReceivingArFrames", .error, "There are no frames arriving from ARKit")
        case .tooManyFramesSkipped: row(63, "tooManyFramesSkipped", .warning, "Too many frames were skipped because the device is overloaded")
        case .battery: row(79, "battery", .info, message: .filled { "There is \($0.batteryPercent ?? 0)% of battery charge left" }, "There is X% of battery charge left")
        case .fileSizeCheckFailed: row(84, "fileSizeCheckFailed", .warning, "One or more files had an invalid file size")
        case .scanLogWriteFailed: row(90, "scanLogWriteFailed", .warning, "The scan log file could not be written")
        case .incompatibleDevice: row(106, "incompatibleDevice", .error, "This device cannot be used for scanning")
        case .deviceTooHot: row(107, "deviceTooHot", .error, "The device is too hot for scanning")
        case .userAborted: row(110, "userAborted", .error, "The user has aborted the scan")
        case .photoCaptureFailed: row(112, "photoCaptureFailed", .warning, "A photo could not be taken")
        case .photoLogWriteFailed: row(113, "photoLogWriteFailed", .warning, "The photo log file could not be written")
        case .sceneMeshWriteFailed: row(115, "sceneMeshWriteFailed", .warning, "The scene mesh file could not be written")
        case .noCameraPermission: row(120, "noCameraPermission", .error, "The user has not given permission to use the camera")
        case .translationFrozen: row(126, "cameraTranslationFrozen", .error, "The device position is not being updated (internal iOS error)")
        case .orientationFrozen: row(127, "cameraOrientationFrozen", .error, "The device orientation is not being updated (internal iOS error)")
        case .translationAndOrientationFrozen: row(128, "cameraTranslationAndOrientationFrozen", .error, "The device position and orientation are not being updated (internal iOS error)")
        case .angularDrift: row(129, "angularDriftDetected", .warning, "The device rotation is changing too fast, forcing a relocation")
        case .positionDrift: row(130, "positionDriftDetected", .warning, "The device position is changing too fast, forcing a relocation")
        case .forcedRelocationStarted: row(131, "startedForcedRelocation", .info, "Starting a forced relocation from the previous worldmap snapshot")
        case .automaticRelocationStarted: row(132, "startedAutomaticRelocation", .info, "Starting an automatic relocation (triggered by iOS)")
        case .relocationSucceeded: row(133, "relocationSuccessful", .info, "Relocation was completed successfully")
        case .sessionInterrupted: row(134, "arSessionInterrupted", .warning, "The session was interrupted (e.g., because the app was backgrounded)")
        case .sessionInterruptionEnded: row(135, "arSessionInterruptionEnded", .info, "The session is resuming")
        case .pauseFailedOnDrift: row(136, "pauseFailedOnDrift", .error, "The scan could not be paused when drift was detected")
        case .pauseFailedOnBackground: row(137, "pauseFailedOnBackground", .error, "The scan could not be paused when the app was backgrounded")
        case .pauseFailedOnRelocate: row(138, "pauseFailedOnRelocate", .error, "The scan could not be paused when relocation started")
        case .videoWriterSetupFailed: row(140, "videoWriterSetupFailed", .error, "The video file writing could not be started")
        case .videoWriterPauseFailed: row(141, "videoWriterPauseFailed", .error, "The video file writing could not be paused")
        case .videoWriterUnpauseFailed: row(142, "videoWriterUnpauseFailed", .error, "The video file writing could not be resumed")
        case .videoFrameWriteFailed: row(143, "videoWriterWriteFrameFailed", .error, "The video frame could not be written")
        case .videoWriterEndFailed: row(144, "videoWriterEndFailed", .error, "The video file writing could not be completed")
        case .depthWriterEndFailed: row(152, "depthWriterEndFailed", .error, "The depth data file writing could not be completed")
        case .scanLogEndFailed: row(156, "scanLogEndFailed", .warning, "The scan log could not be finished")
        case .rezipFailed: row(160, "rezipFailed", .error, "Repairing the zip file failed")
        case .rezipValidationFailed: row(161, "rezipValidationFailed", .error, "The repaired zip was invalid")
        case .arkitDataReadFailed: row(170, "readArkitDataFailed", .error, "The ARKitData could not be read when continuing a scan")
        case .landscape, .finished, .drifted, .scanRemoved, .reverseLandscape, .errorSound, .notScanningCeiling, .horizontalScanning, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .lowPowerOn, .lowPowerOff, .backgroundAborted, .tooFar:
            nil
        }
    }
}

extension SDKBehaviour {
    /// CubiCapture 3.1.3 (iOS example project README at 3.1.3: "Device Orientation", "Relocating After
    /// Loss of Tracking", "Errors", the event table; 2.13.4 notes): portrait only, drift relocates,
    /// interruptions resume, frozen pose split, tilt warnings on LiDAR, no speech, delegate calls, 28 only
    /// after a relocation, too hot to start (107), recording paused while relocating (136-138, 141/142).
    /// Warning ranks are kept from 2.10 (guess).
    public static let v3_1 = SDKBehaviour(appliesWarningPriorities: true, portraitOnly: true, driftRelocates: true,
                                          reportsRelocation: true, interruptionResumes: true, splitsFrozenPose: true,
                                          tiltUpOnLiDAR: true, hasSpeech: false, reportsDelegateCalls: true,
                                          reportsTrackingNormal: false, abortsWhenTooHotToStart: true,
                                          pausesRecordingWhileRelocating: true)
}

extension RuleSource {
    /// "README 3.1.3" is the iOS example project's README at 3.1.3 (CubiCasa/cubicasa-ios-sdk-example-project
    /// at e288617, README.md: "Release Notes", "Device Orientation", "Relocating After Loss of Tracking",
    /// "Ending the Scan", "Capture Events", "Errors"); "interface 3.1.3" is the 3.1.3 public interface
    /// (CubiCasa/ios-sdk-distribution at 3d9f9fe, CubiCapture.xcframework, arm64-apple-ios.swiftinterface,
    /// with version.json "3.1.3"); "example 3.1.3" is that project's CubiCaptureDemo/ScanCoordinator.swift.
    static let v3_1: [RuleSource] = rules3_1(Thresholds())

    static func rules3_1(_ t: Thresholds) -> [RuleSource] { [
        RuleSource(codes: "all", rule: "numbers and descriptions of the 75 codes; names of `CubiCaptureEventType` (fastRotation is `fastTurning` in the interface)",
                   source: "README 3.1.3, \"Capture Events\"; interface 3.1.3, `CubiCaptureEventType`; `photoMoveFailed` has no number in the README and is not modelled"),
        RuleSource(codes: "all", rule: "message text: the README's description, with the values the code carries",
                   source: "guess: the public text gives no message strings (`CubiCaptureEvent.message`)"),
        RuleSource(codes: "all", rule: "severity info / warning / error; an error aborts the scan and removes its files; no 15 or 5",
                   source: "README 3.1.3, \"Errors\"; interface 3.1.3, `CubiCaptureEventSeverity`; which code has which severity is a guess from the descriptions, except 4 (\"Device Orientation\"), 110 (example 3.1.3 handles it in `didAbortScan`) and 126-128 (2.8.1: abort when the transform freezes)"),
        RuleSource(codes: "7, errors", rule: "event JSON names the delegate call: `delegate` \"didCompleteScan\" with 7, \"didAbortScan\" with `canContinue` for an error: false, as every scan starts anew",
                   source: "interface 3.1.3, `CubiCaptureDelegate` (`didAbortScan(withEvent:canContinue:)`, no doc comment); README 3.1.3, \"Ending the Scan\", \"Errors\" (an error removes all files the SDK created; \"When continuing an existing scan fails, the existing scan data will not be removed\") and \"Continuing an Existing Scan\"; example 3.1.3 (\"You can try again to continue scanning from the existing scan\" when true): true needs an existing scan left on disk, and continuing a scan (`shouldContinueScan`) is not modelled"),
        RuleSource(codes: "17, 24, 4, 1", rule: "portrait only: another orientation -> 17, back to portrait -> 24; held wrong while recording for \(n(t.orientation.wrongOrientationAbortSeconds)) s -> 4, abort; record pressed in a wrong orientation starts the scan (1) and the \(n(t.orientation.wrongOrientationAbortSeconds)) s count from the press",
                   source: "README 3.1.3, \"Device Orientation\": \"the only supported scanning orientation is portrait. The option to scan in landscape has been removed completely and any attempts to scan in landscape will result in a warning shown on-screen and the scan being terminated after a short time\", and 2.13.4; the time is a guess (orientation.wrongOrientationAbortSeconds), so is starting the scan at such a press; the angles are 2.10's (orientation.*)"),
        RuleSource(codes: "1, 2, 3", rule: "record -> 1; record again and confirm -> 2 with enough data (files written, zipped: 7), else 3 (error: files removed)",
                   source: "README 3.1.3, \"Ending the Scan\" and codes 1-3, 7; 3 as an error and the enough-data rule are a guess (recording.*)"),
        RuleSource(codes: "130, 129, 131, 133, 28, 80", rule: "displacement over \(n(t.drift.meters)) m within \(n(t.drift.intervalSeconds)) s -> 130, or a rotation rate between frames over \(n(t.drift.degreesPerSecond)) deg/s -> 129; then (drift.action, default profile: relocate under 3.1) 131 and a relocation: near a keyframe -> 133 then 28, 60 s -> 80; drift.action abort: 129/130 an error, abort",
                   source: "README 3.1.3, codes 129-133 (\"The device position is changing too fast, forcing a relocation\") and \"Relocating After Loss of Tracking\" (60 s); 2.8.1 and 2.5.0 (drift- and mishandling-triggered relocation); the numbers are a guess (drift.meters, drift.intervalSeconds, drift.degreesPerSecond, relocation.*)"),
        RuleSource(codes: "132, 133, 28, 80, 82", rule: "tracking not available -> 132 (automatic relocation); near a keyframe -> 133, then 28; \(n(t.relocation.timeoutSeconds)) s -> 80; no keyframe yet -> 82",
                   source: "README 3.1.3, codes 80, 82, 132, 133, 28 (\"The scanning state is back to normal (after relocation)\") and \"Relocating After Loss of Tracking\"; 28 after 133 and the keyframe numbers are a guess (relocation.*)"),
        RuleSource(codes: "134, 135, 131", rule: "background while recording -> 134; foreground -> 135, then 131 and a relocation (whatever the options: 3.x has no backgroundResume)",
                   source: "README 3.1.3, codes 134, 135 and \"Relocating After Loss of Tracking\" (\"or the app going to the background\"); interface 3.1.3, `CaptureOptions` (no backgroundResume)"),
        RuleSource(codes: "-", rule: "tracking flag in arkitData.json: set by the relocations after background and after drift",
                   source: "seed 000, 2.8.1 (\"only keeps track of SDK-initiated relocation (coming back from background, or drift detected)\")"),
        RuleSource(codes: "126, 127, 128", rule: "with normal tracking, translation unchanged for \(n(t.poseValidity.frozenSeconds)) s -> 126, orientation -> 127, both -> 128; abort",
                   source: "README 3.1.3, codes 126-128; seed 000, 2.8.1 (abort when the transform freezes); 1 s is a guess (poseValidity.frozenSeconds)"),
        RuleSource(codes: "200", rule: "a non-finite camera transform while recording -> 200, abort",
                   source: "guess: README 3.1.3 has no code for an invalid pose (2.10's 66); 200 is \"The ARSession gave an error\""),
        RuleSource(codes: "8, 9, 10", rule: "tracking limited (light, motion, features) -> 8/9/10; back to normal clears the warning without a code (28 is after a relocation); no error sound",
                   source: "README 3.1.3, codes 8-10 and 28 (\"The scanning state is back to normal (after relocation)\"); 18 is not in the table"),
        RuleSource(codes: "21, 22, 23", rule: "pitch below \(n(t.floor.pitchDegrees)) deg for \(n(t.floor.holdSeconds)) s -> 21; above \(n(t.ceiling.pitchDegrees)) deg for \(n(t.ceiling.holdSeconds)) s -> 22 (LiDAR devices too); valid again -> 23",
                   source: "README 3.1.3, codes 21-23; 2.13.4 (\"Added vertical tilt warning\"); the numbers and 22 on LiDAR are a guess (floor.*, ceiling.*)"),
        RuleSource(codes: "29, 30, 27", rule: "as 2.10, measured along the horizontal axis across the view (the camera's +X points down in portrait)",
                   source: "README 3.1.3, codes 27, 29, 30; the numbers are 2.10's guess (sideways.*)"),
        RuleSource(codes: "85, 87, 88", rule: "too close -> 85, back in range -> 88; fast turning -> 87; too far is not reported",
                   source: "README 3.1.3, codes 85, 87, 88 (86 is not in the table); the numbers are 2.10's guess (proximity.*, fastRotation.*)"),
        RuleSource(codes: "17, 21, 22, 29, 30, 85, 87", rule: "warning priorities: 1 tracking (8, 9, 10), 2 wrong orientation (17), 3 sideways, fast turning, too close, 4 tilt; as 2.10, a hidden warning whose condition holds is shown once nothing higher shows, and a shown warning hides the lower ones",
                   source: "guess: no 3.x text ranks warnings; 2.10's groups and rules (Android README, \"About warning priorities\") are kept"),
        RuleSource(codes: "70-73, 76, 77", rule: "the first system sample reports thermal state and processors; later samples report changes; no low power codes",
                   source: "README 3.1.3, codes 70-77 (74, 75 are not in the table); seed 000, 2.4.1 (first values)"),
        RuleSource(codes: "107", rule: "thermal state critical before recording starts (at the first sample or later) -> 73, then 107, abort",
                   source: "README 3.1.3, 107 (\"The device is too hot for scanning\"); Android README 2.10.1 (inferred for iOS) (\"Scan is now aborted if the thermal state is critical or higher on startup\", its 107 \"Device is too hot to start scanning\"); applying it to any time before recording is a guess"),
        RuleSource(codes: "78", rule: "as 2.10: with storageWarnings, 78 at the first system sample, every \(n(t.storage.reportIntervalSeconds)) s while recording, and under \(n(t.storage.warningMinutes)) minutes left -> 78 (video included in the rates); info, a warning under \(n(t.storage.warningMinutes)) minutes",
                   source: "README 3.1.3, option storageWarnings (\"warn the user when less than 10 minutes remain\") and code 78 (\"There are X minutes of file system storage left\"); the rate at start (the bytes a second of recording writes at the session's settings), the interval and the rate window are a guess (storage.*)"),
        RuleSource(codes: "151, 143", rule: "free storage at or below \(n(t.storage.outOfSpaceBytes)) B (\(n(t.storage.outOfSpaceBytes / 1000)) kB) while recording: on a LiDAR phone the depth frame write fails -> 151, without LiDAR the video frame write -> 143; abort",
                   source: "README 3.1.3, codes 151 (\"The depth data frame could not be written\") and 143 (\"The video frame could not be written\"); which write fails first and the byte limit are a guess (storage.outOfSpaceBytes)"),
        RuleSource(codes: "131, 132, 133, 135", rule: "recording pauses while relocating (after drift, tracking loss or the background): the relocation's frames are not recorded (no video, depth or recorded time; their poses stay in arkitData.json's frames, marked not recorded) and recording resumes with 133",
                   source: "README 3.1.3, codes 136 (\"The scan could not be paused when drift was detected\"), 137 (\"... when the app was backgrounded\"), 138 (\"... when relocation started\"), 141 and 142 (the video writer's pause and resume); what a paused recording leaves out of the files is a guess"),
        RuleSource(codes: "51-58, 150, 151, 155, 90, 115", rule: "file failures: 58, 150, 151, 54, 51 abort; config 56, feedback 55, mesh 115, the scan log not started (155) or not written (90) are reported and the scan is zipped; invalid zip: 53 and one re-zip",
                   source: "README 3.1.3, codes 51-58, 90 (\"The scan log file could not be written\"), 115 (\"The scene mesh file could not be written\"), 150-155 (155: \"The scan log could not be started\"); which abort follows their 2.10 counterparts (guess)"),
        RuleSource(codes: "53, 160, 161", rule: "the zip invalid: 53 and one re-zip; the re-zip cannot be written -> 160, invalid again -> 161; both errors, abort",
                   source: "README 3.1.3, codes 53, 160 (\"Repairing the zip file failed\"), 161 (\"The repaired zip was invalid\"); one re-zip is 2.10's guess"),
        RuleSource(codes: "-", rule: "no speech recognition: room label inputs are ignored",
                   source: "README 3.1.3, 2.13.4 (\"Removed speech recognition option\")"),
        RuleSource(codes: "110", rule: "the view closed before the scan is saved -> 110, abort",
                   source: "README 3.1.3, code 110; example 3.1.3 (`didAbortScan` with `.userAborted` is the user's cancel)"),
        RuleSource(codes: "79", rule: "battery charge (system sample): 79 with the charge when first measured, then at each fall to a charge at or below \(n(t.battery.lowPercent)) %",
                   source: "README 3.1.3, code 79 (\"There is X% of battery charge left\") and 2.13.4 (\"Improved battery warnings\"); seed 000, 2.4.1 (first values); the level is a guess (battery.lowPercent)"),
        RuleSource(codes: "120", rule: "camera permission denied: no frames; 120 at the session's first input, abort",
                   source: "README 3.1.3, code 120 and \"Permissions\" (\"required ... it cannot function without it\"); reporting it at the first input (the README's permission prompt comes at the record press, when not asked before) is a guess"),
        RuleSource(codes: "62", rule: "recording: no camera frame for \(n(t.frames.notReceivingSeconds)) s -> 62, abort (at the time it became due)",
                   source: "README 3.1.3, code 62 (\"There are no frames arriving from ARKit\"); the time and the severity are a guess (frames.notReceivingSeconds)"),
        RuleSource(codes: "63", rule: "recording: at least half (\(n(t.frames.skippedFraction))) of the frames expected at the camera's rate (a scene's, a log's; \(n(t.frames.expectedRateHz)) Hz by default) missing over the last \(n(t.frames.skippedWindowSeconds)) s -> 63, once until the share has stayed below it for \(n(t.frames.skippedWindowSeconds)) s",
                   source: "README 3.1.3, code 63 (\"Too many frames were skipped because the device is overloaded\"); the numbers are a guess (frames.skippedFraction, frames.expectedRateHz, frames.skippedWindowSeconds)"),
        RuleSource(codes: "81, 84, 106, 136-142, 144, 152, 156", rule: "in the code table; no input of the simulator causes them: failures inside iOS or the SDK's writers (81 \"There is no ARSession configuration (internal iOS error)\" is not a relocation without frames; 136-138, 141, 142: the pause is modelled, its failing is not)",
                   source: "README 3.1.3, \"Capture Events\""),
        RuleSource(codes: "112, 113, 170, -", rule: "not modelled: photo capture (112, 113: would need a photo input, a photo file and its log in the bundle), continuing an existing scan (170, `shouldContinueScan`: would need a bundle left on disk read back into a new session), the ARWorldMap and snapshot files relocation uses (would need their formats); 3.1 bundles have 2.10's files",
                   source: "README 3.1.3, \"Capture Events\", \"Continuing an Existing Scan\"; interface 3.1.3"),
    ] }
}
