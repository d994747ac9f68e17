extension SIMD2 where Scalar == Double {
    /// Euclidean length.
    var length2D: Double { (x * x + y * y).squareRoot() }
}
