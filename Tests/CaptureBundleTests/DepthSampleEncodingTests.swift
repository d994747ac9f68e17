@testable import CaptureBundle
import TestSupport
import Testing

@Suite struct DepthSampleEncodingTests {
    /// Exact half floats (what the renderer writes), values between them, and the special cases.
    static func depths() -> [Float] {
        var values: [Float] = []
        var state: UInt64 = 99
        for _ in 0..<4000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let metres = Float(state >> 40) / Float(1 << 24) * 6
            values.append(Float(Float16(metres)))
            values.append(metres)
        }
        values += [0, -0.0, 0.001, 5, 65504, 65520, 1e-7, 6.0e-5, -1.5, .infinity, -.infinity, .nan,
                   Float(bitPattern: 0x3880_0000), Float(bitPattern: 0x477F_E000), Float(bitPattern: 0x3880_1000)]
        return values
    }

    @Test func halfFloatBitsEqualFloat16ConversionForEveryValue() {
        for count in [0, 1, 7, 64, 65, 130, Self.depths().count] {
            let depths = Array(Self.depths().prefix(count))
            var bytes = [UInt8](repeating: 0xAA, count: 2 * count + 2)
            bytes.withUnsafeMutableBytes { DepthSampleEncoding.writeHalfFloats(depths, to: $0.baseAddress!) }
            let expected = depths.flatMap { v -> [UInt8] in
                let bits = Float16(v).bitPattern
                return [UInt8(bits & 0xFF), UInt8(bits >> 8)]
            }
            #expect(Array(bytes.prefix(2 * count)) == expected, "\(count) values")
            #expect(bytes.suffix(2) == [0xAA, 0xAA], "nothing written past the end")
        }
    }

    /// Blocks of 64 exact half floats (the renderer's depths, zeros, negative and extreme normal halves)
    /// take the SIMD path; one inexact value sends its block, and only its block, to `Float16(_:)`.
    @Test func blocksOfExactHalfFloatsTakeTheVectorPathAndEqualFloat16Conversion() {
        var random = SplitMix64(seed: 21)
        var depths = (0..<(64 * 40)).map { i -> Float in
            switch i % 9 {
            case 0: return 0
            case 1: return -Float(Float16(Float(random.below(5000)) / 1000 + 0.01))
            case 2: return Float(Float16.greatestFiniteMagnitude)
            case 3: return Float(Float16.leastNormalMagnitude)
            default: return Float(Float16(Float(random.below(8000)) / 1000 + 0.001))
            }
        }
        depths[64 * 7 + 5] = 0.1  // not a half float: block 7 is converted by Float16(_:)
        depths[64 * 9] = -0.0
        depths += [1.5, 2.5]  // a last block shorter than 64
        var bytes = [UInt8](repeating: 0xAA, count: 2 * depths.count + 2)
        bytes.withUnsafeMutableBytes { DepthSampleEncoding.writeHalfFloats(depths, to: $0.baseAddress! + 1) }
        let expected = depths.flatMap { v -> [UInt8] in
            let bits = Float16(v).bitPattern
            return [UInt8(bits & 0xFF), UInt8(bits >> 8)]
        }
        #expect(Array(bytes[1..<(1 + 2 * depths.count)]) == expected)
        #expect(bytes.first == 0xAA && bytes.last == 0xAA, "nothing written outside the range")
    }

    @Test func millimetresEqualRoundingTheProductInDouble() {
        func reference(_ m: Float) -> UInt16 {
            guard m.isFinite, m > 0 else { return 0 }
            let mm = (Double(m) * 1000).rounded()
            return mm >= 65535 ? 65535 : UInt16(mm)
        }
        var depths = Self.depths()
        depths += [0.0005, 0.0015, 0.0025, 1.2345, 65.5345, 65.535, 65.5355, 70, Float(bitPattern: 0x3A83_126F)]
        #expect(DepthSampleEncoding.millimetres(depths) == depths.map(reference))
    }

    @Test func vectorisedMillimetresEqualThePerSampleRuleForAnyBitPattern() {
        var random = SplitMix64(seed: 11)
        // Arbitrary floats (NaNs, infinities, subnormals, negatives) and depths between 0 and 80 m.
        let arbitrary = (0..<50_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }
        let plausible = (0..<50_000).map { _ in Float(Double(random.next() % 80_000_000) / 1_000_000) }
        for depths in [arbitrary, plausible] {
            #expect(DepthSampleEncoding.millimetres(depths) == depths.map(RawRGBDStorage.millimetres))
        }
    }
}
