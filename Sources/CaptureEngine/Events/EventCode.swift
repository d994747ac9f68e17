/// Every event code of the CubiCapture SDK (documentation version 2.10, "The event codes"), with its
/// raw value as the host app receives it.
///
/// The table is the authority: ``documentation`` holds the doc's own text for each code, ``severity``
/// says what the code means for the scan (an ``EventSeverity/error`` aborts it and removes its files).
public enum EventCode: Int, CaseIterable, Sendable, Codable, Comparable {
    /// Received when the device is in landscape orientation. This is usually the first status code received when the device is turned to landscape orientation in order to start recording. The scanning cannot be started if the device is not in landscape orientation.
    case landscape = 0
    /// Received when the record button is pressed for the first time and scan is started.
    case recordingStarted = 1
    /// Received when the record button is pressed for the second time and scan has enough data. The saving of the scan files begins after this.
    case finishedWithEnoughData = 2
    /// Finished recording - Not enough data.
    case finishedNotEnoughData = 3
    /// Finished recording - CubiCapture is finished. You can now finish your scanning controller.
    case finished = 5
    /// Received when the zipping of the scan files is finished. The description will contain a path to the zip file. You also get the path from zippedDataLocation(_ controller: CCCapture, location: URL) delegate method.
    case zipped = 7
    /// ARKit tracking failure Insuffient light. Received when ARKit motion tracking is lost due to poor lighting conditions.
    case trackingInsufficientLight = 8
    /// ARKit tracking failure excessive motion. Received when the device is moving excessively
    case trackingExcessiveMotion = 9
    /// Scan drifted! Position changed by over 10 meters during 2 second interval. The scan files will be deleted and CubiCapture will be finished.
    case drifted = 13
    /// Error, removing scan. Received when the scan is not successful. The scan files are deleted and CubiCapture will be finished.
    case scanRemoved = 15
    /// Received when the device is in reverse-landscape orientation and if the device has been in landscape orientation at least once.
    case reverseLandscape = 17
    /// Playing error sound.
    case errorSound = 18
    /// Received when the pitch of the camera has been too low for a certain amount of time (Scanning floor).
    case scanningFloor = 21
    /// Scanning ceiling.
    case scanningCeiling = 22
    /// Not scanning ceiling or floor. Received when the pitch of the camera is valid again.
    case notScanningFloorOrCeiling = 23
    /// Not wrong orientation anymore.
    case notWrongOrientation = 24
    /// Not scanning ceiling.
    case notScanningCeiling = 26
    /// Not walking sideways anymore
    case notWalkingSideways = 27
    /// Scanning state back to normal
    case trackingNormal = 28
    /// Walking sideways. Displaying left warning
    case walkingSidewaysLeft = 29
    /// Walking sideways. Displaying right warning
    case walkingSidewaysRight = 30
    /// Horizontal scanning
    case horizontalScanning = 31
    /// Not scanning horizontally anymore
    case notHorizontalScanning = 32
    /// Started listening for speech.
    case speechListening = 40
    /// Listening finished, displaying recognition results.
    case speechResults = 41
    /// Recognition result '' was chosen.
    case speechChosen = 42
    /// Recognition results canceled.
    case speechCancelled = 43
    /// Speech recognition aborted.
    case speechAborted = 44
    /// No speech recognition results.
    case speechNoResults = 45
    /// All recognition results over the max length of 40 characters.
    case speechResultsTooLong = 46
    /// Requesting RECORD_AUDIO permission.
    case microphonePermissionRequested = 47
    /// User granted RECORD_AUDIO permission.
    case microphonePermissionGranted = 48
    /// User denied RECORD_AUDIO permission.
    case microphonePermissionDenied = 49
    /// Zipping the scan failed. The scan files will be deleted and CubiCapture will be finished.
    case zipFailed = 51
    /// Invalid zip archive, attempting rezipping
    case zipInvalid = 53
    /// Failed to write arkitdata to file. The scan files will be deleted and CubiCapture will be finished.
    case arkitDataWriteFailed = 54
    /// Failed to write config to file
    case configWriteFailed = 56
    /// Failed to start write depth data to file
    case depthWriteStartFailed = 57
    /// Could not find filepath.
    case filePathNotFound = 58
    /// Depth map or AVasset writer could not take frames in. Received when there was an error in writing the data to disk.
    case frameWriteFailed = 59
    /// Unable to get correct values for the device's position.
    case invalidPose = 66
    /// Thermal state nominal
    case thermalNominal = 70
    /// Thermal state fair
    case thermalFair = 71
    /// Thermal state serious
    case thermalSerious = 72
    /// Thermal state critical
    case thermalCritical = 73
    /// Low power mode activated
    case lowPowerOn = 74
    /// Low power mode deactivated
    case lowPowerOff = 75
    /// Active processor count is X of Y
    case processorCount = 76
    /// Received memory warning
    case memoryWarning = 77
    /// Storage: [minutes] minutes left
    case storageLow = 78
    /// Relocation timed out.
    case relocationTimedOut = 80
    /// No configuration found!
    case noConfiguration = 81
    /// No snapshot for relocation. Cannot relocate.
    case noRelocationSnapshot = 82
    /// Scanning aborted due to App going to the background
    case backgroundAborted = 83
    /// Scanning too close
    case tooClose = 85
    /// Scanning too far
    case tooFar = 86
    /// Too fast rotations. Showing fast movement warning.
    case fastRotation = 87
    /// Scanning distance back in acceptable range (proximity warning not shown anymore)
    case distanceInRange = 88
    /// Failed to start writing scan log
    case scanLogStartFailed = 90

    public static func < (a: EventCode, b: EventCode) -> Bool { a.rawValue < b.rawValue }

    /// The SDK documentation's description of the code, verbatim.
    public var documentation: String {
        switch self {
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
        }
    }

    /// What the code means for the scan.
    public var severity: EventSeverity {
        switch self {
        case .drifted, .scanRemoved, .zipFailed, .arkitDataWriteFailed, .depthWriteStartFailed, .filePathNotFound, .frameWriteFailed, .invalidPose, .relocationTimedOut, .noConfiguration, .noRelocationSnapshot, .backgroundAborted:
            .error
        case .trackingInsufficientLight, .trackingExcessiveMotion, .reverseLandscape, .errorSound, .scanningFloor, .scanningCeiling, .walkingSidewaysLeft, .walkingSidewaysRight, .horizontalScanning, .zipInvalid, .configWriteFailed, .thermalCritical, .memoryWarning, .storageLow, .tooClose, .tooFar, .fastRotation, .scanLogStartFailed:
            .warning
        default:
            .info
        }
    }
}
