import CaptureEngine
import JSONSupport

/// Depth frames the statistics can read: a capture on disk (``LiDARCapture``) or frames rendered in
/// memory (the LiDAR fit's forward model).
public protocol LiDARFrameSource {
    /// A name for the source (a capture's path), shown in reports and errors.
    var path: String { get }
    /// Which layout the frames come from.
    var format: LiDARCaptureFormat { get }
    /// Intrinsics at depth-map resolution (pixel centres at integer coordinates).
    var intrinsics: CameraIntrinsics { get }
    /// How many depth frames there are.
    var frameCount: Int { get }
    /// Frame `index` (0 ..< ``frameCount``).
    func frame(_ index: Int) throws(InputError) -> LiDARFrame
    /// The camera convention the poses were read with, when the format leaves it open (Stray Scanner).
    var poseConvention: String? { get }
}

extension LiDARFrameSource {
    public var poseConvention: String? { nil }
}

extension LiDARCapture: LiDARFrameSource {}
