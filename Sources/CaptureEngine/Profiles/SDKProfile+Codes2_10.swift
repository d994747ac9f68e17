extension SDKProfile {
    /// CubiCapture 2.10's number for each meaning (seed 000, "The event codes"), or nil for the meanings
    /// only later versions have.
    static func code2_10(_ meaning: EventMeaning) -> Int? {
        switch meaning {
        case .landscape: 0
        case .recordingStarted: 1
        case .finishedWithEnoughData: 2
        case .finishedNotEnoughData: 3
        case .finished: 5
        case .zipped: 7
        case .trackingInsufficientLight: 8
        case .trackingExcessiveMotion: 9
        case .drifted: 13
        case .scanRemoved: 15
        case .reverseLandscape: 17
        case .errorSound: 18
        case .scanningFloor: 21
        case .scanningCeiling: 22
        case .notScanningFloorOrCeiling: 23
        case .notWrongOrientation: 24
        case .notScanningCeiling: 26
        case .notWalkingSideways: 27
        case .trackingNormal: 28
        case .walkingSidewaysLeft: 29
        case .walkingSidewaysRight: 30
        case .horizontalScanning: 31
        case .notHorizontalScanning: 32
        case .speechListening: 40
        case .speechResults: 41
        case .speechChosen: 42
        case .speechCancelled: 43
        case .speechAborted: 44
        case .speechNoResults: 45
        case .speechResultsTooLong: 46
        case .microphonePermissionRequested: 47
        case .microphonePermissionGranted: 48
        case .microphonePermissionDenied: 49
        case .zipFailed: 51
        case .zipInvalid: 53
        case .arkitDataWriteFailed: 54
        case .configWriteFailed: 56
        case .depthWriteStartFailed: 57
        case .filePathNotFound: 58
        case .frameWriteFailed: 59
        case .invalidPose: 66
        case .thermalNominal: 70
        case .thermalFair: 71
        case .thermalSerious: 72
        case .thermalCritical: 73
        case .lowPowerOn: 74
        case .lowPowerOff: 75
        case .processorCount: 76
        case .memoryWarning: 77
        case .storageLow: 78
        case .relocationTimedOut: 80
        case .noConfiguration: 81
        case .noRelocationSnapshot: 82
        case .backgroundAborted: 83
        case .tooClose: 85
        case .tooFar: 86
        case .fastRotation: 87
        case .distanceInRange: 88
        case .scanLogStartFailed: 90
        case .wrongOrientationTooLong, .trackingInsufficientFeatures, .wrongOrientation, .feedbackWriteFailed, .notReceivingFrames, .tooManyFramesSkipped, .battery, .fileSizeCheckFailed, .scanLogWriteFailed, .incompatibleDevice, .deviceTooHot, .userAborted, .photoCaptureFailed, .photoLogWriteFailed, .sceneMeshWriteFailed, .noCameraPermission, .translationFrozen, .orientationFrozen, .translationAndOrientationFrozen, .angularDrift, .positionDrift, .forcedRelocationStarted, .automaticRelocationStarted, .relocationSucceeded, .sessionInterrupted, .sessionInterruptionEnded, .pauseFailedOnDrift, .pauseFailedOnBackground, .pauseFailedOnRelocate, .videoWriterSetupFailed, .videoWriterPauseFailed, .videoWriterUnpauseFailed, .videoFrameWriteFailed, .videoWriterEndFailed, .depthWriterEndFailed, .scanLogEndFailed, .rezipFailed, .rezipValidationFailed, .arkitDataReadFailed:
            nil
        }
    }

    /// CubiCapture 2.10's documentation text for each code, verbatim (seed 000, "The event codes").
    static func documentation2_10(_ meaning: EventMeaning) -> String {
        switch meaning {
        case .landscape: "Received when the device is in landscape orientation. This is usually the first status code received when the device is turned to landscape orientation in order to start recording. The scanning cannot be started if the device is not in landscape orientation."
        case .recordingStarted: "Received when the record button is pressed for the first time and scan is started."
        case .finishedWithEnoughData: "Received when the record button is pressed for the second time and scan has enough data. The saving of the scan files begins after this."
        case .finishedNotEnoughData: "Finished recording - Not enough data."
        case .finished: "Finished recording - CubiCapture is finished. You can now finish your scanning controller."
        case .zipped: "Received when the zipping of the scan files is finished. The description will contain a path to the zip file. You also get the path from zippedDataLocation(_ controller: CCCapture, location: URL) delegate method."
        case .trackingInsufficientLight: "ARKit tracking failure Insuffient light. Received when ARKit motion tracking is lost due to poor lighting conditions."
        case .trackingExcessiveMotion: "ARKit tracking failure excessive motion. Received when the device is moving excessively"
        case .drifted: "Scan drifted! Position changed by over 10 meters during 2 second interval. The scan files will be deleted and CubiCapture will be finished."
        case .scanRemoved: "Error, removing scan. Received when the scan is not successful. The scan files are deleted and CubiCapture will be finished."
        case .reverseLandscape: "Received when the device is in reverse-landscape orientation and if the device has been in landscape orientation at least once."
        case .errorSound: "Playing error sound."
        case .scanningFloor: "Received when the pitch of the camera has been too low for a certain amount of time (Scanning floor)."
        case .scanningCeiling: "Scanning ceiling."
        case .notScanningFloorOrCeiling: "Not scanning ceiling or floor. Received when the pitch of the camera is valid again."
        case .notWrongOrientation: "Not wrong orientation anymore."
        case .notScanningCeiling: "Not scanning ceiling."
        case .notWalkingSideways: "Not walking sideways anymore"
        case .trackingNormal: "Scanning state back to normal"
        case .walkingSidewaysLeft: "Walking sideways. Displaying left warning"
        case .walkingSidewaysRight: "Walking sideways. Displaying right warning"
        case .horizontalScanning: "Horizontal scanning"
        case .notHorizontalScanning: "Not scanning horizontally anymore"
        case .speechListening: "Started listening for speech."
        case .speechResults: "Listening finished, displaying recognition results."
        case .speechChosen: "Recognition result '' was chosen."
        case .speechCancelled: "Recognition results canceled."
        case .speechAborted: "Speech recognition aborted."
        case .speechNoResults: "No speech recognition results."
        case .speechResultsTooLong: "All recognition results over the max length of 40 characters."
        case .microphonePermissionRequested: "Requesting RECORD_AUDIO permission."
        case .microphonePermissionGranted: "User granted RECORD_AUDIO permission."
        case .microphonePermissionDenied: "User denied RECORD_AUDIO permission."
        case .zipFailed: "Zipping the scan failed. The scan files will be deleted and CubiCapture will be finished."
        case .zipInvalid: "Invalid zip archive, attempting rezipping"
        case .arkitDataWriteFailed: "Failed to write arkitdata to file. The scan files will be deleted and CubiCapture will be finished."
        case .configWriteFailed: "Failed to write config to file"
        case .depthWriteStartFailed: "Failed to start write depth data to file"
        case .filePathNotFound: "Could not find filepath."
        case .frameWriteFailed: "Depth map or AVasset writer could not take frames in. Received when there was an error in writing the data to disk."
        case .invalidPose: "Unable to get correct values for the device's position."
        case .thermalNominal: "Thermal state nominal"
        case .thermalFair: "Thermal state fair"
        case .thermalSerious: "Thermal state serious"
        case .thermalCritical: "Thermal state critical"
        case .lowPowerOn: "Low power mode activated"
        case .lowPowerOff: "Low power mode deactivated"
        case .processorCount: "Active processor count is X of Y"
        case .memoryWarning: "Received memory warning"
        case .storageLow: "Storage: [minutes] minutes left"
        case .relocationTimedOut: "Relocation timed out."
        case .noConfiguration: "No configuration found!"
        case .noRelocationSnapshot: "No snapshot for relocation. Cannot relocate."
        case .backgroundAborted: "Scanning aborted due to App going to the background"
        case .tooClose: "Scanning too close"
        case .tooFar: "Scanning too far"
        case .fastRotation: "Too fast rotations. Showing fast movement warning."
        case .distanceInRange: "Scanning distance back in acceptable range (proximity warning not shown anymore)"
        case .scanLogStartFailed: "Failed to start writing scan log"
        case .wrongOrientationTooLong, .trackingInsufficientFeatures, .wrongOrientation, .feedbackWriteFailed, .notReceivingFrames, .tooManyFramesSkipped, .battery, .fileSizeCheckFailed, .scanLogWriteFailed, .incompatibleDevice, .deviceTooHot, .userAborted, .photoCaptureFailed, .photoLogWriteFailed, .sceneMeshWriteFailed, .noCameraPermission, .translationFrozen, .orientationFrozen, .translationAndOrientationFrozen, .angularDrift, .positionDrift, .forcedRelocationStarted, .automaticRelocationStarted, .relocationSucceeded, .sessionInterrupted, .sessionInterruptionEnded, .pauseFailedOnDrift, .pauseFailedOnBackground, .pauseFailedOnRelocate, .videoWriterSetupFailed, .videoWriterPauseFailed, .videoWriterUnpauseFailed, .videoFrameWriteFailed, .videoWriterEndFailed, .depthWriterEndFailed, .scanLogEndFailed, .rezipFailed, .rezipValidationFailed, .arkitDataReadFailed:
            ""
        }
    }
}
