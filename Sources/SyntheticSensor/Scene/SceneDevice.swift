import CaptureEngine

/// The phone a scene runs on and its state when the view is presented.
public struct SceneDevice: Sendable, Equatable {
    /// LiDAR and model name (default: an iPhone 14 Pro with LiDAR).
    public var capabilities: DeviceCapabilities
    /// The SDK options the host app enables (default: all on).
    public var options: ScanOptions
    /// Free bytes on the volume at the start (default 64 GB).
    public var storageFreeBytes: Int64
    /// Thermal state at the start (default nominal).
    public var thermal: ThermalState
    /// How the thermal state rises while recording.
    public var thermalModel: ThermalModel
    /// Processor count of the device (default 6).
    public var processorCount: Int
    /// Active processor count at the start (default: all).
    public var activeProcessors: Int
    /// Low power mode at the start (default off).
    public var lowPowerMode: Bool
    /// How long ARKit reports `limited(initializing)` after the view is presented, seconds (default 0.5).
    public var trackingInitializingSeconds: Double
    /// How long ARKit reports `limited(relocalizing)` when the app comes back from the background, before
    /// tracking is normal again, seconds (default 2; a guess: ARKit relocalizes once the camera sees
    /// enough of a mapped place, which takes seconds, longer the less of it is in view).
    public var relocalizingSeconds: Double
    /// Battery charge at the start, whole percent (default nil: the battery is not sampled).
    public var batteryPercent: Int?
    /// The camera permission the app holds (default granted); denied, the phone delivers no frames.
    public var cameraPermission: CameraPermission

    public init(capabilities: DeviceCapabilities = DeviceCapabilities(), options: ScanOptions = ScanOptions(),
                storageFreeBytes: Int64 = 64_000_000_000, thermal: ThermalState = .nominal,
                thermalModel: ThermalModel = ThermalModel(), processorCount: Int = 6, activeProcessors: Int = 6,
                lowPowerMode: Bool = false, trackingInitializingSeconds: Double = 0.5, relocalizingSeconds: Double = 2,
                batteryPercent: Int? = nil, cameraPermission: CameraPermission = .granted) {
        self.batteryPercent = batteryPercent
        self.cameraPermission = cameraPermission
        self.capabilities = capabilities
        self.options = options
        self.storageFreeBytes = storageFreeBytes
        self.thermal = thermal
        self.thermalModel = thermalModel
        self.processorCount = processorCount
        self.activeProcessors = activeProcessors
        self.lowPowerMode = lowPowerMode
        self.trackingInitializingSeconds = trackingInitializingSeconds
        self.relocalizingSeconds = relocalizingSeconds
    }
}
