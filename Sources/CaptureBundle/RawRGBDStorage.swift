import BundleIO
import CaptureEngine
import JSONSupport
#if canImport(Glibc)
import Glibc
#endif

/// Writes a scan as the raw RGBD package (docs/bundle-format.md): `manifest.json`, `mesh.obj` (Z up,
/// metres), `raw/intrinsics.json`, `raw/poses.csv` (camera-to-world, Z-up world, OpenCV camera, and
/// each frame's capture time: the tracker's estimate), `raw/poses_true.csv` (the same columns, the true
/// poses, when the frames carry them: synthetic captures),
/// `raw/depth/00000.png` (16-bit millimetres, 0 = no data) and `raw/confidence/00000.png` (8-bit 0/1/2),
/// numbered by depth frame, and `raw/rgb/00000.jpg` (the camera image, for depth frames that carry one)
/// with `raw/rgb_intrinsics.json` (with the lens's distortion coefficients `k1`, `k2`, `p1`, `p2`, `k3`
/// when ``BundleImageSettings/distortion`` has them).
///
/// PNGs and pose rows are written as each recorded depth frame arrives (the PNGs by worker threads, up
/// to four frames behind; a failed PNG write is reported four frames later, the same frame in every run); the package is built in
/// `.<name>.partial` and renamed to `<name>` when the session's zip step comes (the package has no zip).
/// Failures map to the SDK's codes as: folders 58, the pose stream's start 57, a depth frame's PNGs or
/// pose row 59, `manifest.json` 54, `raw/intrinsics.json` 56, `mesh.obj` as the mesh.
public final class RawRGBDStorage: ScanStorage {
    /// The package's settings.
    public let settings: BundleSettings
    let workspace: BundleWorkspace
    private var poses: OutputFile?
    /// `raw/poses_true.csv` while it is written, and its rows so far.
    private var truePoses: OutputFile?
    private var truePoseRows = 0
    private var depthIntrinsics: CameraIntrinsics?
    /// The camera images' intrinsics, from the first frame with an image.
    private var colorIntrinsics: CameraIntrinsics?
    /// JPEGs written so far.
    public private(set) var colorFrameCount = 0
    /// Depth frames written so far.
    public private(set) var frameCount = 0
    private var recording = false
    /// Frames whose PNGs are being encoded and written on worker threads (4 at most).
    private let frameJobs = FrameJobWindow<ScanStorageError>(window: 4)

    static let posesStreamName = "raw/.poses.csv.part"
    static let truePosesStreamName = "raw/.poses_true.csv.part"
    /// The header line of `raw/poses.csv`: the frame number, the pose, and the frame's capture time in
    /// seconds on the session clock (last, so readers taking the first eight columns by position read
    /// the pose as before).
    public static let posesHeader = "frame,x,y,z,qx,qy,qz,qw,time"

    public init(settings: BundleSettings) {
        self.settings = settings
        workspace = BundleWorkspace(settings: settings)
    }

    /// The faults that fired so far, and those still pending.
    public var faults: FaultPlan { workspace.faults }

