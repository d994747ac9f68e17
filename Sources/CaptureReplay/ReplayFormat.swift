/// The log formats replay reads. `docs/replay-formats.md` describes each one's fields, units and frames.
public enum ReplayFormat: String, Sendable, CaseIterable {
    /// This project's CubiCapture bundle: a folder with `arkitData.json` (and `allDepthFrames.bin`).
    case bundle
    /// The raw RGBD package's `raw/poses.csv`: `frame,x,y,z,qx,qy,qz,qw`, Z-up world, OpenCV camera.
    case raw
    /// A TUM trajectory: `timestamp tx ty tz qx qy qz qw`, OpenCV camera.
    case tum
    /// Stray Scanner's `odometry.csv`: `timestamp, frame, x, y, z, qx, qy, qz, qw`.
    case stray
    /// ARKitScenes' `.traj`: timestamp, world-to-camera rotation vector (3) and translation (3).
    case traj
    /// An ARKit camera-transform log: nanosecond timestamp, then the 3x4 camera-to-world matrix row by row.
    case arkit

    /// The number of fields on one data line (nil for bundles).
    var fieldCount: Int? {
        switch self {
        case .bundle: nil
        case .raw: 8
        case .tum: 8
        case .stray: 9
        case .traj: 7
        case .arkit: 13
        }
    }

    /// The field names of one data line, for error messages.
    var fieldNames: String {
        switch self {
        case .bundle: "arkitData.json"
        case .raw: "frame,x,y,z,qx,qy,qz,qw"
        case .tum: "timestamp tx ty tz qx qy qz qw"
        case .stray: "timestamp, frame, x, y, z, qx, qy, qz, qw"
        case .traj: "timestamp rx ry rz tx ty tz"
        case .arkit: "timestamp_ns r11 r12 r13 tx r21 r22 r23 ty r31 r32 r33 tz"
        }
    }

    /// Whether fields are separated by commas (else by spaces or tabs).
    var commaSeparated: Bool { self == .raw || self == .stray }
}
