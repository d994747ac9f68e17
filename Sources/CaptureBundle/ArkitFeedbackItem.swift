import CaptureEngine

/// One `feedbackItems` entry of `arkitData.json` (and of `feedback.json`).
public struct ArkitFeedbackItem: Equatable, Sendable {
    /// The warning's code.
    public var code: Int
    /// The code's message.
    public var message: String
    /// Seconds on the session clock.
    public var start: Double
    /// Seconds; nil while still shown.
    public var end: Double?
    /// Camera-to-world pose when shown.
    public var matrix: Matrix4x4

    public init(code: Int, message: String, start: Double, end: Double?, matrix: Matrix4x4) {
        self.code = code; self.message = message; self.start = start; self.end = end; self.matrix = matrix
    }
}