    /// `depth/00000.png`-style name of a depth frame's files.
    public static func frameFileName(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    public func observe(_ input: SessionInput, recorded: Bool) { workspace.now = input.time }

    /// Creates the package folders (58) and starts `raw/poses.csv` (57).
    public func beginRecording(at time: Double) throws(ScanStorageError) {
        workspace.now = time
        try workspace.create()
        recording = true
        for folder in ["raw", "raw/depth", "raw/confidence"] { try workspace.makeSubfolder(folder, for: .folder) }
        try workspace.check(.depthFrames, .open, path: workspace.path("raw/poses.csv"))
        do throws(FileSystemError) {
            let file = try OutputFile(creating: workspace.path(Self.posesStreamName))
            try file.write(Self.posesHeader + "\n")
            poses = file
            let truth = try OutputFile(creating: workspace.path(Self.truePosesStreamName))
            try truth.write(Self.posesHeader + "\n")
            truePoses = truth
        } catch {
            throw ScanStorageError(file: .depthFrames, opening: true, reason: error.description)
        }
    }

    /// Writes the frame's depth and confidence PNGs and its pose row (59 on failure).
    public func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) {
        workspace.now = time
        guard let depth = frame.depth else { return }
        let name = Self.frameFileName(frameCount)
        guard let poses else {
            throw ScanStorageError(file: .depthFrames, opening: false, reason: "\(workspace.path("raw/poses.csv")): the pose stream is not open")
        }
        try workspace.check(.depthFrames, .write, path: workspace.path("raw/depth/" + name))
        let n = depth.width * depth.height
        guard depth.depth.count == n, depth.confidence.count == n, n > 0 else {
            throw ScanStorageError(file: .depthFrames, opening: false,
                                   reason: "\(workspace.path("raw/depth/" + name)): depth map \(depth.width)x\(depth.height) has \(depth.depth.count) depths and \(depth.confidence.count) confidences")
        }
        // The PNGs (and JPEG) are encoded and written by a worker thread while this one goes on with the
        // next frames; a failure comes back `frameJobs.window` frames later (the same frame in every run).
        let depthPath = workspace.path("raw/depth/" + name), confidencePath = workspace.path("raw/confidence/" + name)
        let compression = settings.pngCompression
        let image = frame.color
        if image != nil, colorFrameCount == 0 { try workspace.makeSubfolder("raw/rgb", for: .folder) }
        let jpegPath = workspace.path("raw/rgb/" + Self.jpegFileName(frameCount)), quality = settings.images.jpegQuality
        let truth = depth.truth
        if let truth, frameCount == 0 {
            if truth.depth != nil { try workspace.makeSubfolder("raw/depth_true", for: .folder) }
            if truth.semanticClass != nil { try workspace.makeSubfolder("raw/labels", for: .folder) }
            if truth.instance != nil { try workspace.makeSubfolder("raw/instances", for: .folder) }
        }
        if truth?.imageSemanticClass != nil, colorFrameCount == 0 {
            try workspace.makeSubfolder("raw/rgb_labels", for: .folder)
            try workspace.makeSubfolder("raw/rgb_instances", for: .folder)
        }
        let truthFolder = workspace.path("raw/")
        if let failure = frameJobs.submit({
            Self.writePNGs(depth, compression: compression, depthPath: depthPath, confidencePath: confidencePath)
                ?? image.flatMap { Self.writeJPEG($0, quality: quality, path: jpegPath) }
                ?? truth.flatMap { Self.writeTruth($0, width: depth.width, height: depth.height, name: name, folder: truthFolder,
                                                   compression: compression) }
        }) {
            throw failure
        }
        do throws(FileSystemError) {
            try poses.write(Self.poseRow(frame: frameCount, arkitPose: frame.transform, time: time))
            if let truth = frame.truePose, let truePoses {
                try truePoses.write(Self.poseRow(frame: frameCount, arkitPose: truth, time: time))
                truePoseRows += 1
            }
        } catch {
            throw ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
        }
        if depthIntrinsics == nil {
            depthIntrinsics = frame.intrinsics.scaled(toWidth: depth.width, height: depth.height)
        }
        if let image {
            if colorIntrinsics == nil { colorIntrinsics = frame.intrinsics.scaled(toWidth: image.width, height: image.height) }
            colorFrameCount += 1
        }
        frameCount += 1
    }

    /// Encodes a depth map's two PNGs and writes them (inside the partial folder, so without a
    /// temporary name of their own); the failure as the frame's write failure (59).
    private static func writePNGs(_ depth: DepthMap, compression: PNGCompression, depthPath: String,
                                  confidencePath: String) -> ScanStorageError? {
        do throws(LibraryCallError) {
            let depthPNG = try PNGCodec.encodeSixteenBit(width: depth.width, height: depth.height,
                                                         samples: DepthSampleEncoding.millimetres(depth.depth), compression: compression)
            let confidencePNG = try PNGCodec.encodeEightBit(width: depth.width, height: depth.height, samples: depth.confidence,
                                                            compression: compression)
            do throws(FileSystemError) {
                try FileSystem.write(depthPNG, to: depthPath)
                try FileSystem.write(confidencePNG, to: confidencePath)
            } catch {
                return ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
            }
        } catch {
            return ScanStorageError(file: .depthFrames, opening: false, reason: "\(depthPath): \(error)")
        }
        return nil
    }

