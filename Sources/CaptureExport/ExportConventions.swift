import CaptureEngine

/// The coordinate conventions of the exports (docs/exports.md has the table).
///
/// Every export uses one world: Z up, right-handed, metres, the raw RGBD package's (an engine point
/// (x, y, z) is (x, -z, y)). Cameras differ by tool: OpenCV's (x right, y down, z forward) for TUM,
/// COLMAP and Foxglove, OpenGL's (x right, y up, z backward) for Nerfstudio. Pixel coordinates differ
/// too: this project's intrinsics put pixel centres at integer coordinates; COLMAP and Nerfstudio put
/// the first pixel's centre at (0.5, 0.5), so their principal point is ours plus half a pixel.
public enum ExportConventions {
    /// An ARKit camera-to-world pose (engine world, ARKit camera) in the export world with the OpenCV camera.
    public static func exportPose(fromARKit pose: RigidTransform) -> RigidTransform {
        CoordinateConventions.zUpOpenCV(fromARKit: pose)
    }

    /// The OpenGL camera's pose from the OpenCV camera's: the camera turned 180 degrees about its x axis
    /// (y and z flip sign), the same world.
    public static func openGLPose(fromOpenCV pose: RigidTransform) -> RigidTransform {
        pose * CoordinateConventions.openCVToARKitCamera
    }

    /// The principal point in a convention whose first pixel's centre is at (0.5, 0.5) (COLMAP,
    /// Nerfstudio), from ours (pixel centres at integer coordinates).
    public static func halfPixelCentred(_ c: Double) -> Double { c + 0.5 }
}
