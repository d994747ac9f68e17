import CaptureEngine

/// One frame of a capture as the exporters see it: its time, its pose in the export world and where its
/// depth map and camera image are.
public struct ExportFrame: Equatable, Sendable {
    /// The frame's number in the capture, used in the exported file names: the raw package's frame
    /// number (`raw/depth/<number>.png`), or the CubiCapture bundle's index among its recorded frames.
    public var number: Int
    /// Seconds on the capture clock (the session clock: 0 is the session's first input).
    public var time: Double
    /// Camera-to-world in the export world (Z up, right-handed, metres) with the OpenCV camera (x right,
    /// y down, z forward): the raw package's convention (``ExportConventions``).
    public var cameraToWorld: RigidTransform
    /// Where the frame's depth map is: the raw package's frame number, or the record index in
    /// `allDepthFrames.bin`; nil when the frame has none.
    public var depthIndex: Int?
    /// Where the frame's camera image is: the raw package's frame number (`raw/rgb/<n>.jpg`), or the picture
    /// index in `video.mp4`; nil when the frame has none.
    public var imageIndex: Int?

    public init(number: Int, time: Double, cameraToWorld: RigidTransform, depthIndex: Int?, imageIndex: Int?) {
        self.number = number
        self.time = time
        self.cameraToWorld = cameraToWorld
        self.depthIndex = depthIndex
        self.imageIndex = imageIndex
    }
}
