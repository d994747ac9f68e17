import Foundation

/// A rotation quaternion, scalar-last (x, y, z, w), as ARKit's `simd_quatf` and the raw RGBD package's
/// `qx,qy,qz,qw` columns store it.
///
/// Apple's `simd` module does not exist on Linux; this is the small part of it the engine needs,
/// on Swift's own `SIMD4<Double>`.
public struct Quaternion: Equatable, Sendable {
    /// Components (x, y, z, w): vector part first, scalar last.
    public var vector: SIMD4<Double>

    @inlinable public var x: Double { vector.x }
    @inlinable public var y: Double { vector.y }
    @inlinable public var z: Double { vector.z }
    @inlinable public var w: Double { vector.w }
    /// The vector (imaginary) part.
    @inlinable public var imaginary: SIMD3<Double> { SIMD3(vector.x, vector.y, vector.z) }

    @inlinable public init(vector: SIMD4<Double>) { self.vector = vector }
    @inlinable public init(x: Double, y: Double, z: Double, w: Double) { vector = SIMD4(x, y, z, w) }

    /// The identity rotation.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// A rotation of `angle` radians about `axis` (normalised here), right-handed.
    @inlinable public init(angle: Double, axis: SIMD3<Double>) {
        let n = axis / (axis * axis).sum().squareRoot()
        let s = sin(angle / 2)
        vector = SIMD4(n.x * s, n.y * s, n.z * s, cos(angle / 2))
    }

    /// The rotation of a rotation matrix (columns are the rotated x, y, z axes); Shepperd's method.
    public init(rotationColumns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>) {
        let m00 = c0.x, m10 = c0.y, m20 = c0.z
        let m01 = c1.x, m11 = c1.y, m21 = c1.z
        let m02 = c2.x, m12 = c2.y, m22 = c2.z
        let trace = m00 + m11 + m22
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, 0.25 * s)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            q = SIMD4(0.25 * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            q = SIMD4((m01 + m10) / s, 0.25 * s, (m12 + m21) / s, (m02 - m20) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            q = SIMD4((m02 + m20) / s, (m12 + m21) / s, 0.25 * s, (m10 - m01) / s)
        }
        if q.w < 0 { q = -q }
        vector = q
        self = normalized
    }

    /// Euclidean length of the four components.
    @inlinable public var length: Double { (vector * vector).sum().squareRoot() }

    /// This quaternion scaled to unit length.
    @inlinable public var normalized: Quaternion { Quaternion(vector: vector / length) }

    /// The inverse rotation (conjugate of a unit quaternion).
    @inlinable public var conjugate: Quaternion { Quaternion(x: -x, y: -y, z: -z, w: w) }

    /// Hamilton product: the rotation `rhs` followed by `lhs`.
    @inlinable @inline(__always) public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        let a = lhs.vector, b = rhs.vector
        return Quaternion(
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
    }

    /// Rotates a vector.
    @inlinable public func act(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let u = imaginary
        let t = 2 * u.cross(v)
        return v + w * t + u.cross(t)
    }

    /// The rotation angle in radians, in [0, pi].
    @inlinable public var angle: Double {
        let s = (imaginary * imaginary).sum().squareRoot()
        return 2 * atan2(s, abs(w)).magnitude
    }

    /// The rotation as an axis scaled by its angle in radians (the shortest way round).
    @inlinable @inline(__always) public var rotationVector: SIMD3<Double> {
        let q = w < 0 ? -vector : vector
        let v = SIMD3(q.x, q.y, q.z)
        let s = (v * v).sum().squareRoot()
        if s < 1e-12 { return 2 * v }
        // Frame-to-frame rotations are small: atan(x) by its series for x = s/w < 1/32 (the next term is
        // below 1e-15 relative), the library's atan2 otherwise.
        if s < q.w / 32 {
            let x = s / q.w, x2 = x * x
            let atanOverX = 1 - x2 * (1.0 / 3 - x2 * (1.0 / 5 - x2 * (1.0 / 7 - x2 * (1.0 / 9))))
            return v * (2 * atanOverX / q.w)
        }
        return v * (2 * atan2(s, q.w) / s)
    }

    /// The rotation of a rotation vector (axis times angle in radians), as ARKitScenes' `.traj` stores it.
    @inlinable public init(rotationVector r: SIMD3<Double>) {
        let angle = (r * r).sum().squareRoot()
        if angle < 1e-12 {
            self = Quaternion(x: r.x / 2, y: r.y / 2, z: r.z / 2, w: 1).normalized
        } else {
            self = Quaternion(angle: angle, axis: r)
        }
    }

    /// Angle in radians between two rotations.
    @inlinable public func angle(to other: Quaternion) -> Double { (other * conjugate).angle }

    /// True when every component is finite.
    @inlinable public var isFinite: Bool {
        vector.x.isFinite && vector.y.isFinite && vector.z.isFinite && vector.w.isFinite
    }
}

