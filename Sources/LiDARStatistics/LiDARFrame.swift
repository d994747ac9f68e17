import CaptureEngine

/// One depth frame of a capture as the statistics read it.
public struct LiDARFrame: Sendable {
    /// Map width and height, pixels.
    public var width: Int, height: Int
    /// `width * height` z-depths in metres, row 0 at the top; 0 = no value.
    public var depth: [Float]
    /// `width * height` confidences 0 (low), 1 (medium), 2 (high); nil when the capture has none.
    public var confidence: [UInt8]?
    /// Camera-to-world pose with the OpenCV camera (x right, y down, z forward), metres; nil when the
    /// capture has no pose for this frame. The world frame is whatever the capture uses.
    public var cameraToWorld: RigidTransform?

    public init(width: Int, height: Int, depth: [Float], confidence: [UInt8]?, cameraToWorld: RigidTransform?) {
        self.width = width
        self.height = height
        self.depth = depth
        self.confidence = confidence
        self.cameraToWorld = cameraToWorld
    }
}
