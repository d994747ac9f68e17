/// The tools `capture-sim export` writes for (docs/exports.md).
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A TUM trajectory file (`timestamp tx ty tz qx qy qz qw`), for evo and the TUM RGB-D tools.
    case tum
    /// A COLMAP text model (`sparse/0/cameras.txt`, `images.txt`, `points3D.txt`) and the images beside it.
    case colmap
    /// Nerfstudio's `transforms.json` with the images and depth maps it names.
    case nerfstudio
    /// One MCAP file of ROS 2 messages (CDR): poses, transforms, depth and confidence (PNG), colour images
    /// (JPEG) and calibration on the capture clock.
    case mcap

    /// One line for `--help`.
    public var summary: String {
        switch self {
        case .tum: return "a trajectory file: timestamp tx ty tz qx qy qz qw per frame (evo, TUM tools)"
        case .colmap: return "a COLMAP text model (sparse/0/*.txt) and images/ (pycolmap, colmap point_triangulator)"
        case .nerfstudio: return "transforms.json, images/ and depth/ (Nerfstudio's nerfstudio-data parser)"
        case .mcap: return "one .mcap file of ROS 2 messages, images as PNG and JPEG (Foxglove, ros2 bag)"
        }
    }

    /// Whether the export is one file (`--out` names the file) rather than a folder.
    public var isSingleFile: Bool { self == .tum || self == .mcap }

    /// Whether the format needs the capture's camera images.
    public var needsImages: Bool { self == .colmap || self == .nerfstudio }
}
