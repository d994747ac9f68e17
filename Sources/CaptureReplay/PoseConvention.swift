import CaptureEngine

/// The frames a log's camera-to-world poses are written in, and their exact conversion to the engine's
/// (ARKit world with Y up, ARKit camera).
public struct PoseConvention: Equatable, Sendable {
    /// The world's up axis.
    public var worldUp: WorldUpAxis
    /// The camera frame's axes.
    public var camera: CameraAxisConvention

    public init(worldUp: WorldUpAxis, camera: CameraAxisConvention) {
        self.worldUp = worldUp
        self.camera = camera
    }

    /// The engine's own frames (no conversion).
    public static let arkit = PoseConvention(worldUp: .y, camera: .arkit)
    /// The raw RGBD package's frames: Z-up world, OpenCV camera.
    public static let zUpOpenCV = PoseConvention(worldUp: .z, camera: .openCV)

    /// A camera-to-world pose in this convention as the engine's camera-to-world pose.
    public func engineCameraToWorld(_ pose: RigidTransform) -> RigidTransform {
        switch (worldUp, camera) {
        case (.y, .arkit): pose
        case (.z, .openCV): CoordinateConventions.arkit(fromZUpOpenCV: pose)
        case (.y, .openCV): pose * CoordinateConventions.openCVToARKitCamera.inverse
        case (.z, .arkit): CoordinateConventions.yUpToZUp.inverse * pose
        }
    }

    /// The inverse of ``engineCameraToWorld(_:)``: an engine pose written in this convention.
    public func loggedCameraToWorld(_ pose: RigidTransform) -> RigidTransform {
        switch (worldUp, camera) {
        case (.y, .arkit): pose
        case (.z, .openCV): CoordinateConventions.zUpOpenCV(fromARKit: pose)
        case (.y, .openCV): pose * CoordinateConventions.openCVToARKitCamera
        case (.z, .arkit): CoordinateConventions.yUpToZUp * pose
        }
    }
}
