import CaptureEngine
import JSONSupport

/// A scene: the home (rooms, openings, objects), the phone, and the script of what happens, loaded from
/// a scene file (see docs/scene-format.md). Every scene is a runnable example and a regression case.
public struct Scene: Sendable {
    /// Short name (default: the file name without extension).
    public var name: String
    /// What the scene shows.
    public var description: String
    /// Seed of every random choice (noise, hand motion); default 1.
    public var seed: UInt64
    /// The SDK version the session imitates (`"sdk"`, default 2.10).
    public var sdk: SDKProfile
    /// The scan metadata the host app passes to the SDK.
    public var metadata: ScanMetadata
    /// The phone and its state at the start.
    public var device: SceneDevice
    /// Depth frame rate settings.
    public var depth: DepthSettings
    /// Detector thresholds (defaults with the scene's partial `thresholds` object applied).
    public var thresholds: Thresholds
    /// Storage faults to inject, as plain data.
    public var faults: [StorageFault]
    /// The regression checker's expectations, kept as written and not interpreted here.
    public var expect: JSONValue?
    /// The regression checker's golden data, kept as written and not interpreted here.
    public var golden: JSONValue?
    /// The rooms.
    public var rooms: [Room]
    /// Furniture and fixtures.
    public var objects: [SceneObject]
    /// The hand-held motion model.
    public var motion: HandMotionSettings
    /// The LiDAR model.
    public var lidar: LiDARSettings
    /// The tracker's pose error: how the reported pose differs from the true one (default ``PoseErrorSettings()``).
    public var tracking = PoseErrorSettings()
    /// The RGB camera: video and JPEG size and rate, lights, exposure, blur, noise (default ``CameraSettings()``).
    public var camera = CameraSettings()
    /// The script, in order.
    public var script: [ScriptStep]
    /// The file the scene came from (for messages), or a description of its source.
    public var source: String

    public init(name: String, description: String = "", seed: UInt64 = 1, sdk: SDKProfile = .standard, metadata: ScanMetadata = ScanMetadata(),
                device: SceneDevice = SceneDevice(), depth: DepthSettings = DepthSettings(),
                thresholds: Thresholds = Thresholds(), faults: [StorageFault] = [], expect: JSONValue? = nil,
                golden: JSONValue? = nil, rooms: [Room], objects: [SceneObject] = [],
                motion: HandMotionSettings = HandMotionSettings(), lidar: LiDARSettings = LiDARSettings(),
                script: [ScriptStep], source: String = "scene") {
        self.name = name
        self.description = description
        self.seed = seed
        self.sdk = sdk
        self.metadata = metadata
        self.device = device
        self.depth = depth
        self.thresholds = thresholds
        self.faults = faults
        self.expect = expect
        self.golden = golden
        self.rooms = rooms
        self.objects = objects
        self.motion = motion
        self.lidar = lidar
        self.script = script
        self.source = source
    }

    /// The session configuration the scene implies: its options, device, thresholds, the rate its
    /// camera's video takes (``StorageModel/videoBytesPerSecond(camera:)``), its frame rate and depth
    /// cadence (the bytes a second of recording writes).
    public var configuration: SessionConfiguration {
        var thresholds = self.thresholds
        // 3.x's skipped-frame share (63) counts against the frames the camera delivers: the scene's rate,
        // unless the scene sets `frames.expectedRateHz` itself (issue 48: 30 and 20 Hz scenes fired 63).
        if thresholds.frames.expectedRateHz == Thresholds().frames.expectedRateHz {
            thresholds.frames.expectedRateHz = depth.frameRateHz
        }
        var configuration = SessionConfiguration(options: device.options, device: device.capabilities, thresholds: thresholds,
                                                 sdk: sdk, cameraPermission: device.cameraPermission,
                                                 videoBytesPerSecond: StorageModel.videoBytesPerSecond(camera: camera))
        configuration.frameRateHz = depth.frameRateHz
        configuration.depthEveryNthFrame = depth.everyNthFrame
        return configuration
    }

    /// The scene's surfaces as one mesh (walls with their holes, floors, ceilings, object boxes),
    /// Y-up world, metres.
    public var mesh: TriangleMesh { SceneGeometry(scene: self).mesh }
}
