/// What happened in a session, independent of any SDK version: the engine emits meanings, and the
/// session's ``SDKProfile`` gives each its number, message text and severity at the edge (JSON,
/// `scan.log`, `capture-sim codes`, scene expectations).
///
/// The case names follow CubiCapture 2.10's table (seed 000, "The event codes"); each comment is that
/// table's description of the code the 2.10 profile gives the meaning.
public enum EventMeaning: CaseIterable, Sendable, Hashable {
    /// Received when the device is in landscape orientation. This is usually the first status code received when the device is turned to landscape orientation in order to start recording. The scanning cannot be started if the device is not in landscape orientation.
    case landscape
    /// Received when the record button is pressed for the first time and scan is started.
    case recordingStarted
    /// Received when the record button is pressed for the second time and scan has enough data. The saving of the scan files begins after this.
    case finishedWithEnoughData
    /// Finished recording - Not enough data.
    case finishedNotEnoughData
    /// Finished recording - CubiCapture is finished. You can now finish your scanning controller.
    case finished
    /// Received when the zipping of the scan files is finished. The description will contain a path to the zip file. You also get the path from zippedDataLocation(_ controller: CCCapture, location: URL) delegate method.
    case zipped
    /// ARKit tracking failure Insuffient light. Received when ARKit motion tracking is lost due to poor lighting conditions.
    case trackingInsufficientLight
    /// ARKit tracking failure excessive motion. Received when the device is moving excessively
    case trackingExcessiveMotion
    /// Scan drifted! Position changed by over 10 meters during 2 second interval. The scan files will be deleted and CubiCapture will be finished.
    case drifted
    /// Error, removing scan. Received when the scan is not successful. The scan files are deleted and CubiCapture will be finished.
    case scanRemoved
    /// Received when the device is in reverse-landscape orientation and if the device has been in landscape orientation at least once.
    case reverseLandscape
    /// Playing error sound.
    case errorSound
    /// Received when the pitch of the camera has been too low for a certain amount of time (Scanning floor).
    case scanningFloor
    /// Scanning ceiling.
    case scanningCeiling
    /// Not scanning ceiling or floor. Received when the pitch of the camera is valid again.
    case notScanningFloorOrCeiling
    /// Not wrong orientation anymore.
    case notWrongOrientation
    /// Not scanning ceiling.
    case notScanningCeiling
    /// Not walking sideways anymore
    case notWalkingSideways
    /// Scanning state back to normal
    case trackingNormal
    /// Walking sideways. Displaying left warning
    case walkingSidewaysLeft
    /// Walking sideways. Displaying right warning
    case walkingSidewaysRight
    /// Horizontal scanning
    case horizontalScanning
    /// Not scanning horizontally anymore
    case notHorizontalScanning
    /// Started listening for speech.
    case speechListening
    /// Listening finished, displaying recognition results.
    case speechResults
    /// Recognition result '' was chosen.
    case speechChosen
    /// Recognition results canceled.
    case speechCancelled
    /// Speech recognition aborted.
    case speechAborted
    /// No speech recognition results.
    case speechNoResults
    /// All recognition results over the max length of 40 characters.
    case speechResultsTooLong
    /// Requesting RECORD_AUDIO permission.
    case microphonePermissionRequested
    /// User granted RECORD_AUDIO permission.
    case microphonePermissionGranted
    /// User denied RECORD_AUDIO permission.
    case microphonePermissionDenied
    /// Zipping the scan failed. The scan files will be deleted and CubiCapture will be finished.
    case zipFailed
    /// Invalid zip archive, attempting rezipping
    case zipInvalid
    /// Failed to write arkitdata to file. The scan files will be deleted and CubiCapture will be finished.
    case arkitDataWriteFailed
    /// Failed to write config to file
    case configWriteFailed
    /// Failed to start write depth data to file
    case depthWriteStartFailed
    /// Could not find filepath.
    case filePathNotFound
    /// Depth map or AVasset writer could not take frames in. Received when there was an error in writing the data to disk.
    case frameWriteFailed
    /// Unable to get correct values for the device's position.
    case invalidPose
    /// Thermal state nominal
    case thermalNominal
    /// Thermal state fair
    case thermalFair
    /// Thermal state serious
    case thermalSerious
    /// Thermal state critical
    case thermalCritical
    /// Low power mode activated
    case lowPowerOn
    /// Low power mode deactivated
    case lowPowerOff
    /// Active processor count is X of Y
    case processorCount
    /// Received memory warning
    case memoryWarning
    /// Storage: [minutes] minutes left
    case storageLow
    /// Relocation timed out.
    case relocationTimedOut
    /// No configuration found!
    case noConfiguration
    /// No snapshot for relocation. Cannot relocate.
    case noRelocationSnapshot
    /// Scanning aborted due to App going to the background
    case backgroundAborted
    /// Scanning too close
    case tooClose
    /// Scanning too far
    case tooFar
    /// Too fast rotations. Showing fast movement warning.
    case fastRotation
    /// Scanning distance back in acceptable range (proximity warning not shown anymore)
    case distanceInRange
    /// Failed to start writing scan log
    case scanLogStartFailed

