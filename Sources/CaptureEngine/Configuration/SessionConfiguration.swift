/// The SDK's scanning options (`CCCapture.options`); each defaults to enabled, as in the SDK.
public struct ScanOptions: Codable, Equatable, Sendable {
    /// `.speechRecognition`: room labels by speech (codes 40-49).
    public var speechRecognition = true
    /// `.meshVisualisation`: scene reconstruction and its mesh (LiDAR devices only).
    public var meshVisualisation = true
    /// `.backgroundResume`: relocate and resume after the app was backgrounded (else 83 and abort).
    public var backgroundResume = true
    /// `.azimuth`: record the heading relative to true north.
    public var azimuth = true
    /// `.storageWarnings`: warn when less than 10 minutes of storage remain (code 78).
    public var storageWarnings = true

    public init(speechRecognition: Bool = true, meshVisualisation: Bool = true, backgroundResume: Bool = true,
                azimuth: Bool = true, storageWarnings: Bool = true) {
        self.speechRecognition = speechRecognition
        self.meshVisualisation = meshVisualisation
        self.backgroundResume = backgroundResume
        self.azimuth = azimuth
        self.storageWarnings = storageWarnings
    }

    /// The names of the enabled options, in the SDK's order, as `arkitData.json` lists them.
    public var enabledNames: [String] {
        var names: [String] = []
        if speechRecognition { names.append("speechRecognition") }
        if meshVisualisation { names.append("meshVisualisation") }
        if backgroundResume { names.append("backgroundResume") }
        if azimuth { names.append("azimuth") }
        if storageWarnings { names.append("storageWarnings") }
        return names
    }
}

/// What the phone can do.
public struct DeviceCapabilities: Codable, Equatable, Sendable {
    /// Whether the device has a LiDAR scanner (depth maps, scene reconstruction, no ceiling warning).
    public var hasLiDAR = true
    /// Device model name written into the bundle.
    public var model = "iPhone 14 Pro"

    public init(hasLiDAR: Bool = true, model: String = "iPhone 14 Pro") {
        self.hasLiDAR = hasLiDAR
        self.model = model
    }
}

/// Everything fixed for one session: SDK profile, options, device, thresholds.
public struct SessionConfiguration: Equatable, Sendable {
    /// The SDK version imitated (default ``SDKProfile/standard``, 2.10).
    public var sdk: SDKProfile
    public var options: ScanOptions
    public var device: DeviceCapabilities
    public var thresholds: Thresholds
    /// Whether the record button only works in landscape-right, as on the phone. Replays of logs that
    /// start mid-scan (often held in portrait by loggers) turn it off to record from the first frame.
    public var landscapeGating: Bool
    /// Whether the app may use the camera (default granted). Denied, the SDK cannot run: 3.x reports
    /// 120 and aborts at the session's first input.
    public var cameraPermission: CameraPermission
    /// The bytes per second of recording the scan's `video.mp4` adds (default 0: no video counted). The
    /// engine reads no file: it is given the rate, which it adds to the minutes of storage reported at
    /// start (78) and to the bytes zipping reads (``ScanBytes``). A scene gives the rate its camera's
    /// video is encoded at (`StorageModel` in SyntheticSensor, the rate the sensor consumes free storage
    /// by); a bundle records the rate its session ran with (`arkitData.json`, `video.bytesPerSecond`),
    /// and a bundle without it (a phone's) gives its `video.mp4`'s size over the recorded time.
    public var videoBytesPerSecond: Double
    /// The frames a second the session receives (ARKit's 60 by default; a scene's `depth.frameRateHz`, a
    /// log's median rate), for the bytes a second of recording writes (``ScanBytes``).
    public var frameRateHz: Double = ScanBytes.nominalFrameRateHz
    /// Which frames carry a depth map on a LiDAR phone: every this-many-th (a scene's
    /// `depth.everyNthFrame`, a bundle's frames over its depth records), for the bytes a second of
    /// recording writes.
    public var depthEveryNthFrame: Int = 1

    /// The options as the profile has them: 3.x has no speech recognition (2.13.4 removed it) and no
    /// `backgroundResume` (an interruption always resumes), so a 3.x bundle lists neither.
    public var profileOptions: ScanOptions {
        var o = options
        let behaviour = sdk.behaviour
        if !behaviour.hasSpeech { o.speechRecognition = false }
        if behaviour.interruptionResumes { o.backgroundResume = false }
        return o
    }

    /// The bytes a second of recording writes at these settings (``ScanBytes/recordingBytesPerSecond(frameRateHz:depthEveryNthFrame:hasLiDAR:videoBytesPerSecond:)``).
    public var recordingBytesPerSecond: Double {
        ScanBytes.recordingBytesPerSecond(frameRateHz: frameRateHz, depthEveryNthFrame: depthEveryNthFrame,
                                          hasLiDAR: device.hasLiDAR, videoBytesPerSecond: videoBytesPerSecond)
    }

    public init(options: ScanOptions = ScanOptions(), device: DeviceCapabilities = DeviceCapabilities(),
                thresholds: Thresholds = Thresholds(), landscapeGating: Bool = true, sdk: SDKProfile = .standard,
                cameraPermission: CameraPermission = .granted, videoBytesPerSecond: Double = 0) {
        self.sdk = sdk
        self.cameraPermission = cameraPermission
        self.videoBytesPerSecond = videoBytesPerSecond
        self.options = options
        self.device = device
        self.thresholds = thresholds
        self.landscapeGating = landscapeGating
    }

    /// Whether scene reconstruction runs at all (LiDAR and meshVisualisation).
    public var reconstructsScene: Bool { device.hasLiDAR && options.meshVisualisation }
}