    /// Writes a depth map's truth: `depth_true/NNNNN.png` (16-bit millimetres, as `depth/`), `labels/NNNNN.png`
    /// (8-bit class) and `instances/NNNNN.png` (16-bit instance), those it has, inside `folder` (`raw/`).
    private static func writeTruth(_ truth: DepthTruth, width: Int, height: Int, name: String, folder: String,
                                   compression: PNGCompression) -> ScanStorageError? {
        do throws(LibraryCallError) {
            var files: [(String, [UInt8])] = []
            if let depth = truth.depth {
                files.append(("depth_true/", try PNGCodec.encodeSixteenBit(width: width, height: height, samples: DepthSampleEncoding.millimetres(depth),
                                                                           compression: compression)))
            }
            if let classes = truth.semanticClass {
                files.append(("labels/", try PNGCodec.encodeEightBit(width: width, height: height, samples: classes, compression: compression)))
            }
            if let instances = truth.instance {
                files.append(("instances/", try PNGCodec.encodeSixteenBit(width: width, height: height, samples: instances, compression: compression)))
            }
            if let classes = truth.imageSemanticClass, let instances = truth.imageInstance {
                files.append(("rgb_labels/", try PNGCodec.encodeEightBit(width: truth.imageWidth, height: truth.imageHeight, samples: classes,
                                                                         compression: compression)))
                files.append(("rgb_instances/", try PNGCodec.encodeSixteenBit(width: truth.imageWidth, height: truth.imageHeight,
                                                                              samples: instances, compression: compression)))
            }
            do throws(FileSystemError) {
                for (subfolder, bytes) in files { try FileSystem.write(bytes, to: folder + subfolder + name) }
            } catch {
                return ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
            }
        } catch {
            return ScanStorageError(file: .depthFrames, opening: false, reason: "\(folder)\(name) (truth): \(error)")
        }
        return nil
    }

    /// `rgb/00000.jpg`-style name of a depth frame's camera image.
    public static func jpegFileName(_ index: Int) -> String {
        String(frameFileName(index).dropLast(4)) + ".jpg"
    }

    /// Encodes a camera image as JPEG and writes it; the failure as the frame's write failure (59).
    private static func writeJPEG(_ image: ColorImage, quality: Int, path: String) -> ScanStorageError? {
        do throws(LibraryCallError) {
            let bytes = try JPEGCodec.encode(rgb: image.rgb, width: image.width, height: image.height, quality: quality)
            do throws(FileSystemError) { try FileSystem.write(bytes, to: path) } catch {
                return ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
            }
        } catch {
            return ScanStorageError(file: .depthFrames, opening: false, reason: "\(path): \(error)")
        }
        return nil
    }

    /// Depth in metres as the PNG's millimetres: rounded, 0 for no return or a non-finite value,
    /// clamped to 65535 (65.535 m).
    @inline(__always) public static func millimetres(_ metres: Float) -> UInt16 {
        guard metres.isFinite, metres > 0 else { return 0 }
        // Round half away from zero: x + 0.5 is exact in Double for these magnitudes, so its integer
        // part is x rounded (without a call to libm's round).
        let shifted = Double(metres) * 1000 + 0.5
        return shifted >= 65535 ? 65535 : UInt16(shifted)
    }

    /// A line of `raw/poses.csv` (and `raw/poses_true.csv`): the frame number, the camera-to-world pose of
    /// an ARKit-convention pose turned into the package's (Z-up world, OpenCV camera), and the time.
    static func poseRow(frame: Int, arkitPose: RigidTransform, time: Double) -> String {
        let pose = CoordinateConventions.zUpOpenCV(fromARKit: arkitPose)
        // q and -q are the same rotation: the file uses the one with w >= 0.
        let q = pose.rotation.w < 0 ? -pose.rotation.vector : pose.rotation.vector
        let values = [pose.translation.x, pose.translation.y, pose.translation.z, q.x, q.y, q.z, q.w]
        return String(frame) + "," + (values + [time]).map(Self.number).joined(separator: ",") + "\n"
    }

    /// A number in its shortest round-trip form ("-0" as "0").
    static func number(_ x: Double) -> String {
        JSONValue.number(x == 0 ? 0 : x).serialized()
    }

