import BundleIO
import CaptureBundle
import CaptureEngine
import CDepthSamples
import JSONSupport

/// A capture opened for export: a CubiCapture bundle (folder or zip) or a raw RGBD package, seen as one
/// list of frames in the export world (``ExportFrame``) with their depth maps and camera images.
public final class ExportCapture {
    /// The bundle read.
    public let reader: BundleReader
    /// The exported frames in time order: the recorded frames (CubiCapture) or the package's rows.
    public let frames: [ExportFrame]
    /// The depth maps' intrinsics (pixel centres at integer coordinates), nil without depth.
    public let depthIntrinsics: CameraIntrinsics?
    /// The camera images' intrinsics, nil without images.
    public let imageIntrinsics: CameraIntrinsics?
    /// The camera images' lens distortion, when their intrinsics give one (`k1`, `k2`, `p1`, `p2`,
    /// optional `k3` in `raw/rgb_intrinsics.json` or `arkitData.json`'s `video`); nil for an undistorted
    /// (pinhole) camera.
    public let imageDistortion: LensDistortion?
    /// The CubiCapture bundle's `arkitData.json`, nil for a raw package.
    public let arkitData: ArkitData?
    /// The depth frames file of a CubiCapture bundle, opened on first use.
    private var depthFile: DepthFramesFile?

    /// Opens `path` (any input `capture-sim inspect` reads). A raw package whose `raw/poses.csv` carries no
    /// `time` column takes frame k's time as k / `frameRateHz`, and needs it. With `poses` `.true` the
    /// frames carry the capture's true poses instead of the estimate (a capture without them is refused).
    public init(path: String, frameRateHz: Double? = nil, poses: ExportPoses = .estimate) throws(InputError) {
        reader = try BundleReader(path: path)
        switch reader.layout {
        case .cubiCapture:
            let data = try reader.arkitData()
            arkitData = data
            let truth = poses == .true ? try Self.truePoses(reader, file: BundleInspector.truePosesFile, count: data.frames.count) : nil
            var frames: [ExportFrame] = []
            for (index, frame) in data.frames.enumerated() where frame.recorded {
                let pose = truth?[index].pose ?? frame.transform
                guard pose.isFinite else { continue }
                try Self.checkTime(frame.time, file: "arkitData.json", frame: frames.count)
                frames.append(ExportFrame(number: frames.count, time: frame.time,
                                          cameraToWorld: ExportConventions.exportPose(fromARKit: pose),
                                          depthIndex: frame.depthIndex, imageIndex: frame.videoIndex))
            }
            self.frames = frames
            let wide = data.frames.first(where: \.recorded)?.intrinsics ?? .wideCamera
            if reader.has("allDepthFrames.bin") {
                let depth = try reader.depthFrames()
                depthFile = depth
                depthIntrinsics = depth.frameCount > 0 ? wide.scaled(toWidth: depth.width, height: depth.height) : nil
            } else {
                depthIntrinsics = nil
            }
            if let video = data.video, reader.has(video.file) {
                imageIntrinsics = wide.scaled(toWidth: video.width, height: video.height)
            } else {
                imageIntrinsics = nil
            }
            imageDistortion = data.video?.distortion
        case .rawRGBD:
            arkitData = nil
            let estimates = try reader.poses()
            let times = try Self.rawFrameTimes(estimates, frameRateHz: frameRateHz)
            let truth = poses == .true ? try Self.truePoses(reader, file: "raw/poses_true.csv", count: estimates.count) : nil
            if let truth, let (row, estimate) = zip(truth, estimates).first(where: { $0.frame != $1.frame }) {
                throw InputError(file: "raw/poses_true.csv", location: "frame \(row.frame)",
                                 reason: "rows do not follow raw/poses.csv's (frame \(estimate.frame) there)")
            }
            let files = Set(reader.files)
            frames = zip(estimates.indices, zip(estimates, times)).map { index, row in
                let (pose, time) = row
                return ExportFrame(number: pose.frame, time: time, cameraToWorld: truth?[index].pose ?? pose.pose, depthIndex: pose.frame,
                            imageIndex: Self.rawImageName(pose.frame).map(files.contains) == true ? pose.frame : nil)
            }
            depthIntrinsics = try reader.rawIntrinsics()
            let rgbFile = "raw/rgb_intrinsics.json"
            imageIntrinsics = reader.has(rgbFile) ? try reader.rawIntrinsics(file: rgbFile) : nil
            imageDistortion = reader.has(rgbFile) ? try ArkitVideo.distortion(try reader.json(rgbFile)) : nil
        }
    }

    /// The frames that have a camera image.
    public var framesWithImages: [ExportFrame] { frames.filter { $0.imageIndex != nil } }

    /// The frames that have a depth map.
    public var framesWithDepth: [ExportFrame] { frames.filter { $0.depthIndex != nil } }

