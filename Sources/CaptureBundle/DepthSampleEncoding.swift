import CDepthSamples

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
    /// ten mantissa bits; +0 gives 0 (`cdepth_samples_half_floats_exact`, a C loop the compiler vectorises,
    /// 64 values at a time); a block of 64 holding any other value is converted again through
    /// `Float16(_:)` (rounding to nearest even, subnormals, infinities, NaN). `out` needs no alignment.
    static func writeHalfFloats(_ depth: [Float], to out: UnsafeMutableRawPointer) {
        depth.withUnsafeBufferPointer { values in
            guard let input = values.baseAddress else { return }
            let n = values.count
            var start = 0
            while start < n {
                let count = min(64, n - start)
                let target = (out + 2 * start).assumingMemoryBound(to: UInt8.self)
                if cdepth_samples_half_floats_exact(input + start, target, count) == 0 {
                    for j in start..<(start + count) {
                        out.storeBytes(of: halfFloatBits(values[j]).littleEndian, toByteOffset: 2 * j, as: UInt16.self)
                    }
                }
                start += count
            }
        }
    }

    /// ``RawRGBDStorage/millimetres(_:)`` of every depth (`cdepth_samples_millimetres`, a vectorised C loop
    /// of the same operations).
    static func millimetres(_ depth: [Float]) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: depth.count) { out, count in
            depth.withUnsafeBufferPointer { values in
                if let source = values.baseAddress, let target = out.baseAddress {
                    cdepth_samples_millimetres(source, target, values.count)
                }
            }
            count = depth.count
        }
    }
}
