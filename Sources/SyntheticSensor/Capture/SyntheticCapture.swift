import CaptureEngine

/// The synthetic phone: a scene (and seed) turned into the engine's time-ordered input stream.
///
/// Iterating yields `SessionInput`s lazily (memory stays flat for long scans): camera frames at the
/// scene's frame rate with pose, wide-camera intrinsics, tracking state and LiDAR depth (or sparse
/// feature depths without LiDAR); system samples (everything at the start, storage every second, and
/// every change); and the person's actions. It reports what the phone measures and decides nothing the
/// engine decides. The stream ends ``ScriptTimeline/tailAfterStop`` seconds after a confirmed stop, or
/// at the end of the script.
public struct SyntheticCapture: Sequence, Sendable {
    /// The scene.
    public let scene: Scene
    /// The seed in use (the scene's unless overridden).
    public let seed: UInt64
    /// Rendering options.
    public let options: CaptureOptions
    let timeline: ScriptTimeline
    let renderer: DepthRenderer
    /// The RGB camera, when the options ask for images.
    let colorRenderer: ColorRenderer?
    /// The labels at the camera's resolution (`--truth labels` with images): a raster of the colour
    /// camera's intrinsics over the same geometry, its range the camera's (50 m), no error model.
    let cameraLabelRenderer: DepthRenderer?

    /// A capture of `scene`; `seed` overrides the scene's seed.
    public init(scene: Scene, seed: UInt64? = nil, options: CaptureOptions = CaptureOptions()) {
        self.scene = scene
        self.seed = seed ?? scene.seed
        self.options = options
        timeline = ScriptTimeline(scene: scene)
        let geometry = SceneGeometry(scene: scene)
        renderer = DepthRenderer(geometry: geometry, settings: scene.lidar)
        let colorRenderer = options.colorImages
            ? ColorRenderer(geometry: geometry, rooms: scene.rooms, settings: options.camera ?? scene.camera) : nil
        self.colorRenderer = colorRenderer
        if let colorRenderer, options.truth.contains(.labels) {
            var settings = LiDARSettings(rangeMeters: 50)
            settings.errorModel = .white
            cameraLabelRenderer = DepthRenderer(geometry: geometry, intrinsics: colorRenderer.intrinsics, settings: settings)
        } else {
            cameraLabelRenderer = nil
        }
    }

    /// The session configuration the scene implies (options, device, thresholds), with the video rate of
    /// the camera in use (the options' or the scene's) and the depth cadence in use.
    public var configuration: SessionConfiguration {
        var configuration = scene.configuration
        configuration.videoBytesPerSecond = StorageModel.videoBytesPerSecond(camera: camera)
        configuration.depthEveryNthFrame = Swift.max(1, options.depthEveryNthFrame ?? scene.depth.everyNthFrame)
        return configuration
    }
    /// The scan metadata the host app passes.
    public var metadata: ScanMetadata { scene.metadata }
    /// The scene's surfaces as a mesh (walls with holes, floors, ceilings, objects), for the bundle.
    public var mesh: TriangleMesh { renderer.geometry.mesh }
    /// Storage faults the scene asks to inject.
    public var faults: [StorageFault] { scene.faults }
    /// Length of the stream, seconds.
    public var duration: Double { timeline.endTime }
    /// When the script records (from the first level pose after `record` to the confirmed stop), seconds,
    /// or nil when it never records.
    public var recordingSeconds: Range<Double>? { timeline.recording.map { $0.start..<$0.end } }
    /// The depth renderer (the scene's geometry and LiDAR model).
    public var depthRenderer: DepthRenderer { renderer }

    /// The RGB camera settings in use (the options' or the scene's).
    public var camera: CameraSettings { options.camera ?? scene.camera }
    /// The colour renderer, when the options ask for images.
    public var colorRendering: ColorRenderer? { colorRenderer }

    /// Frames rendered as camera images in one frame of `colorFrameStride`: the scene's frame rate over
    /// the camera's, rounded.
    var colorFrameStride: Int { Swift.max(1, Int((scene.depth.frameRateHz / camera.frameRateHz).rounded())) }

    /// Whether frame `index`, at `time` seconds, has a camera image: it is recorded (`recording`, seconds)
    /// and its index a multiple of ``colorFrameStride``.
    func hasColorImage(index: Int, time: Double, recording: Range<Double>) -> Bool {
        index % colorFrameStride == 0 && recording.contains(time)
    }

    /// The frames with a camera image (``hasColorImage(index:time:recording:)``).
    func colorFrameIndices(recording: Range<Double>) -> [Int] {
        let rate = scene.depth.frameRateHz
        let first = Int((recording.lowerBound * rate).rounded(.up)), last = Int((recording.upperBound * rate).rounded(.up))
        return (first..<Swift.max(first, last + 1)).filter { hasColorImage(index: $0, time: Double($0) / rate, recording: recording) }
    }

    /// The true (not reported) camera-to-world pose at a time: the scripted motion with hand motion.
    public func truePose(at time: Double) -> RigidTransform {
        var hint = 0
        return HandHeldMotion(timeline: timeline, settings: scene.motion, seed: seed).pose(at: time, hint: &hint)
    }

    public func makeIterator() -> SyntheticCaptureIterator {
        SyntheticCaptureIterator(capture: self)
    }
}
