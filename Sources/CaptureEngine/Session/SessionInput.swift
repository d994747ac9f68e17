/// One time-stamped input to the session's step function.
///
/// Times are seconds on the session's own clock (the first input is usually at 0); they come from the
/// input stream, never from a wall clock. Inputs must arrive in non-decreasing time order.
public struct SessionInput: Sendable {
    /// Seconds since the session's clock started.
    public var time: Double
    /// What happened.
    public var kind: Kind

    public init(time: Double, _ kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The kinds of input.
    public enum Kind: Sendable {
        /// A camera frame from the tracker (and, on LiDAR devices, its depth).
        case frame(CameraFrame)
        /// A reading of the system monitor.
        case system(SystemSample)
        /// Something the person did.
        case user(UserAction)
        /// The outcome of a file operation the host performed for the session.
        case storage(StorageOutcome)
    }
}

/// ARKit's camera tracking state.
public enum TrackingState: Equatable, Sendable {
    /// Tracking is normal.
    case normal
    /// Tracking is limited for a reason.
    case limited(LimitedReason)
    /// Tracking is not available (lost).
    case notAvailable

    /// ARKit's reasons for limited tracking.
    public enum LimitedReason: String, Sendable, CaseIterable {
        case initializing, excessiveMotion, insufficientFeatures, insufficientLight, relocalizing
    }
}

/// Pinhole intrinsics in pixels at the resolution of the image they belong to.
public struct CameraIntrinsics: Equatable, Sendable {
    /// Image width and height, pixels.
    public var width: Int, height: Int
    /// Focal lengths, pixels.
    public var fx: Double, fy: Double
    /// Principal point, pixels (0 at the left/top edge of the first pixel).
    public var cx: Double, cy: Double

    public init(width: Int, height: Int, fx: Double, fy: Double, cx: Double, cy: Double) {
        self.width = width; self.height = height
        self.fx = fx; self.fy = fy; self.cx = cx; self.cy = cy
    }

    /// The same camera at another resolution (focal lengths and principal point scaled; the principal
    /// point keeps its position relative to the pixel grid).
    public func scaled(toWidth w: Int, height h: Int) -> CameraIntrinsics {
        let sx = Double(w) / Double(width), sy = Double(h) / Double(height)
        return CameraIntrinsics(width: w, height: h, fx: fx * sx, fy: fy * sy,
                                cx: (cx + 0.5) * sx - 0.5, cy: (cy + 0.5) * sy - 0.5)
    }

    /// An iPhone Pro's wide camera, 1920x1440 (landscape).
    public static let wideCamera = CameraIntrinsics(width: 1920, height: 1440, fx: 1_590, fy: 1_590,
                                                   cx: 959.5, cy: 719.5)
    /// The LiDAR depth map's intrinsics: the wide camera scaled to 256x192.
    public static let lidarDepth = wideCamera.scaled(toWidth: 256, height: 192)
}

/// A depth map with per-pixel confidence, as ARKit's `sceneDepth`.
///
/// Row-major, row 0 at the top of the landscape image. Depth is z-depth in metres along the camera's
/// viewing axis (not ray length); 0 means no return. Confidence is 0 (low), 1 (medium) or 2 (high).
public struct DepthMap: Sendable {
    public var width: Int
    public var height: Int
    /// `width * height` depths in metres, 0 = no return.
    public var depth: [Float]
    /// `width * height` confidences 0/1/2.
    public var confidence: [UInt8]

    /// What a synthetic capture knows of this map and a phone does not, when asked for (`--truth`): the
    /// depth before the error model and what each pixel sees; nil otherwise. The session ignores it.
    public var truth: DepthTruth?

    public init(width: Int, height: Int, depth: [Float], confidence: [UInt8], truth: DepthTruth? = nil) {
        self.width = width; self.height = height
        self.depth = depth; self.confidence = confidence
        self.truth = truth
    }
}

/// A depth map's truth, pixel for pixel with it (docs/bundle-format.md, `raw/depth_true/`, `raw/labels/`).
public struct DepthTruth: Sendable {
    /// The renderer's z-depth in metres before the error model (no noise, no flying pixels, no fill),
    /// 0 where nothing lies within range; nil when not asked for.
    public var depth: [Float]?
    /// Each pixel's semantic class (`truth/labels.json`: 0 nothing, 1 wall, 2 floor, 3 ceiling, 4 clutter,
    /// 10... RoomPlan's object categories); nil when not asked for.
    public var semanticClass: [UInt8]?
    /// Each pixel's instance: 0 nothing or the rooms' structure, 1...n the scene's objects (index + 1),
    /// 1001... clutter items (item + 1001); nil when not asked for.
    public var instance: [UInt16]?
    /// The same two at the camera image's resolution, for frames with an image (`--truth labels` with
    /// images): `imageWidth * imageHeight` values each, row-major.
    public var imageSemanticClass: [UInt8]?, imageInstance: [UInt16]?
    public var imageWidth = 0, imageHeight = 0

