extension SDKProfile {
    /// CubiCapture 2.10's error-sound rule as the engine has modelled it so far: the sound follows the
    /// warnings that ask the person to change what they are doing (walking sideways, turning too fast,
    /// too close, too far, reverse landscape) and the errors that end the scan from the person's
    /// handling (drift, invalid pose, relocation timed out or impossible, background abort).
    /// Guess: seed 000 lists code 18 ("Playing error sound.") without saying when it plays.
    static func errorSound2_10(_ meaning: EventMeaning) -> Bool {
        switch meaning {
        case .walkingSidewaysLeft, .walkingSidewaysRight, .fastRotation, .tooClose, .tooFar, .reverseLandscape, .drifted, .invalidPose, .relocationTimedOut, .noConfiguration, .noRelocationSnapshot, .backgroundAborted:
            true
        case .landscape, .recordingStarted, .finishedWithEnoughData, .finishedNotEnoughData, .finished, .zipped, .trackingInsufficientLight, .trackingExcessiveMotion, .scanRemoved, .errorSound, .scanningFloor, .scanningCeiling, .notScanningFloorOrCeiling, .notWrongOrientation, .notScanningCeiling, .notWalkingSideways, .trackingNormal, .horizontalScanning, .notHorizontalScanning, .speechListening, .speechResults, .speechChosen, .speechCancelled, .speechAborted, .speechNoResults, .speechResultsTooLong, .microphonePermissionRequested, .microphonePermissionGranted, .microphonePermissionDenied, .zipFailed, .zipInvalid, .arkitDataWriteFailed, .configWriteFailed, .depthWriteStartFailed, .filePathNotFound, .frameWriteFailed, .thermalNominal, .thermalFair, .thermalSerious, .thermalCritical, .lowPowerOn, .lowPowerOff, .processorCount, .memoryWarning, .storageLow, .distanceInRange, .scanLogStartFailed:
            false
        }
    }
}
