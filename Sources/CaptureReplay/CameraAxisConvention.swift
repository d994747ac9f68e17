/// The axes of a log's camera frame.
public enum CameraAxes: String, Sendable {
    /// ARKit's: x right, y up, looking along -z (landscape-right).
    case arkit
    /// OpenCV's: x right, y down, looking along +z.
    case openCV
}
