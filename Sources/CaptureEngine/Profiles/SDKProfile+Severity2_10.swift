extension SDKProfile {
    /// What each 2.10 code means for the scan: the codes whose description says the scan files are
    /// deleted (plus the relocation and background aborts) are errors; warnings shown to the person and
    /// non-fatal failures are warnings; the rest is status information.
    /// 78 (storage) is information here: a report of the minutes left; the session makes the one under
    /// ``Thresholds/Storage/warningMinutes`` a warning (``Event/severity``).
    static func severity2_10(_ meaning: EventMeaning) -> EventSeverity {
        switch meaning {
        case .drifted, .scanRemoved, .zipFailed, .arkitDataWriteFailed, .depthWriteStartFailed, .filePathNotFound, .frameWriteFailed, .invalidPose, .relocationTimedOut, .noConfiguration, .noRelocationSnapshot, .backgroundAborted:
            .error
        case .trackingInsufficientLight, .trackingExcessiveMotion, .reverseLandscape, .errorSound, .scanningFloor, .scanningCeiling, .walkingSidewaysLeft, .walkingSidewaysRight, .horizontalScanning, .zipInvalid, .configWriteFailed, .thermalCritical, .memoryWarning, .tooClose, .tooFar, .fastRotation, .scanLogStartFailed:
            .warning
        case .storageLow, .landscape, .recordingStarted, .finishedWithEnoughData, .finishedNotEnoughData, .finished, .zipped, .notScanningFloorOrCeiling, .notWrongOrientation, .notScanningCeiling, .notWalkingSideways, .trackingNormal, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .thermalNominal, .thermalFair, .thermalSerious, .lowPowerOn, .lowPowerOff, .processorCount, .distanceInRange:
            .info
        case .wrongOrientationTooLong, .trackingInsufficientFeatures, .wrongOrientation, .feedbackWriteFailed, .notReceivingFrames, .tooManyFramesSkipped, .battery, .fileSizeCheckFailed, .scanLogWriteFailed, .incompatibleDevice, .deviceTooHot, .userAborted, .photoCaptureFailed, .photoLogWriteFailed, .sceneMeshWriteFailed, .noCameraPermission, .translationFrozen, .orientationFrozen, .translationAndOrientationFrozen, .angularDrift, .positionDrift, .forcedRelocationStarted, .automaticRelocationStarted, .relocationSucceeded, .sessionInterrupted, .sessionInterruptionEnded, .pauseFailedOnDrift, .pauseFailedOnBackground, .pauseFailedOnRelocate, .videoWriterSetupFailed, .videoWriterPauseFailed, .videoWriterUnpauseFailed, .videoFrameWriteFailed, .videoWriterEndFailed, .depthWriterEndFailed, .scanLogEndFailed, .rezipFailed, .rezipValidationFailed, .arkitDataReadFailed:
            .info
        }
    }
}
