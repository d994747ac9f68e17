/// The directions a camera pose's detectors read, from one rotation matrix per frame: the camera's
/// right and viewing axes in world coordinates and gravity in camera coordinates (ARKit conventions,
/// see ``CameraPose``). Unit vectors for a unit rotation quaternion.
struct CameraAxes: Sendable {
    /// The camera's +X axis in world coordinates (right, when held in landscape-right).
    var right: SIMD3<Double>
    /// The viewing direction (camera -Z) in world coordinates.
    var forward: SIMD3<Double>
    /// The unit gravity direction (world -Y) in camera coordinates.
    var gravityInCamera: SIMD3<Double>

    /// The axes of a camera-to-world rotation.
    ///
    /// The rotation matrix's columns are the camera's axes in world coordinates and its rows the world's
    /// axes in camera coordinates, so right is column 0, forward is minus column 2 and gravity (world -Y)
    /// is minus row 1.
    @inline(__always) init(_ q: Quaternion) {
        let x = q.x, y = q.y, z = q.z, w = q.w
        let xx = x * x, yy = y * y, zz = z * z
        let xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z
        let m00 = 1 - 2 * (yy + zz), m10 = 2 * (xy + wz), m20 = 2 * (xz - wy)
        let m11 = 1 - 2 * (xx + zz), m12 = 2 * (yz - wx)
        let m02 = 2 * (xz + wy), m22 = 1 - 2 * (xx + yy)
        right = SIMD3(m00, m10, m20)
        forward = SIMD3(-m02, -m12, -m22)
        gravityInCamera = SIMD3(-m10, -m11, -m12)
    }
}
