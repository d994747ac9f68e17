/// A 4x4 matrix stored as four columns, like ARKit's `simd_float4x4` (in double precision).
///
/// JSON files store it as 16 numbers in column-major order: column 0 (x axis), column 1 (y axis),
/// column 2 (z axis), column 3 (translation, w = 1).
public struct Matrix4x4: Equatable, Sendable {
    /// The four columns.
    public var columns: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)

    @inlinable public init(columns: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) {
        self.columns = columns
    }

    public static func == (a: Matrix4x4, b: Matrix4x4) -> Bool { a.columnMajor == b.columnMajor }

    /// The identity matrix.
    public static let identity = Matrix4x4(columns: (
        SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)))

    /// Builds a matrix from 16 numbers in column-major order; nil unless there are exactly 16.
    public init?(columnMajor values: [Double]) {
        guard values.count == 16 else { return nil }
        columns = (SIMD4(values[0], values[1], values[2], values[3]),
                   SIMD4(values[4], values[5], values[6], values[7]),
                   SIMD4(values[8], values[9], values[10], values[11]),
                   SIMD4(values[12], values[13], values[14], values[15]))
    }

    /// The 16 numbers in column-major order.
    public var columnMajor: [Double] {
        [columns.0.x, columns.0.y, columns.0.z, columns.0.w,
         columns.1.x, columns.1.y, columns.1.z, columns.1.w,
         columns.2.x, columns.2.y, columns.2.z, columns.2.w,
         columns.3.x, columns.3.y, columns.3.z, columns.3.w]
    }

    /// Element at `row`, `column` (both 0-based).
    @inlinable public subscript(row: Int, column: Int) -> Double {
        switch column {
        case 0: return columns.0[row]
        case 1: return columns.1[row]
        case 2: return columns.2[row]
        default: return columns.3[row]
        }
    }

    /// Matrix product.
    @inlinable public static func * (a: Matrix4x4, b: Matrix4x4) -> Matrix4x4 {
        Matrix4x4(columns: (a * b.columns.0, a * b.columns.1, a * b.columns.2, a * b.columns.3))
    }

    /// Matrix-vector product.
    @inlinable public static func * (a: Matrix4x4, v: SIMD4<Double>) -> SIMD4<Double> {
        a.columns.0 * v.x + a.columns.1 * v.y + a.columns.2 * v.z + a.columns.3 * v.w
    }

    /// True when all 16 numbers are finite.
    public var isFinite: Bool {
        columnMajor.allSatisfy { $0.isFinite }
    }
}
