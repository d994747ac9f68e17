import CPNGWrite

/// Converts depth maps (metres, `Float`) to the bundles' sample formats, eight values at a time where it
/// can, with results equal value for value to the per-sample definitions (``halfFloatBits(_:)``,
/// ``RawRGBDStorage/millimetres(_:)``).
enum DepthSampleEncoding {
    /// `Float16(value).bitPattern`: the IEEE 754 half-float bits of a depth.
    @inline(__always) static func halfFloatBits(_ value: Float) -> UInt16 { Float16(value).bitPattern }

    /// Writes the little-endian half-float bits of every depth (2 bytes each) to `out`.
    ///
    /// Depths that are already exact normal half floats (all of the synthetic renderer's, which rounds
    /// to Float16) convert with integer bit operations: sign, exponent rebiased from 127 to 15, the top
    /// ten mantissa bits; zeros give 0. The loop is branch-free so that the compiler vectorises it; a
    /// block of 64 holding any other value is converted again through `Float16(_:)` (rounding to
    /// nearest even, subnormals, infinities, NaN). Written straight to `out` (unaligned stores).
    static func writeHalfFloats(_ depth: [Float], to out: UnsafeMutableRawPointer) {
        depth.withUnsafeBufferPointer { values in
            let n = values.count
            var start = 0
            while start < n {
                let count = min(64, n - start)
                var inexact: UInt32 = 0
                for j in start..<(start + count) {
                    let bits = values[j].bitPattern
                    let exponent = (bits >> 23) & 0xFF
                    let normalHalf = (bits & 0x1FFF) == 0 && exponent &- 113 <= 29
                    inexact |= (normalHalf || bits == 0) ? 0 : 1
                    let half = ((bits >> 16) & 0x8000) | (((exponent &- 112) << 10) & 0x7C00) | ((bits >> 13) & 0x3FF)
                    out.storeBytes(of: UInt16(truncatingIfNeeded: bits == 0 ? 0 : half).littleEndian, toByteOffset: 2 * j, as: UInt16.self)
                }
                if inexact != 0 {
                    for j in start..<(start + count) {
                        out.storeBytes(of: halfFloatBits(values[j]).littleEndian, toByteOffset: 2 * j, as: UInt16.self)
                    }
                }
                start += count
            }
        }
    }

    /// ``RawRGBDStorage/millimetres(_:)`` of every depth (`cpng_depth_millimetres`, a vectorised C loop
    /// of the same operations).
    static func millimetres(_ depth: [Float]) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: depth.count) { out, count in
            depth.withUnsafeBufferPointer { values in
                if let source = values.baseAddress, let target = out.baseAddress {
                    cpng_depth_millimetres(source, target, values.count)
                }
            }
            count = depth.count
        }
    }
}
