extension SIMD2 where Scalar == Double {
    /// Euclidean length.
    var planLength: Double { (x * x + y * y).squareRoot() }
}
