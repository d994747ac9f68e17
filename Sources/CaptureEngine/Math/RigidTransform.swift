/// A rotation followed by a translation: a camera-to-world pose in the engine.
///
/// Engine world is ARKit's: right-handed, Y up (gravity along -Y), metres. The camera looks along its
/// -Z axis with +X right and +Y up when the phone is held in landscape-right.
public struct RigidTransform: Equatable, Sendable {
    /// Rotation from the local (camera) frame to the parent (world) frame.
    public var rotation: Quaternion
    /// Position of the local origin in the parent frame, metres.
    public var translation: SIMD3<Double>

    @inlinable public init(rotation: Quaternion, translation: SIMD3<Double>) {
        self.rotation = rotation
        self.translation = translation
    }

    /// No rotation, no translation.
    public static let identity = RigidTransform(rotation: .identity, translation: .zero)

    /// The rigid part of a 4x4 matrix (its upper-left 3x3 must be a rotation).
    public init(_ m: Matrix4x4) {
        let c = m.columns
        rotation = Quaternion(rotationColumns: SIMD3(c.0.x, c.0.y, c.0.z),
                              SIMD3(c.1.x, c.1.y, c.1.z),
                              SIMD3(c.2.x, c.2.y, c.2.z))
        translation = SIMD3(c.3.x, c.3.y, c.3.z)
    }

    /// The 4x4 homogeneous matrix.
    public var matrix: Matrix4x4 {
        let x = rotation.act(SIMD3(1, 0, 0)), y = rotation.act(SIMD3(0, 1, 0)), z = rotation.act(SIMD3(0, 0, 1))
        return Matrix4x4(columns: (SIMD4(x, 0), SIMD4(y, 0), SIMD4(z, 0), SIMD4(translation, 1)))
    }

    /// Maps a point from the local frame into the parent frame.
    @inlinable public func apply(toPoint p: SIMD3<Double>) -> SIMD3<Double> { rotation.act(p) + translation }

    /// Rotates a direction from the local frame into the parent frame.
    @inlinable public func apply(toDirection d: SIMD3<Double>) -> SIMD3<Double> { rotation.act(d) }

    /// The inverse transform (parent to local).
    @inlinable public var inverse: RigidTransform {
        let r = rotation.conjugate
        return RigidTransform(rotation: r, translation: -r.act(translation))
    }

    /// Composition: `rhs` first, then `lhs`.
    @inlinable public static func * (lhs: RigidTransform, rhs: RigidTransform) -> RigidTransform {
        RigidTransform(rotation: lhs.rotation * rhs.rotation, translation: lhs.apply(toPoint: rhs.translation))
    }

    /// True when rotation and translation are finite.
    @inlinable @inline(__always) public var isFinite: Bool { rotation.isFinite && translation.isFinite }
}
