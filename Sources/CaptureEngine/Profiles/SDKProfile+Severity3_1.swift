extension SDKProfile {
    /// What each 3.1.3 code means for the scan (`CubiCaptureEventSeverity`: info, warning, error; "When an
    /// event of severity `error` happens, the scan is aborted and the SDK will remove all files it has
    /// created", README "Errors"). The README gives no per-code list: errors are the codes whose
    /// description is a failure the scan cannot go on from (plus 4, whose scan "being terminated after a
    /// short time" the README's "Device Orientation" states, 110, which the example's `didAbortScan`
    /// handles, and 3, a scan too short to keep); warnings are what is shown to the person or fails
    /// without stopping the scan; the rest is information (guess, except where stated). Meanings 3.x
    /// has no code for are listed as info and never emitted.
    /// 78 (storage) is information here: a report of the minutes left; the session makes the one under
    /// ``Thresholds/Storage/warningMinutes`` a warning (``Event/severity``).
    static func severity3_1(_ meaning: EventMeaning) -> EventSeverity {
        switch meaning {
        case .finishedNotEnoughData, .zipFailed, .arkitDataWriteFailed, .depthWriteStartFailed, .filePathNotFound, .frameWriteFailed, .invalidPose, .relocationTimedOut, .noConfiguration, .noRelocationSnapshot, .wrongOrientationTooLong, .notReceivingFrames, .incompatibleDevice, .deviceTooHot, .userAborted, .noCameraPermission, .translationFrozen, .orientationFrozen, .translationAndOrientationFrozen, .pauseFailedOnDrift, .pauseFailedOnBackground, .pauseFailedOnRelocate, .videoWriterSetupFailed, .videoWriterPauseFailed, .videoWriterUnpauseFailed, .videoFrameWriteFailed, .videoWriterEndFailed, .depthWriterEndFailed, .rezipFailed, .rezipValidationFailed, .arkitDataReadFailed:
            .error
        case .trackingInsufficientLight, .trackingExcessiveMotion, .scanningFloor, .scanningCeiling, .walkingSidewaysLeft, .walkingSidewaysRight, .zipInvalid, .configWriteFailed, .thermalSerious, .thermalCritical, .memoryWarning, .tooClose, .fastRotation, .scanLogStartFailed, .trackingInsufficientFeatures, .wrongOrientation, .feedbackWriteFailed, .tooManyFramesSkipped, .fileSizeCheckFailed, .scanLogWriteFailed, .photoCaptureFailed, .photoLogWriteFailed, .sceneMeshWriteFailed, .angularDrift, .positionDrift, .sessionInterrupted, .scanLogEndFailed:
            .warning
        case .storageLow, .landscape, .recordingStarted, .finishedWithEnoughData, .finished, .zipped, .drifted, .scanRemoved, .reverseLandscape, .errorSound, .notScanningFloorOrCeiling, .notWrongOrientation, .notScanningCeiling, .notWalkingSideways, .trackingNormal, .horizontalScanning, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .thermalNominal, .thermalFair, .lowPowerOn, .lowPowerOff, .processorCount, .backgroundAborted, .tooFar, .distanceInRange, .battery, .forcedRelocationStarted, .automaticRelocationStarted, .relocationSucceeded, .sessionInterruptionEnded:
            .info
        }
    }
}
