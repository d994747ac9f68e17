import BundleIO
import CaptureBundle
import CaptureEngine
import Foundation
import JSONSupport

/// A LiDAR capture opened for statistics: its format, depth-map intrinsics and frames, read one at a time
/// through CaptureBundle's readers (raw RGBD package, CubiCapture bundle) or from a Stray Scanner folder.
public final class LiDARCapture {
    /// The path given.
    public let path: String
    /// Which layout it has.
    public let format: LiDARCaptureFormat
    /// Intrinsics at depth-map resolution (pixel centres at integer coordinates).
    public let intrinsics: CameraIntrinsics
    /// How many depth frames it has.
    public let frameCount: Int
    /// For a Stray Scanner export, the camera convention its poses were read with and why.
    public let poseConvention: String?

    /// Where the frames come from.
    private enum Source {
        case raw(BundleReader, [RawPose])
        case cubi(BundleReader, [ArkitFrame], DepthFramesFile)
        case stray(StrayScannerExport)
    }
    private let source: Source

    /// Opens `path`: a raw RGBD package folder, a CubiCapture bundle folder or zip, or a Stray Scanner
    /// folder (recognised by its `odometry.csv`).
    public init(path: String) throws(InputError) {
        self.path = path
        if LocalFiles.isDirectory(path), LocalFiles.exists(path + "/odometry.csv") {
            format = .strayScanner
            let stray = try StrayScannerExport(folder: path)
            intrinsics = stray.intrinsics
            source = .stray(stray)
            frameCount = stray.frames.count
            poseConvention = stray.convention
            return
        }
        poseConvention = nil
        let reader: BundleReader
        do { reader = try BundleReader(path: path) } catch {
            throw InputError(file: path, reason: "not a raw RGBD package, CubiCapture bundle or Stray Scanner export (\(error.description))")
        }
        switch reader.layout {
        case .rawRGBD:
            format = .rawRGBD
            let poses: [RawPose]
            (intrinsics, poses) = try Self.rawRGBD(reader)
            source = .raw(reader, poses)
            frameCount = poses.count
        case .cubiCapture:
            format = .cubiCapture
            let frames: [ArkitFrame], depth: DepthFramesFile
            (intrinsics, frames, depth) = try Self.cubiCapture(reader)
            source = .cubi(reader, frames, depth)
            frameCount = frames.count
        }
        try LiDARStatisticsDefinitions.checkFrameSize(width: intrinsics.width, height: intrinsics.height, file: path)
    }

    /// Frame `index` (0 ..< ``frameCount``).
    public func frame(_ index: Int) throws(InputError) -> LiDARFrame {
        switch source {
        case .raw(let reader, let poses): return try Self.rawFrame(reader, poses[index])
        case .cubi(let reader, let frames, let depth): return try Self.cubiFrame(reader, frames[index], depth)
        case .stray(let stray): return try stray.frame(index)
        }
    }

    private static func rawRGBD(_ reader: BundleReader) throws(InputError) -> (CameraIntrinsics, [RawPose]) {
        let intrinsics: CameraIntrinsics, poses: [RawPose]
        do {
            intrinsics = try reader.rawIntrinsics()
            poses = try reader.poses()
        } catch { throw error.within(reader.path) }
        return (intrinsics, poses)
    }

    /// One frame of a raw RGBD package: its depth and confidence PNGs and its pose.
    private static func rawFrame(_ reader: BundleReader, _ row: RawPose) throws(InputError) -> LiDARFrame {
        let name = RawRGBDStorage.frameFileName(row.frame)
        let depthFile = "raw/depth/" + name, confidenceFile = "raw/confidence/" + name
        let depth: GrayImage, confidence: GrayImage?
        do throws(InputError) {
            depth = try reader.png(depthFile)
            confidence = reader.has(confidenceFile) ? try reader.png(confidenceFile) : nil
        } catch {
            throw error.within(reader.path)
        }
        return try LiDARFrame(millimetres: depth, confidence: confidence, pose: row.pose, file: reader.path + "/" + depthFile)
    }

    private static func cubiCapture(_ reader: BundleReader) throws(InputError)
        -> (CameraIntrinsics, [ArkitFrame], DepthFramesFile) {
        let data: ArkitData, depth: DepthFramesFile
        do throws(InputError) {
            data = try reader.arkitData()
            depth = try reader.depthFrames()
        } catch { throw error.within(reader.path) }
        let frames = data.frames.filter { $0.depthIndex != nil }.sorted { $0.depthIndex! < $1.depthIndex! }
        guard let first = frames.first else {
            throw InputError(file: reader.path + "/arkitData.json", reason: "no frame has a depthIndex")
        }
        return (first.intrinsics.scaled(toWidth: depth.width, height: depth.height), frames, depth)
    }

    /// One frame of a CubiCapture bundle: its record of allDepthFrames.bin and its pose.
    private static func cubiFrame(_ reader: BundleReader, _ f: ArkitFrame, _ depth: DepthFramesFile) throws(InputError) -> LiDARFrame {
        let index = f.depthIndex!
        guard index >= 0, index < depth.frameCount else {
            throw InputError(file: reader.path + "/arkitData.json",
                                    reason: "depthIndex \(index) but allDepthFrames.bin has \(depth.frameCount) frames")
        }
        let map: DepthMap
        do throws(InputError) { map = try depth.frame(index).depth } catch {
            throw error.within(reader.path)
        }
        return LiDARFrame(width: map.width, height: map.height, depth: map.depth, confidence: map.confidence,
                          cameraToWorld: f.transform * CoordinateConventions.openCVToARKitCamera)
    }
}
