/// The axis convention of a log's camera frame (which way x, y and z point).
public enum CameraAxisConvention: String, Sendable {
    /// ARKit's: x right, y up, looking along -z (landscape-right).
    case arkit
    /// OpenCV's: x right, y down, looking along +z.
    case openCV
}
