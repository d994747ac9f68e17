/// A frame's depth map as the exports write it.
public struct ExportDepth: Equatable, Sendable {
    public var width: Int, height: Int
    /// `width * height` depths in whole millimetres (0 = no data), row-major, row 0 at the top.
    public var millimetres: [UInt16]
    /// `width * height` confidences: 0 low, 1 medium, 2 high.
    public var confidence: [UInt8]

    public init(width: Int, height: Int, millimetres: [UInt16], confidence: [UInt8]) {
        self.width = width
        self.height = height
        self.millimetres = millimetres
        self.confidence = confidence
    }
}