    // Meanings CubiCapture 3.x added; each comment is the 3.1.3 README's description of its code.
    /// The device was held in landscape mode for too long (3.1.3: 4, `tooLongInWrongOrientation`)
    case wrongOrientationTooLong
    /// Tracking limited due to a lack of visual features (3.1.3: 10, `insufficientFeatures`)
    case trackingInsufficientFeatures
    /// The device is being held in the wrong orientation (3.1.3: 17, `invalidOrientation`)
    case wrongOrientation
    /// The feedback file could not be written (3.1.3: 55, `writeFeedbackFailed`)
    case feedbackWriteFailed
    /// There are no frames arriving from ARKit (3.1.3: 62, `notReceivingArFrames`)
    case notReceivingFrames
    /// Too many frames were skipped because the device is overloaded (3.1.3: 63, `tooManyFramesSkipped`)
    case tooManyFramesSkipped
    /// There is X% of battery charge left (3.1.3: 79, `battery`)
    case battery
    /// One or more files had an invalid file size (3.1.3: 84, `fileSizeCheckFailed`)
    case fileSizeCheckFailed
    /// The scan log file could not be written (3.1.3: 90, `scanLogWriteFailed`)
    case scanLogWriteFailed
    /// This device cannot be used for scanning (3.1.3: 106, `incompatibleDevice`)
    case incompatibleDevice
    /// The device is too hot for scanning (3.1.3: 107, `deviceTooHot`)
    case deviceTooHot
    /// The user has aborted the scan (3.1.3: 110, `userAborted`)
    case userAborted
    /// A photo could not be taken (3.1.3: 112, `photoCaptureFailed`)
    case photoCaptureFailed
    /// The photo log file could not be written (3.1.3: 113, `photoLogWriteFailed`)
    case photoLogWriteFailed
    /// The scene mesh file could not be written (3.1.3: 115, `sceneMeshWriteFailed`)
    case sceneMeshWriteFailed
    /// The user has not given permission to use the camera (3.1.3: 120, `noCameraPermission`)
    case noCameraPermission
    /// The device position is not being updated (internal iOS error) (3.1.3: 126, `cameraTranslationFrozen`)
    case translationFrozen
    /// The device orientation is not being updated (internal iOS error) (3.1.3: 127, `cameraOrientationFrozen`)
    case orientationFrozen
    /// The device position and orientation are not being updated (internal iOS error) (3.1.3: 128, `cameraTranslationAndOrientationFrozen`)
    case translationAndOrientationFrozen
    /// The device rotation is changing too fast, forcing a relocation (3.1.3: 129, `angularDriftDetected`)
    case angularDrift
    /// The device position is changing too fast, forcing a relocation (3.1.3: 130, `positionDriftDetected`)
    case positionDrift
    /// Starting a forced relocation from the previous worldmap snapshot (3.1.3: 131, `startedForcedRelocation`)
    case forcedRelocationStarted
    /// Starting an automatic relocation (triggered by iOS) (3.1.3: 132, `startedAutomaticRelocation`)
    case automaticRelocationStarted
    /// Relocation was completed successfully (3.1.3: 133, `relocationSuccessful`)
    case relocationSucceeded
    /// The session was interrupted (e.g., because the app was backgrounded) (3.1.3: 134, `arSessionInterrupted`)
    case sessionInterrupted
    /// The session is resuming (3.1.3: 135, `arSessionInterruptionEnded`)
    case sessionInterruptionEnded
    /// The scan could not be paused when drift was detected (3.1.3: 136, `pauseFailedOnDrift`)
    case pauseFailedOnDrift
    /// The scan could not be paused when the app was backgrounded (3.1.3: 137, `pauseFailedOnBackground`)
    case pauseFailedOnBackground
    /// The scan could not be paused when relocation started (3.1.3: 138, `pauseFailedOnRelocate`)
    case pauseFailedOnRelocate
    /// The video file writing could not be started (3.1.3: 140, `videoWriterSetupFailed`)
    case videoWriterSetupFailed
    /// The video file writing could not be paused (3.1.3: 141, `videoWriterPauseFailed`)
    case videoWriterPauseFailed
    /// The video file writing could not be resumed (3.1.3: 142, `videoWriterUnpauseFailed`)
    case videoWriterUnpauseFailed
    /// The video frame could not be written (3.1.3: 143, `videoWriterWriteFrameFailed`)
    case videoFrameWriteFailed
    /// The video file writing could not be completed (3.1.3: 144, `videoWriterEndFailed`)
    case videoWriterEndFailed
    /// The depth data file writing could not be completed (3.1.3: 152, `depthWriterEndFailed`)
    case depthWriterEndFailed
    /// The scan log could not be finished (3.1.3: 156, `scanLogEndFailed`)
    case scanLogEndFailed
    /// Repairing the zip file failed (3.1.3: 160, `rezipFailed`)
    case rezipFailed
    /// The repaired zip was invalid (3.1.3: 161, `rezipValidationFailed`)
    case rezipValidationFailed
    /// The ARKitData could not be read when continuing a scan (3.1.3: 170, `readArkitDataFailed`)
    case arkitDataReadFailed
}
