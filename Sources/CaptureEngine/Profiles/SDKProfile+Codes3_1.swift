extension SDKProfile {
    /// CubiCapture 3.1.3's number for each meaning, or nil where 3.x has no such code (landscape 0,
    /// finished 5, drift 13, files removed 15, error sound 18, ceiling hidden 26, horizontal 31/32, speech
    /// 40-49, low power 74/75, background abort 83, too far 86). Source: the "Capture Events" table of
    /// the iOS example project's README at 3.1.3 (CubiCasa/cubicasa-ios-sdk-example-project at e288617)
    /// and `CubiCaptureEventType` in the 3.1.3 interface (CubiCasa/ios-sdk-distribution at 3d9f9fe).
    static func code3_1(_ meaning: EventMeaning) -> Int? {
        switch meaning {
        case .recordingStarted: 1
        case .finishedWithEnoughData: 2
        case .finishedNotEnoughData: 3
        case .zipped: 7
        case .trackingInsufficientLight: 8
        case .trackingExcessiveMotion: 9
        case .scanningFloor: 21
        case .scanningCeiling: 22
        case .notScanningFloorOrCeiling: 23
        case .notWrongOrientation: 24
        case .notWalkingSideways: 27
        case .trackingNormal: 28
        case .walkingSidewaysLeft: 29
        case .walkingSidewaysRight: 30
        case .zipFailed: 51
        case .zipInvalid: 53
        case .arkitDataWriteFailed: 54
        case .configWriteFailed: 56
        case .depthWriteStartFailed: 150
        case .filePathNotFound: 58
        case .frameWriteFailed: 151
        case .invalidPose: 200
        case .thermalNominal: 70
        case .thermalFair: 71
        case .thermalSerious: 72
        case .thermalCritical: 73
        case .processorCount: 76
        case .memoryWarning: 77
        case .storageLow: 78
        case .relocationTimedOut: 80
        case .noConfiguration: 81
        case .noRelocationSnapshot: 82
        case .tooClose: 85
        case .fastRotation: 87
        case .distanceInRange: 88
        case .scanLogStartFailed: 155
        case .wrongOrientationTooLong: 4
        case .trackingInsufficientFeatures: 10
        case .wrongOrientation: 17
        case .feedbackWriteFailed: 55
        case .notReceivingFrames: 62
        case .tooManyFramesSkipped: 63
        case .battery: 79
        case .fileSizeCheckFailed: 84
        case .scanLogWriteFailed: 90
        case .incompatibleDevice: 106
        case .deviceTooHot: 107
        case .userAborted: 110
        case .photoCaptureFailed: 112
        case .photoLogWriteFailed: 113
        case .sceneMeshWriteFailed: 115
        case .noCameraPermission: 120
        case .translationFrozen: 126
        case .orientationFrozen: 127
        case .translationAndOrientationFrozen: 128
        case .angularDrift: 129
        case .positionDrift: 130
        case .forcedRelocationStarted: 131
        case .automaticRelocationStarted: 132
        case .relocationSucceeded: 133
        case .sessionInterrupted: 134
        case .sessionInterruptionEnded: 135
        case .pauseFailedOnDrift: 136
        case .pauseFailedOnBackground: 137
        case .pauseFailedOnRelocate: 138
        case .videoWriterSetupFailed: 140
        case .videoWriterPauseFailed: 141
        case .videoWriterUnpauseFailed: 142
        case .videoFrameWriteFailed: 143
        case .videoWriterEndFailed: 144
        case .depthWriterEndFailed: 152
        case .scanLogEndFailed: 156
        case .rezipFailed: 160
        case .rezipValidationFailed: 161
        case .arkitDataReadFailed: 170
        case .landscape, .finished, .drifted, .scanRemoved, .reverseLandscape, .errorSound, .notScanningCeiling, .horizontalScanning, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .lowPowerOn, .lowPowerOff, .backgroundAborted, .tooFar:
            nil
        }
    }

    /// The `CubiCaptureEventType` case name 3.1.3 gives each code (README "Capture Events", the 3.1.3
    /// interface), or nil where 3.x has no such code.
    static func eventTypeName3_1(_ meaning: EventMeaning) -> String? {
        switch meaning {
        case .recordingStarted: "startedCapture"
        case .finishedWithEnoughData: "finishedCapture"
        case .finishedNotEnoughData: "notEnoughData"
        case .zipped: "zippingDone"
        case .trackingInsufficientLight: "insufficientLight"
        case .trackingExcessiveMotion: "excessiveMotion"
        case .scanningFloor: "tiltTooFarDown"
        case .scanningCeiling: "tiltTooFarUp"
        case .notScanningFloorOrCeiling: "tiltOptimal"
        case .notWrongOrientation: "validOrientation"
        case .notWalkingSideways: "notWalkingSideways"
        case .trackingNormal: "scanningStateNormal"
        case .walkingSidewaysLeft: "walkingSidewaysLeft"
        case .walkingSidewaysRight: "walkingSidewaysRight"
        case .zipFailed: "failedToZip"
        case .zipInvalid: "invalidZipArchive"
        case .arkitDataWriteFailed: "writeArkitDataFailed"
        case .configWriteFailed: "writeConfigFailed"
        case .depthWriteStartFailed: "depthWriterSetupFailed"
        case .filePathNotFound: "filePathNotFound"
        case .frameWriteFailed: "depthWriterWriteFrameFailed"
        case .invalidPose: "arSessionError"
        case .thermalNominal: "thermalStateNominal"
        case .thermalFair: "thermalStateFair"
        case .thermalSerious: "thermalStateSerious"
        case .thermalCritical: "thermalStateCritical"
        case .processorCount: "activeProcessors"
        case .memoryWarning: "lowMemory"
        case .storageLow: "storage"
        case .relocationTimedOut: "relocationTimeout"
        case .noConfiguration: "noArSessionConfig"
        case .noRelocationSnapshot: "noRelocationSnapshot"
        case .tooClose: "tooClose"
        case .fastRotation: "fastTurning"
        case .distanceInRange: "rangeNormal"
        case .scanLogStartFailed: "scanLogSetupFailed"
        case .wrongOrientationTooLong: "tooLongInWrongOrientation"
        case .trackingInsufficientFeatures: "insufficientFeatures"
        case .wrongOrientation: "invalidOrientation"
        case .feedbackWriteFailed: "writeFeedbackFailed"
        case .notReceivingFrames: "notReceivingArFrames"
        case .tooManyFramesSkipped: "tooManyFramesSkipped"
        case .battery: "battery"
        case .fileSizeCheckFailed: "fileSizeCheckFailed"
        case .scanLogWriteFailed: "scanLogWriteFailed"
        case .incompatibleDevice: "incompatibleDevice"
        case .deviceTooHot: "deviceTooHot"
        case .userAborted: "userAborted"
        case .photoCaptureFailed: "photoCaptureFailed"
        case .photoLogWriteFailed: "photoLogWriteFailed"
        case .sceneMeshWriteFailed: "sceneMeshWriteFailed"
        case .noCameraPermission: "noCameraPermission"
        case .translationFrozen: "cameraTranslationFrozen"
        case .orientationFrozen: "cameraOrientationFrozen"
        case .translationAndOrientationFrozen: "cameraTranslationAndOrientationFrozen"
        case .angularDrift: "angularDriftDetected"
        case .positionDrift: "positionDriftDetected"
        case .forcedRelocationStarted: "startedForcedRelocation"
        case .automaticRelocationStarted: "startedAutomaticRelocation"
        case .relocationSucceeded: "relocationSuccessful"
        case .sessionInterrupted: "arSessionInterrupted"
        case .sessionInterruptionEnded: "arSessionInterruptionEnded"
        case .pauseFailedOnDrift: "pauseFailedOnDrift"
        case .pauseFailedOnBackground: "pauseFailedOnBackground"
        case .pauseFailedOnRelocate: "pauseFailedOnRelocate"
        case .videoWriterSetupFailed: "videoWriterSetupFailed"
        case .videoWriterPauseFailed: "videoWriterPauseFailed"
        case .videoWriterUnpauseFailed: "videoWriterUnpauseFailed"
        case .videoFrameWriteFailed: "videoWriterWriteFrameFailed"
        case .videoWriterEndFailed: "videoWriterEndFailed"
        case .depthWriterEndFailed: "depthWriterEndFailed"
        case .scanLogEndFailed: "scanLogEndFailed"
        case .rezipFailed: "rezipFailed"
        case .rezipValidationFailed: "rezipValidationFailed"
        case .arkitDataReadFailed: "readArkitDataFailed"
        case .landscape, .finished, .drifted, .scanRemoved, .reverseLandscape, .errorSound, .notScanningCeiling, .horizontalScanning, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .lowPowerOn, .lowPowerOff, .backgroundAborted, .tooFar:
            nil
        }
    }

    /// CubiCapture 3.1.3's description of each code, verbatim from the README's "Capture Events" table
    /// ("" where 3.x has no such code).
    static func documentation3_1(_ meaning: EventMeaning) -> String {
        switch meaning {
        case .recordingStarted: "Scanning has started"
        case .finishedWithEnoughData: "Scanning completed"
        case .finishedNotEnoughData: "The scanning duration is too short"
        case .zipped: "The zip file with the scan data was created successfully"
        case .trackingInsufficientLight: "Tracking limited due to insufficient light"
        case .trackingExcessiveMotion: "Tracking limited due to excessive device movement"
        case .scanningFloor: "The device is tilted too far downward"
        case .scanningCeiling: "The device is tilted too far upward"
        case .notScanningFloorOrCeiling: "The devie tilt angle is within the acceptable range"
        case .notWrongOrientation: "The device is being held in the correct orientation"
        case .notWalkingSideways: "The device is no longer moving sideways"
        case .trackingNormal: "The scanning state is back to normal (after relocation)"
        case .walkingSidewaysLeft: "The device is moving sideways to the left"
        case .walkingSidewaysRight: "The device is moving sideways to the right"
        case .zipFailed: "The zip archive could not be created"
        case .zipInvalid: "The zip archive could not be read"
        case .arkitDataWriteFailed: "The position and orientation data file could not be written"
        case .configWriteFailed: "The scan configuration file could not be written"
        case .depthWriteStartFailed: "The depth data writing could not be started"
        case .filePathNotFound: "The specified file path could not be opened"
        case .frameWriteFailed: "The depth data frame could not be written"
        case .invalidPose: "The ARSession gave an error"
        case .thermalNominal: "The device temperature is normal"
        case .thermalFair: "The device temperature is elevated but acceptable"
        case .thermalSerious: "The device temperature is very high, scan quality will be compromised"
        case .thermalCritical: "The device temperature is criticially high, the device may shut down"
        case .processorCount: "The number of active processor cores available to the app"
        case .memoryWarning: "The app has received a low-memory warning"
        case .storageLow: "There are X minutes of file system storage left"
        case .relocationTimedOut: "The relocation could not be completed in time"
        case .noConfiguration: "There is no ARSession configuration (internal iOS error)"
        case .noRelocationSnapshot: "There is no world map snapshot available for relocation"
        case .tooClose: "The device is too close to the scene (walls, furniture)"
        case .fastRotation: "The device is being turned too rapidly"
        case .distanceInRange: "The device is not too close to the scene anymore"
        case .scanLogStartFailed: "The scan log could not be started"
        case .wrongOrientationTooLong: "The device was held in landscape mode for too long"
        case .trackingInsufficientFeatures: "Tracking limited due to a lack of visual features"
        case .wrongOrientation: "The device is being held in the wrong orientation"
        case .feedbackWriteFailed: "The feedback file could not be written"
        case .notReceivingFrames: "There are no frames arriving from ARKit"
        case .tooManyFramesSkipped: "Too many frames were skipped because the device is overloaded"
        case .battery: "There is X% of battery charge left"
        case .fileSizeCheckFailed: "One or more files had an invalid file size"
        case .scanLogWriteFailed: "The scan log file could not be written"
        case .incompatibleDevice: "This device cannot be used for scanning"
        case .deviceTooHot: "The device is too hot for scanning"
        case .userAborted: "The user has aborted the scan"
        case .photoCaptureFailed: "A photo could not be taken"
        case .photoLogWriteFailed: "The photo log file could not be written"
        case .sceneMeshWriteFailed: "The scene mesh file could not be written"
        case .noCameraPermission: "The user has not given permission to use the camera"
        case .translationFrozen: "The device position is not being updated (internal iOS error)"
        case .orientationFrozen: "The device orientation is not being updated (internal iOS error)"
        case .translationAndOrientationFrozen: "The device position and orientation are not being updated (internal iOS error)"
        case .angularDrift: "The device rotation is changing too fast, forcing a relocation"
        case .positionDrift: "The device position is changing too fast, forcing a relocation"
        case .forcedRelocationStarted: "Starting a forced relocation from the previous worldmap snapshot"
        case .automaticRelocationStarted: "Starting an automatic relocation (triggered by iOS)"
        case .relocationSucceeded: "Relocation was completed successfully"
        case .sessionInterrupted: "The session was interrupted (e.g., because the app was backgrounded)"
        case .sessionInterruptionEnded: "The session is resuming"
        case .pauseFailedOnDrift: "The scan could not be paused when drift was detected"
        case .pauseFailedOnBackground: "The scan could not be paused when the app was backgrounded"
        case .pauseFailedOnRelocate: "The scan could not be paused when relocation started"
        case .videoWriterSetupFailed: "The video file writing could not be started"
        case .videoWriterPauseFailed: "The video file writing could not be paused"
        case .videoWriterUnpauseFailed: "The video file writing could not be resumed"
        case .videoFrameWriteFailed: "The video frame could not be written"
        case .videoWriterEndFailed: "The video file writing could not be completed"
        case .depthWriterEndFailed: "The depth data file writing could not be completed"
        case .scanLogEndFailed: "The scan log could not be finished"
        case .rezipFailed: "Repairing the zip file failed"
        case .rezipValidationFailed: "The repaired zip was invalid"
        case .arkitDataReadFailed: "The ARKitData could not be read when continuing a scan"
        case .landscape, .finished, .drifted, .scanRemoved, .reverseLandscape, .errorSound, .notScanningCeiling, .horizontalScanning, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .lowPowerOn, .lowPowerOff, .backgroundAborted, .tooFar:
            ""
        }
    }
}
