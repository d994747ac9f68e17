import CaptureEngine

/// One `roomLabels` entry of `arkitData.json`.
public struct ArkitRoomLabel: Equatable, Sendable {
    /// The chosen label.
    public var label: String
    /// Seconds on the session clock.
    public var time: Double
    /// Camera-to-world pose when the label was chosen.
    public var matrix: Matrix4x4

    public init(label: String, time: Double, matrix: Matrix4x4) {
        self.label = label; self.time = time; self.matrix = matrix
    }
}