    public init(depth: [Float]? = nil, semanticClass: [UInt8]? = nil, instance: [UInt16]? = nil) {
        self.depth = depth
        self.semanticClass = semanticClass
        self.instance = instance
    }
}

/// One camera frame.
public struct CameraFrame: Sendable {
    /// Camera-to-world transform (ARKit world, metres).
    public var transform: RigidTransform
    /// Intrinsics of the wide camera image.
    public var intrinsics: CameraIntrinsics
    /// Tracking state reported with this frame.
    public var tracking: TrackingState
    /// The LiDAR depth map, on LiDAR devices when depth was captured for this frame.
    public var depth: DepthMap?
    /// On devices without LiDAR: depths (metres along the viewing axis) of the tracked feature points,
    /// when available. The proximity detector uses them in place of a depth map.
    public var featureDepths: [Float]?
    /// The wide camera's image, when the capture renders one for this frame (recorded frames on the
    /// video's frame rate); the session ignores it, the bundle writers encode it.
    public var color: ColorImage?
    /// The camera's true camera-to-world transform (ARKit world, metres) when the frame comes from a
    /// synthetic capture, which knows it; nil for logged frames. ``transform`` is the tracker's estimate
    /// of it. The session ignores it; the bundle writers record it beside the estimate.
    public var truePose: RigidTransform?

    public init(transform: RigidTransform, intrinsics: CameraIntrinsics = .wideCamera,
                tracking: TrackingState = .normal, depth: DepthMap? = nil, featureDepths: [Float]? = nil,
                color: ColorImage? = nil, truePose: RigidTransform? = nil) {
        self.color = color
        self.truePose = truePose
        self.transform = transform
        self.intrinsics = intrinsics
        self.tracking = tracking
        self.depth = depth
        self.featureDepths = featureDepths
    }
}

/// iOS's `ProcessInfo.ThermalState`.
public enum ThermalState: Int, Comparable, Sendable, CaseIterable, Codable {
    case nominal = 0, fair, serious, critical

    public static func < (a: ThermalState, b: ThermalState) -> Bool { a.rawValue < b.rawValue }

    /// The name as iOS spells it.
    public var name: String {
        switch self {
        case .nominal: "nominal"
        case .fair: "fair"
        case .serious: "serious"
        case .critical: "critical"
        }
    }
}

/// A reading of the system monitor. Each field is optional: nil means "not measured in this sample".
public struct SystemSample: Sendable, Equatable {
    public var thermal: ThermalState?
    /// Free bytes on the volume the scan is written to.
    public var storageFreeBytes: Int64?
    /// Whether low power mode is on.
    public var lowPowerMode: Bool?
    /// Active processor count.
    public var activeProcessors: Int?
    /// Processor count of the device.
    public var processorCount: Int?
    /// A memory warning was received.
    public var memoryWarning: Bool
    /// Battery charge, whole percent 0...100 (`UIDevice.batteryLevel`).
    public var batteryPercent: Int?

    public init(thermal: ThermalState? = nil, storageFreeBytes: Int64? = nil, lowPowerMode: Bool? = nil,
                activeProcessors: Int? = nil, processorCount: Int? = nil, memoryWarning: Bool = false,
                batteryPercent: Int? = nil) {
        self.batteryPercent = batteryPercent
        self.thermal = thermal
        self.storageFreeBytes = storageFreeBytes
        self.lowPowerMode = lowPowerMode
        self.activeProcessors = activeProcessors
        self.processorCount = processorCount
        self.memoryWarning = memoryWarning
    }
}

/// What the person does with the phone's UI.
public enum UserAction: Sendable, Equatable {
    /// The record button is pressed (first press starts, later presses ask to stop).
    case recordPressed
    /// The stop confirmation dialog is confirmed.
    case stopConfirmed
    /// The stop confirmation dialog is dismissed; recording continues.
    case stopCancelled
    /// The app goes to the background.
    case background
    /// The app comes back to the foreground.
    case foreground
    /// The speech button is pressed to say a room label; `permissionGranted` is the person's answer if
    /// the microphone permission still has to be asked.
    case speechStarted(permissionGranted: Bool)
    /// Speech recognition finished with these candidate labels (possibly none).
    case speechResults([String])
    /// The candidate at this index (0-based) was chosen.
    case speechChosen(index: Int)
    /// The results were dismissed without choosing.
    case speechCancelled
    /// Recognition failed with an error.
    case speechAborted
    /// The person closes the scanning view before the scan is saved: the scan is given up (3.x: user
    /// aborted, 110; its files are removed).
    case closeView
}

/// The bundle files the session asks the host to write; each maps to the SDK's failure code.
public enum ScanFile: String, Sendable, CaseIterable, Codable {
    /// `arkitData.json` (54 on failure).
    case arkitData
    /// `config.json` (56).
    case config
    /// `allDepthFrames.bin`, opened when recording starts (57) and appended each frame (59).
    case depthFrames
    /// `scan.log`, opened when recording starts (90).
    case scanLog
    /// The scan folder itself (58).
    case folder
    /// `<UID>.zip` (51; 53 when it fails validation).
    case zip
    /// `feedback.json`.
    case feedback
    /// The reconstructed mesh.
    case mesh
}

/// The outcome of a file operation the host performed, fed back so the session emits the SDK's codes.
public enum StorageOutcome: Sendable, Equatable {
    /// Starting to write a stream failed (at record start: depth 57, scan log 90; folder 58).
    case openFailed(ScanFile)
    /// Writing a file failed (arkitData 54, config 56, depth frame 59, zip 51).
    case writeFailed(ScanFile)
    /// All scan files were written.
    case filesWritten
    /// The zip failed validation (53); the host re-zips once.
    case zipInvalid
    /// The zip is written and valid at this path.
    case zipped(path: String)
}
