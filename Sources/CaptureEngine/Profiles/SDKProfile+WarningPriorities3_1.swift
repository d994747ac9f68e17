extension SDKProfile {
    /// CubiCapture 3.1.3's warning priority groups. No 3.x text ranks warnings: the groups of 2.10 (Android
    /// SDK 2.10.1 README, "About warning priorities") are kept, with insufficient features (10) among the
    /// tracking warnings and the wrong orientation (17) in place of reverse landscape (guess).
    static func warningPriority3_1(_ meaning: EventMeaning) -> Int? {
        switch meaning {
        case .trackingInsufficientLight, .trackingExcessiveMotion, .trackingInsufficientFeatures:
            1
        case .wrongOrientation:
            2
        case .walkingSidewaysLeft, .walkingSidewaysRight, .fastRotation, .tooClose:
            3
        case .scanningCeiling, .scanningFloor:
            4
        case .landscape, .recordingStarted, .finishedWithEnoughData, .finishedNotEnoughData, .finished, .zipped, .drifted, .scanRemoved, .reverseLandscape, .errorSound, .notScanningFloorOrCeiling, .notWrongOrientation, .notScanningCeiling, .notWalkingSideways, .trackingNormal, .horizontalScanning, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .zipFailed, .zipInvalid, .arkitDataWriteFailed, .configWriteFailed, .depthWriteStartFailed, .filePathNotFound, .frameWriteFailed, .invalidPose, .thermalNominal, .thermalFair, .thermalSerious, .thermalCritical, .lowPowerOn, .lowPowerOff, .processorCount, .memoryWarning, .storageLow, .relocationTimedOut, .noConfiguration, .noRelocationSnapshot, .backgroundAborted, .tooFar, .distanceInRange, .scanLogStartFailed, .wrongOrientationTooLong, .feedbackWriteFailed, .notReceivingFrames, .tooManyFramesSkipped, .battery, .fileSizeCheckFailed, .scanLogWriteFailed, .incompatibleDevice, .deviceTooHot, .userAborted, .photoCaptureFailed, .photoLogWriteFailed, .sceneMeshWriteFailed, .noCameraPermission, .translationFrozen, .orientationFrozen, .translationAndOrientationFrozen, .angularDrift, .positionDrift, .forcedRelocationStarted, .automaticRelocationStarted, .relocationSucceeded, .sessionInterrupted, .sessionInterruptionEnded, .pauseFailedOnDrift, .pauseFailedOnBackground, .pauseFailedOnRelocate, .videoWriterSetupFailed, .videoWriterPauseFailed, .videoWriterUnpauseFailed, .videoFrameWriteFailed, .videoWriterEndFailed, .depthWriterEndFailed, .scanLogEndFailed, .rezipFailed, .rezipValidationFailed, .arkitDataReadFailed:
            nil
        }
    }
}
