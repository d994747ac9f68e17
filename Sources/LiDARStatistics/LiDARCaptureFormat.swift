/// The capture layouts `capture-sim lidar stats` reads.
public enum LiDARCaptureFormat: String, Sendable {
    /// This project's raw RGBD package (`manifest.json`, `raw/intrinsics.json`, `raw/poses.csv`,
    /// `raw/depth/*.png` in millimetres, `raw/confidence/*.png`).
    case rawRGBD = "raw-rgbd"
    /// A CubiCapture bundle, folder or zip (`arkitData.json` + `allDepthFrames.bin`).
    case cubiCapture = "cubicapture"
    /// A Stray Scanner export (`depth/*.png` in millimetres, `confidence/*.png`, `odometry.csv`,
    /// `camera_matrix.csv`).
    case strayScanner = "stray-scanner"
    /// Frames rendered in memory by the synthetic sensor (`capture-sim lidar fit`'s forward model).
    case synthetic = "synthetic"
}
