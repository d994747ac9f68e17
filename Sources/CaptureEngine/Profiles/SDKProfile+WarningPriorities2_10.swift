extension SDKProfile {
    /// CubiCapture's warning priority groups, from the Android SDK 2.10.1 README, "About warning
    /// priorities" (CubiCasa/cubicasa-android-sdk-example-project at 4496c7d, README.md): 1 not tracking,
    /// 2 rotate device, 3 sideways walking, fast movement, too close, 4 ceiling, floor and horizontal
    /// scanning ("ceiling warning will override horizontal warning, although they have the same priority
    /// level"). The iOS 2.3.1 release notes say codes were added "to match Android SDK statuses"; too far
    /// (an iOS-only warning) joins too close (guess).
    static func warningPriority2_10(_ meaning: EventMeaning) -> Int? {
        switch meaning {
        case .trackingInsufficientLight, .trackingExcessiveMotion:
            1
        case .reverseLandscape:
            2
        case .walkingSidewaysLeft, .walkingSidewaysRight, .fastRotation, .tooClose, .tooFar:
            3
        case .scanningCeiling, .scanningFloor, .horizontalScanning:
            4
        case .landscape, .recordingStarted, .finishedWithEnoughData, .finishedNotEnoughData, .finished, .zipped, .drifted, .scanRemoved, .errorSound, .notScanningFloorOrCeiling, .notWrongOrientation, .notScanningCeiling, .notWalkingSideways, .trackingNormal, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .zipFailed, .zipInvalid, .arkitDataWriteFailed, .configWriteFailed, .depthWriteStartFailed, .filePathNotFound, .frameWriteFailed, .invalidPose, .thermalNominal, .thermalFair, .thermalSerious, .thermalCritical, .lowPowerOn, .lowPowerOff, .processorCount, .memoryWarning, .storageLow, .relocationTimedOut, .noConfiguration, .noRelocationSnapshot, .backgroundAborted, .distanceInRange, .scanLogStartFailed:
            nil
        case .wrongOrientationTooLong, .trackingInsufficientFeatures, .wrongOrientation, .feedbackWriteFailed, .notReceivingFrames, .tooManyFramesSkipped, .battery, .fileSizeCheckFailed, .scanLogWriteFailed, .incompatibleDevice, .deviceTooHot, .userAborted, .photoCaptureFailed, .photoLogWriteFailed, .sceneMeshWriteFailed, .noCameraPermission, .translationFrozen, .orientationFrozen, .translationAndOrientationFrozen, .angularDrift, .positionDrift, .forcedRelocationStarted, .automaticRelocationStarted, .relocationSucceeded, .sessionInterrupted, .sessionInterruptionEnded, .pauseFailedOnDrift, .pauseFailedOnBackground, .pauseFailedOnRelocate, .videoWriterSetupFailed, .videoWriterPauseFailed, .videoWriterUnpauseFailed, .videoFrameWriteFailed, .videoWriterEndFailed, .depthWriterEndFailed, .scanLogEndFailed, .rezipFailed, .rezipValidationFailed, .arkitDataReadFailed:
            nil
        }
    }
}
