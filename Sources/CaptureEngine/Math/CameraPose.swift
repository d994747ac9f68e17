import Foundation

/// Angles and axes of a camera-to-world pose in ARKit's conventions (world Y up; camera looks along -Z,
/// +X right, +Y up in landscape-right).
public enum CameraPose {
    /// World up, +Y.
    public static let worldUp = SIMD3<Double>(0, 1, 0)

    /// The viewing direction (camera -Z) in world coordinates.
    @inlinable public static func forward(_ pose: RigidTransform) -> SIMD3<Double> {
        pose.rotation.act(SIMD3(0, 0, -1))
    }

    /// The camera's +X axis in world coordinates (right, when held in landscape-right).
    @inlinable public static func right(_ pose: RigidTransform) -> SIMD3<Double> {
        pose.rotation.act(SIMD3(1, 0, 0))
    }

    /// Pitch of the viewing direction above the horizon, radians: +pi/2 straight up, -pi/2 straight down.
    @inlinable public static func pitch(_ pose: RigidTransform) -> Double {
        asin(max(-1, min(1, forward(pose).y)))
    }

    /// Heading of the viewing direction about world up, radians, 0 along -Z, increasing counter-clockwise
    /// seen from above (towards -X).
    @inlinable public static func heading(_ pose: RigidTransform) -> Double {
        let f = forward(pose)
        return atan2(-f.x, -f.z)
    }

    /// A camera-to-world pose from a position and angles: turned `headingDegrees` about world up
    /// (counter-clockwise seen from above, 0 = looking along -Z), tilted `pitchDegrees` (positive looks up)
    /// and rolled `rollDegrees` about the viewing axis (0 = landscape-right, -90 = portrait,
    /// 180 = reverse landscape).
    public static func make(position: SIMD3<Double>, headingDegrees: Double, pitchDegrees: Double = 0,
                            rollDegrees: Double = 0) -> RigidTransform {
        let heading = Quaternion(angle: Angle.radians(fromDegrees: headingDegrees), axis: SIMD3(0, 1, 0))
        let pitch = Quaternion(angle: Angle.radians(fromDegrees: pitchDegrees), axis: SIMD3(1, 0, 0))
        let roll = Quaternion(angle: Angle.radians(fromDegrees: rollDegrees), axis: SIMD3(0, 0, 1))
        return RigidTransform(rotation: (heading * pitch * roll).normalized, translation: position)
    }

    /// The unit gravity direction (world -Y) expressed in the camera frame.
    @inlinable public static func gravityInCamera(_ pose: RigidTransform) -> SIMD3<Double> {
        pose.rotation.conjugate.act(SIMD3(0, -1, 0))
    }
}

/// Exact conversions between the engine's conventions and the raw RGBD package's (Z-up world, OpenCV
/// camera: x right, y down, z forward).
public enum CoordinateConventions {
    /// Rotation taking engine world (Y up) to the package's world (Z up): +90 degrees about X, so
    /// (x, y, z) becomes (x, -z, y).
    public static let yUpToZUp = RigidTransform(
        rotation: Quaternion(x: 0.5.squareRoot(), y: 0, z: 0, w: 0.5.squareRoot()), translation: .zero)

    /// Rotation taking the OpenCV camera frame to ARKit's camera frame: 180 degrees about X
    /// (y and z flip sign).
    public static let openCVToARKitCamera = RigidTransform(
        rotation: Quaternion(x: 1, y: 0, z: 0, w: 0), translation: .zero)

    /// A camera-to-world pose in engine conventions as the package stores it (Z-up world, OpenCV camera).
    public static func zUpOpenCV(fromARKit pose: RigidTransform) -> RigidTransform {
        yUpToZUp * pose * openCVToARKitCamera
    }

    /// The inverse of ``zUpOpenCV(fromARKit:)``.
    public static func arkit(fromZUpOpenCV pose: RigidTransform) -> RigidTransform {
        yUpToZUp.inverse * pose * openCVToARKitCamera.inverse
    }

    /// A world point in engine conventions (Y up) in the package's Z-up world.
    public static func zUpPoint(fromYUp p: SIMD3<Double>) -> SIMD3<Double> { SIMD3(p.x, -p.z, p.y) }

    /// The inverse of ``zUpPoint(fromYUp:)``.
    public static func yUpPoint(fromZUp p: SIMD3<Double>) -> SIMD3<Double> { SIMD3(p.x, p.z, -p.y) }
}
