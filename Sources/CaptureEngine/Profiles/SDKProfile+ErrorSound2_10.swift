extension SDKProfile {
    /// CubiCapture's error-sound rule: the sound plays when motion tracking is lost (8, 9), and only
    /// when tracking was normal before, "to avoid playing the error sound multiple times in a row"
    /// (Android SDK 2.10.1 README, CubiCasa/cubicasa-android-sdk-example-project at 4496c7d, README.md,
    /// "Warning sound" and status code 18; the iOS 2.3.1 release notes added 18 "to match Android SDK
    /// statuses"). The session applies the "tracking was normal before" part where it emits 8 and 9.
    static func errorSound2_10(_ meaning: EventMeaning) -> Bool {
        switch meaning {
        case .trackingInsufficientLight, .trackingExcessiveMotion:
            true
        case .walkingSidewaysLeft, .walkingSidewaysRight, .fastRotation, .tooClose, .tooFar, .reverseLandscape, .drifted, .invalidPose, .relocationTimedOut, .noConfiguration, .noRelocationSnapshot, .backgroundAborted, .landscape, .recordingStarted, .finishedWithEnoughData, .finishedNotEnoughData, .finished, .zipped, .scanRemoved, .errorSound, .scanningFloor, .scanningCeiling, .notScanningFloorOrCeiling, .notWrongOrientation, .notScanningCeiling, .notWalkingSideways, .trackingNormal, .horizontalScanning, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .zipFailed, .zipInvalid, .arkitDataWriteFailed, .configWriteFailed, .depthWriteStartFailed, .filePathNotFound, .frameWriteFailed, .thermalNominal, .thermalFair, .thermalSerious, .thermalCritical, .lowPowerOn, .lowPowerOff, .processorCount, .memoryWarning, .storageLow, .distanceInRange, .scanLogStartFailed:
            false
        case .wrongOrientationTooLong, .trackingInsufficientFeatures, .wrongOrientation, .feedbackWriteFailed, .notReceivingFrames, .tooManyFramesSkipped, .battery, .fileSizeCheckFailed, .scanLogWriteFailed, .incompatibleDevice, .deviceTooHot, .userAborted, .photoCaptureFailed, .photoLogWriteFailed, .sceneMeshWriteFailed, .noCameraPermission, .translationFrozen, .orientationFrozen, .translationAndOrientationFrozen, .angularDrift, .positionDrift, .forcedRelocationStarted, .automaticRelocationStarted, .relocationSucceeded, .sessionInterrupted, .sessionInterruptionEnded, .pauseFailedOnDrift, .pauseFailedOnBackground, .pauseFailedOnRelocate, .videoWriterSetupFailed, .videoWriterPauseFailed, .videoWriterUnpauseFailed, .videoFrameWriteFailed, .videoWriterEndFailed, .depthWriterEndFailed, .scanLogEndFailed, .rezipFailed, .rezipValidationFailed, .arkitDataReadFailed:
            false
        }
    }
}