    /// A frame's depth map in millimetres with its confidence: the raw package's PNGs as they are, or the
    /// CubiCapture record's half-float metres rounded as the raw package writer rounds them.
    public func depth(of frame: ExportFrame) throws(InputError) -> ExportDepth {
        guard let index = frame.depthIndex else {
            throw InputError(file: reader.path, reason: "frame \(frame.number) has no depth map")
        }
        switch reader.layout {
        case .cubiCapture:
            guard let depthFile else { throw InputError(file: "allDepthFrames.bin", reason: "missing") }
            let map = try depthFile.frame(index).depth
            var millimetres = [UInt16](repeating: 0, count: map.depth.count)
            cdepth_samples_millimetres(map.depth, &millimetres, map.depth.count)
            return ExportDepth(width: map.width, height: map.height, millimetres: millimetres, confidence: map.confidence)
        case .rawRGBD:
            let name = Self.fiveDigits(index)
            let depth = try reader.png("raw/depth/\(name).png")
            let confidence = try reader.png("raw/confidence/\(name).png")
            guard depth.bitDepth == 16, confidence.width == depth.width, confidence.height == depth.height else {
                throw InputError(file: "raw/depth/\(name).png", reason: "not a 16-bit depth PNG with a confidence PNG of its size")
            }
            return ExportDepth(width: depth.width, height: depth.height, millimetres: depth.samples,
                               confidence: confidence.samples.map { UInt8(truncatingIfNeeded: min($0, 255)) })
        }
    }

    /// The raw package's camera image of a frame, as its JPEG bytes.
    public func rawImageJPEG(of frame: ExportFrame) throws(InputError) -> [UInt8] {
        guard let index = frame.imageIndex, let name = Self.rawImageName(index) else {
            throw InputError(file: reader.path, reason: "frame \(frame.number) has no camera image")
        }
        return try reader.bytes(name)
    }

    /// Frame `n`'s image in a raw package: `raw/rgb/NNNNN.jpg`.
    static func rawImageName(_ n: Int) -> String? { n >= 0 ? "raw/rgb/\(fiveDigits(n)).jpg" : nil }

    /// `n` with at least five digits, as the raw package numbers its files.
    public static func fiveDigits(_ n: Int) -> String {
        let digits = String(n)
        return digits.count >= 5 ? digits : String(repeating: "0", count: 5 - digits.count) + digits
    }

    /// The raw package's frame times: its `time` column, or frame / rate for packages written without one.
    private static func rawFrameTimes(_ poses: [RawPose], frameRateHz: Double?) throws(InputError) -> [Double] {
        try checkFrameOrder(poses)
        let times = poses.compactMap(\.time)
        if times.count == poses.count, !poses.isEmpty {
            for (pose, time) in zip(poses, times) { try checkTime(time, file: "raw/poses.csv", frame: pose.frame) }
            return times
        }
        guard let rate = frameRateHz else {
            throw InputError(file: "raw/poses.csv", location: "line 1",
                             reason: "no time column (a package written before it had one): give the frame rate with --fps")
        }
        let computed = poses.map { Double($0.frame) / rate }
        for (pose, time) in zip(poses, computed) { try checkTime(time, file: "raw/poses.csv", frame: pose.frame) }
        return computed
    }

    /// The true poses of `file`, one row per frame (`count`) numbered 0, 1, ... as the estimate's rows
    /// are listed; refused when the capture has none (a logged capture) or they do not line up.
    static func truePoses(_ reader: BundleReader, file: String, count: Int) throws(InputError) -> [RawPose] {
        guard reader.has(file) else {
            throw InputError(file: reader.path, reason: "has no true poses (\(file)): only synthetic captures carry them; use --poses estimate")
        }
        let rows = try RawPose.parseCSV(bytes: try reader.bytes(file), file: file)
        guard rows.count == count else {
            throw InputError(file: file, reason: "\(rows.count) rows for \(count) frames")
        }
        return rows
    }

    /// The latest time a frame may have on the capture clock, seconds (about 31.7 years): exports write
    /// times as whole nanoseconds in 64 bits (MCAP), which end near 1.8e10 s.
    public static let maximumSeconds = 1e9

    /// Refuses a frame time that is not a number in 0...``maximumSeconds``.
    static func checkTime(_ time: Double, file: String, frame: Int) throws(InputError) {
        guard time.isFinite, time >= 0, time <= maximumSeconds else {
            throw InputError(file: file, location: "frame \(frame)",
                             reason: "time \(time) s is outside the capture clock's range 0...\(Int(maximumSeconds)) s")
        }
    }

    /// Refuses frame numbers that repeat or go backwards (a raw package `inspect` rejects).
    static func checkFrameOrder(_ poses: [RawPose]) throws(InputError) {
        for (previous, pose) in zip(poses, poses.dropFirst()) where pose.frame <= previous.frame {
            throw InputError(file: "raw/poses.csv", location: "frame \(pose.frame)",
                             reason: pose.frame == previous.frame ? "frame \(pose.frame) is listed twice" : "frame \(pose.frame) comes after frame \(previous.frame)")
        }
    }
}