    /// Finishes `raw/poses.csv` and writes `raw/intrinsics.json`, `mesh.obj` and `manifest.json` (the
    /// package has no scan log, so `log` is not used).
    public func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                               log: ScanLogProjection) throws(ScanStorageError) {
        guard recording, let poses else {
            throw ScanStorageError(file: .arkitData, opening: false, reason: "\(workspace.partialPath): recording never started")
        }
        if let failure = frameJobs.drain() { throw failure }
        let posesPath = workspace.path("raw/poses.csv")
        try workspace.check(.depthFrames, .write, path: posesPath)
        do throws(FileSystemError) {
            try poses.close()
            try FileSystem.rename(poses.path, to: posesPath)
            // The true poses, when every depth frame carried one (a synthetic capture); else no file.
            if let truePoses {
                try truePoses.close()
                if truePoseRows == frameCount, frameCount > 0 {
                    try FileSystem.rename(truePoses.path, to: workspace.path("raw/poses_true.csv"))
                } else {
                    unlink(truePoses.path)
                }
            }
        } catch {
            throw ScanStorageError(file: .depthFrames, opening: false, reason: error.description)
        }
        self.poses = nil
        self.truePoses = nil
        let k = depthIntrinsics ?? CameraIntrinsics.wideCamera.scaled(toWidth: CameraIntrinsics.lidarDepth.width,
                                                                      height: CameraIntrinsics.lidarDepth.height)
        let intrinsics: JSONValue = .object([
            ("width", .integer(k.width)), ("height", .integer(k.height)),
            ("fx", .number(k.fx)), ("fy", .number(k.fy)), ("cx", .number(k.cx)), ("cy", .number(k.cy)),
        ])
        // raw/intrinsics.json and mesh.obj are not fatal (codes 56 and a log line): the manifest is still
        // written and the first such failure thrown at the end; manifest.json (54) is fatal.
        var deferred: ScanStorageError?
        do throws(ScanStorageError) {
            try workspace.write(intrinsics.serialized(pretty: true) + "\n", to: "raw/intrinsics.json", as: .config)
        } catch {
            deferred = error
        }
        if let c = colorIntrinsics {
            let rgbIntrinsics: JSONValue = .object([
                ("width", .integer(c.width)), ("height", .integer(c.height)),
                ("fx", .number(c.fx)), ("fy", .number(c.fy)), ("cx", .number(c.cx)), ("cy", .number(c.cy)),
            ] + ArkitVideo.distortionKeys(settings.images.distortion))
            do throws(ScanStorageError) {
                try workspace.write(rgbIntrinsics.serialized(pretty: true) + "\n", to: "raw/rgb_intrinsics.json", as: .config)
            } catch {
                deferred = deferred ?? error
            }
        }
        var meshFile: String?
        if let mesh = settings.mesh, configuration.reconstructsScene, record.reconstructionShutDownAt == nil {
            do throws(ScanStorageError) {
                try workspace.write(MeshFileEncoding.obj(mesh), to: "mesh.obj", as: .mesh)
                meshFile = "mesh.obj"
            } catch {
                deferred = deferred ?? error
            }
        }
        let m = settings.metadata
        let manifest: JSONValue = .object([
            ("format", .string("raw-rgbd")),
            ("formatVersion", .integer(1)),
            ("uid", .string(m.uid)),
            ("propertyType", .string(m.propertyType)),
            ("address", ArkitDataJSON.address(m.address)),
            ("device", .object([("model", .string(configuration.device.model)),
                                ("hasLiDAR", .bool(configuration.device.hasLiDAR))])),
            ("recording", .object([("start", record.recordingStart.map { .number($0) } ?? .null),
                                   ("end", record.recordingEnd.map { .number($0) } ?? .null)])),
            ("frames", .integer(frameCount)),
            ("depth", .object([("width", .integer(k.width)), ("height", .integer(k.height)),
                               ("unit", .string("millimetre")), ("noData", .integer(0))])),
            ("world", .string("Z up, right-handed, metres")),
            ("camera", .string("OpenCV: x right, y down, z forward")),
            ("mesh", meshFile.map { .string($0) } ?? .null),
        ] + (colorIntrinsics.map { c in
            [("rgb", .object([("width", .integer(c.width)), ("height", .integer(c.height)), ("frames", .integer(colorFrameCount)),
                              ("format", .string("jpeg")), ("quality", .integer(settings.images.jpegQuality)),
                              ("intrinsics", .string("raw/rgb_intrinsics.json"))]))]
        } ?? []) + [
            ("packages", .array([.string("raw")])),
        ])
        try workspace.write(manifest.serialized(pretty: true) + "\n", to: "manifest.json", as: .arkitData)
        CubiCaptureStorage.writeTruthFiles(workspace, settings.truthFiles)
        if let deferred {
            workspace.withhold(deferred)
            throw deferred
        }
    }

    /// The package has no zip: this renames it into place and reports its folder.
    public func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult {
        try workspace.commit(as: .zip)
        return .valid(path: settings.bundlePath)
    }

    /// Removes everything this scan created: the partial folder, or the package once renamed into place.
    public func removeScanFiles() {
        _ = frameJobs.drain()
        try? poses?.close()
        try? truePoses?.close()
        poses = nil
        truePoses = nil
        workspace.withdraw()
    }
}
