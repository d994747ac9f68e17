import CaptureEngine
import SyntheticSensor

/// The bytes a scene's bundles will take on disk, estimated before it runs (`generate --bundles` says it,
/// and refuses past `--max-bytes`): from the recording's length, the frame rate, the depth maps and the
/// camera, with per-file sizes measured on the apartment (docs/generate.md, "How much disk").
///
/// CubiCapture layout: the folder (`allDepthFrames.bin` records, `arkitData.json` at
/// ``ScanBytes/jsonBytesPerFrame`` a frame, `video.mp4` at ``StorageModel/videoBytesPerSecond(camera:)``)
/// and its zip, about as large again (the depth stored, the rest small or already compressed). Raw
/// package: a depth and a confidence PNG per depth frame and, with images, a JPEG per depth frame that has
/// a picture. It is an estimate: depth that compresses worse or textures that encode larger move it by
/// tens of per cent.
public struct BundleSizeEstimate: Sendable, Equatable {
    /// The CubiCapture folder and its zip, bytes.
    public var cubiCaptureBytes: Int64
    /// The raw RGBD package, bytes.
    public var rawPackageBytes: Int64
    /// Both.
    public var totalBytes: Int64 { cubiCaptureBytes + rawPackageBytes }

    /// A depth PNG of 256x192 (rle), bytes: the 10-minute apartment scan's mean.
    public static let depthPNGBytes: Int64 = 42_000
    /// A confidence PNG, bytes.
    public static let confidencePNGBytes: Int64 = 1_500
    /// A 640x480 JPEG at quality 90 of the textured apartment, bytes (scaled by the pixel count).
    public static let jpegBytesAt640x480: Int64 = 28_000

    /// The estimate for `capture` written in both layouts, with camera images when `images`.
    public init(capture: SyntheticCapture, images: Bool) {
        let scene = capture.scene
        let seconds = capture.recordingSeconds.map { $0.upperBound - $0.lowerBound } ?? 0
        let frames = Int64((seconds * scene.depth.frameRateHz).rounded(.up))
        let depthEvery = Int64(max(1, capture.options.depthEveryNthFrame ?? scene.depth.everyNthFrame))
        let depthFrames = scene.device.capabilities.hasLiDAR ? (frames + depthEvery - 1) / depthEvery : 0
        let camera = capture.camera
        let video = images ? Int64(StorageModel.videoBytesPerSecond(camera: camera) * seconds) : 0
        let folder = depthFrames * (ScanBytes.depthRecordHeaderBytes + 256 * 192 * ScanBytes.bytesPerDepthPixel)
            + frames * ScanBytes.jsonBytesPerFrame + video
        cubiCaptureBytes = 2 * folder
        var raw = depthFrames * (Self.depthPNGBytes + Self.confidencePNGBytes)
        if images {
            // Pictures come every (scene rate / camera rate)-th frame; the package keeps those on depth frames.
            let pictureEvery = Int64(max(1, (scene.depth.frameRateHz / camera.frameRateHz).rounded()))
            let both = Self.leastCommonMultiple(depthEvery, pictureEvery)
            let shared = scene.device.capabilities.hasLiDAR ? (frames + both - 1) / both : 0
            let jpeg = Double(Self.jpegBytesAt640x480) * Double(camera.width * camera.height) / (640 * 480)
            raw += Int64(Double(shared) * jpeg)
        }
        rawPackageBytes = raw
    }

    static func leastCommonMultiple(_ a: Int64, _ b: Int64) -> Int64 {
        var x = a, y = b
        while y != 0 { (x, y) = (y, x % y) }
        return a / x * b
    }
}
