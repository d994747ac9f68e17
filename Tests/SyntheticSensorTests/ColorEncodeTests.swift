import CColorEncode
import CNoiseHash
import Testing
@testable import SyntheticSensor

/// The colour encoder (`ccolor_encode_pairs_at`, eight pixels at a time in C with one-sample ends) against a
/// one-sample Swift reference with the same IEEE operations: every byte equal.
@Suite struct ColorEncodeTests {
    /// The encoder's documented arithmetic for one sample.
    static func reference(_ linear: Float, index: Int, scale: [Float], table: [Float], sigma: [Float]?, seed: UInt32) -> UInt8 {
        var v = linear * scale[index % 3]
        v = v < 0 ? 0 : (v > 1 ? 1 : v)
        let k = Int(Int32(v * 8191))
        var code = table[k]
        if let sigma {
            // One hash a pixel (index / 3), ten bits a channel (index % 3).
            let bits = DepthKernels.hash32(seed ^ UInt32(truncatingIfNeeded: index / 3)) >> UInt32(10 * (index % 3)) & 1023
            let u = Float(bits) * (1 / 1023) - 0.5
            code += u * 3.4641016 * sigma[k]
        }
        code = (code + 0.5).rounded(.down)
        return UInt8(code < 0 ? 0 : (code > 255 ? 255 : code))
    }

    @Test func interleavedTableEncodingWithEachChannelsScaleEqualsTheOneSampleReferencePieceByPiece() {
        // 8 x 100 + 5 samples, encoded in pieces of 37 and of 96 (first index carried: pieces that start inside
        // a pixel and on one), with and without noise.
        let count = 805
        var state: UInt32 = 777
        let linear: [Float] = (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24) * 1.6 - 0.2
        }
        let table: [Float] = (0..<8192).map { Float(($0 * 255 + 4095) / 8191) }
        let sigma: [Float] = (0..<8192).map { 2.5 * (0.5 + 0.5 * (Float($0) / 8191 / 0.18).squareRoot()) }
        let pairs = (0..<8192).flatMap { [table[$0], sigma[$0]] }
        // The exposure times white-balance gains of 1.2, 1 and 0.85: each sample takes its channel's.
        let scale: [Float] = [1.07 * 1.2, 1.07, 1.07 * 0.85], seed: UInt32 = 0xBEEF
        for (noisy, piece) in [(false, 37), (true, 37), (true, 96)] {
            var out = [UInt8](repeating: 0, count: count)
            linear.withUnsafeBufferPointer { lin in
                out.withUnsafeMutableBufferPointer { o in
                    for start in Swift.stride(from: 0, to: count, by: piece) {
                        let n = min(piece, count - start)
                        ccolor_encode_pairs_at(lin.baseAddress! + start, n, UInt32(start), scale, pairs, noisy ? 1 : 0, seed,
                                               o.baseAddress! + start)
                    }
                }
            }
            let expected = (0..<count).map { Self.reference(linear[$0], index: $0, scale: scale, table: table,
                                                            sigma: noisy ? sigma : nil, seed: seed) }
            #expect(out == expected)
        }
    }

    @Test func theCKernelsNoiseHashEqualsTheSwiftRenderersHash() {
        var state: UInt32 = 99
        for value in [0, 1, 0xFFFF_FFFF, 0x8000_0000] + (0..<1000).map({ _ -> UInt32 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return state
        }) {
            #expect(cnoise_hash32(value) == DepthKernels.hash32(value))
        }
    }
}

/// The image processor's sharpening (`ccolor_sharpen_rgb`) against its documented integer arithmetic,
/// written out pixel by pixel: every byte equal, the border untouched.
@Suite struct SharpeningKernelTests {
    /// clamp(c + floor((d * amount + 512) / 1024)) with d = 4c minus the same channel of the four
    /// neighbours, all from the image before sharpening; border pixels as they were.
    static func reference(_ image: [UInt8], width: Int, height: Int, amount: Int32) -> [UInt8] {
        var out = image
        guard width >= 3, height >= 3, amount > 0 else { return out }
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                for channel in 0..<3 {
                    func at(_ x: Int, _ y: Int) -> Int32 { Int32(image[(y * width + x) * 3 + channel]) }
                    let c = at(x, y)
                    let detail = 4 * c - at(x, y - 1) - at(x, y + 1) - at(x - 1, y) - at(x + 1, y)
                    let floorShare = Int32((Double(detail * amount + 512) / 1024).rounded(.down))
                    out[(y * width + x) * 3 + channel] = UInt8(max(0, min(255, c + floorShare)))
                }
            }
        }
        return out
    }

    @Test(arguments: [(Int32(0), 7, 5), (300, 7, 5), (1024, 64, 48), (2500, 3, 3), (600, 2, 9)])
    func sharpeningEqualsItsArithmeticPixelByPixel(amount: Int32, width: Int, height: Int) {
        var state: UInt32 = 12345
        let image = (0..<(width * height * 3)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        var sharpened = image
        var scratch = [UInt8](repeating: 0, count: 9 * width)
        sharpened.withUnsafeMutableBufferPointer { rgb in
            scratch.withUnsafeMutableBufferPointer { ccolor_sharpen_rgb(rgb.baseAddress!, width, height, amount, $0.baseAddress!) }
        }
        #expect(sharpened == Self.reference(image, width: width, height: height, amount: amount))
        if amount > 0, width >= 3, height >= 3 { #expect(sharpened != image) }
    }
}
