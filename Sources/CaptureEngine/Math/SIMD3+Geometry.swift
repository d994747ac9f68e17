extension SIMD3 where Scalar == Double {
    /// Dot product.
    @inlinable public func dot(_ other: SIMD3<Double>) -> Double { (self * other).sum() }

    /// Right-handed cross product.
    @inlinable public func cross(_ other: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// Euclidean length.
    @inlinable public var length: Double { (self * self).sum().squareRoot() }

    /// This vector scaled to unit length (zero stays zero).
    @inlinable public var normalized: SIMD3<Double> {
        let l = length
        return l > 0 ? self / l : self
    }

    /// True when every component is finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
