import BundleIO
import CaptureEngine

/// Where and how a storage writes one scan's bundle. Defaults are documented on each field.
public struct BundleSettings: Sendable {
    /// The folder the bundle folder is created in.
    public var outputFolder: String
    /// The bundle folder's name: the bundle is `outputFolder/name`, built in a private partial folder
    /// `outputFolder/.name.<pid>-<n>.partial`. One file name (``FileNameRule``).
    public var name: String
    /// Property type, address, uid (the zip is `<uid>.zip`), azimuth, versions.
    public var metadata: ScanMetadata
    /// The session's options, device and thresholds: give the same configuration the session runs with
    /// (the storage needs the device before the session hands its configuration to `writeScanFiles`).
    public var session: SessionConfiguration
    /// The reconstructed scene, written as `mesh.ply` / `mesh.obj` (default nil: no mesh file).
    public var mesh: TriangleMesh?
    /// Replace an existing bundle of the same name when the new one is complete (default false:
    /// refuse to start, with code 58).
    public var force: Bool
    /// Injected failures (default none).
    public var faults: FaultPlan
    /// Deflate level of the zip's entries, 1 (fastest) ... 9 (smallest); default 6, zlib's default.
    public var zipCompressionLevel: Int
    /// Store `allDepthFrames.bin` in the zip without compression (default true). Noisy half-float
    /// depth deflates to only about a third of its size at about 40 MB/s (level 6) on this project's
    /// machine: minutes of zipping for a 10-minute scan. False deflates it like the other entries.
    public var zipStoresDepthFrames: Bool
    /// Compression of the raw RGBD package's depth and confidence PNGs (default ``PNGCompression/rle``).
    public var pngCompression: PNGCompression
    /// Encoding of the frames' camera images: `video.mp4`, `rgb/*.jpg` (default ``BundleImageSettings()``).
    public var images = BundleImageSettings()
    /// Files of the scene's truth written into the bundle's `truth/` folder beside the SDK's files (not in
    /// the zip), by name within `truth/`: `room.json` and `floorplan.svg` for a synthetic capture
    /// (default none).
    public var truthFiles: [String: [UInt8]] = [:]

    public init(outputFolder: String, name: String, metadata: ScanMetadata = ScanMetadata(),
                session: SessionConfiguration = SessionConfiguration(), mesh: TriangleMesh? = nil,
                force: Bool = false, faults: FaultPlan = .none, zipCompressionLevel: Int = 6,
                zipStoresDepthFrames: Bool = true, pngCompression: PNGCompression = .rle) {
        self.outputFolder = outputFolder
        self.name = name
        self.metadata = metadata
        self.session = session
        self.mesh = mesh
        self.force = force
        self.faults = faults
        self.zipCompressionLevel = zipCompressionLevel
        self.zipStoresDepthFrames = zipStoresDepthFrames
        self.pngCompression = pngCompression
    }

    /// The finished bundle's path.
    public var bundlePath: String { BundleSettings.join(outputFolder, name) }

    static func join(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
    }
}
