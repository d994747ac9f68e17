@testable import BundleIO
@testable import CaptureBundle
import Foundation
import TestSupport
import Testing

@Suite struct PNGCompressionTests {
    /// A 256x192 depth-like map in millimetres: a sloped floor with noise and a block of no-data pixels.
    static func depthMillimetres() -> [UInt16] {
        var state: UInt32 = 12345
        return (0..<(256 * 192)).map { i in
            state = state &* 1_664_525 &+ 1_013_904_223
            let x = i % 256, y = i / 256
            if x > 200 && y < 40 { return 0 }
            return UInt16(900 + y * 12 + x / 4) &+ UInt16(state >> 29)
        }
    }

    @Test(arguments: PNGCompression.presets.map(\.name))
    func everyPresetRoundTripsSixteenAndEightBitSamplesBitForBit(_ name: String) throws {
        let compression = try #require(PNGCompression(presetName: name))
        let depth = Self.depthMillimetres()
        let decoded = try PNGCodec.decode(try PNGCodec.encodeSixteenBit(width: 256, height: 192, samples: depth, compression: compression))
        #expect(decoded == GrayImage(width: 256, height: 192, bitDepth: 16, samples: depth))
        let confidence = depth.map { UInt8($0 % 3) }
        let decodedConfidence = try PNGCodec.decode(try PNGCodec.encodeEightBit(width: 256, height: 192, samples: confidence,
                                                                               compression: compression))
        #expect(decodedConfidence == GrayImage(width: 256, height: 192, bitDepth: 8, samples: confidence.map(UInt16.init)))
    }

    @Test func storedIsTheRawRowsPlusOverheadAndTheCompressingPresetsAreSmaller() throws {
        let depth = Self.depthMillimetres()
        func size(_ c: PNGCompression) throws -> Int {
            try PNGCodec.encodeSixteenBit(width: 256, height: 192, samples: depth, compression: c).count
        }
        let raw = 192 * (1 + 256 * 2)
        let stored = try size(.none), rle = try size(.rle), fast = try size(.fast), small = try size(.small)
        #expect(stored > raw && stored < raw + 1024)
        #expect(fast < stored / 2)
        #expect(rle < stored / 2)
        #expect(small <= fast)
    }

    @Test func everyStrategyAndFilterGivesAPNGThatDecodesToTheSamples() throws {
        let depth = Self.depthMillimetres()
        for strategy in PNGCompression.Strategy.allCases {
            for filter in PNGCompression.Filter.allCases {
                let c = PNGCompression(level: 3, strategy: strategy, filter: filter)
                let png = try PNGCodec.encodeSixteenBit(width: 256, height: 192, samples: depth, compression: c)
                #expect(try PNGCodec.decode(png).samples == depth, "\(c)")
            }
        }
    }

    @Test(arguments: [PNGCompression.fast, .rle])
    func sixteenBitFilesCarryLinearGammaAndEqualSamplesGiveEqualBytes(_ compression: PNGCompression) throws {
        let depth = Self.depthMillimetres()
        let png = try PNGCodec.encodeSixteenBit(width: 256, height: 192, samples: depth, compression: compression)
        #expect(png == (try PNGCodec.encodeSixteenBit(width: 256, height: 192, samples: depth, compression: compression)))
        // gAMA chunk right after IHDR: length 4, "gAMA", 100000 (gamma 1.0 in PNG's fixed point).
        #expect(Array(png[33..<45]) == [0, 0, 0, 4] + Array("gAMA".utf8) + [0, 1, 0x86, 0xA0])
    }

    /// Images that drive the run-length encoder into its corners: a single pixel, runs longer than
    /// deflate's 258-byte limit, noise that only stored blocks hold (the stored fallback), and byte
    /// frequencies in a Fibonacci progression, whose Huffman code lengths exceed deflate's 15 bits
    /// before they are limited.
    static func runLengthCorners() -> [(name: String, width: Int, height: Int, samples: [UInt8])] {
        var random = SplitMix64(seed: 7)
        var fibonacci: [UInt8] = []
        var (a, b) = (1, 1)
        for symbol in 0..<24 where fibonacci.count < 60_000 {
            fibonacci += [UInt8](repeating: UInt8(symbol * 10 + 3), count: min(a, 60_000 - fibonacci.count))
            (a, b) = (a + b, a)
        }
        for i in stride(from: fibonacci.count - 1, to: 0, by: -1) {
            fibonacci.swapAt(i, Int(random.next() % UInt64(i + 1)))
        }
        let noise = (0..<(300 * 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let runs = (0..<(1000 * 3)).map { UInt8($0 < 1700 ? 9 : $0 % 7) }
        return [("one pixel", 1, 1, [200]), ("long runs", 1000, 3, runs), ("noise", 300, 200, noise),
                ("fibonacci frequencies", 300, fibonacci.count / 300, Array(fibonacci.prefix(fibonacci.count / 300 * 300))),
                ("all zero", 64, 64, [UInt8](repeating: 0, count: 4096))]
    }

    @Test func runLengthEncoderRoundTripsItsCornerCasesWithEveryFilter() throws {
        for image in Self.runLengthCorners() {
            for filter in PNGCompression.Filter.allCases {
                let c = PNGCompression(level: 1, strategy: .rle, filter: filter, encoder: .runLength)
                let eight = try PNGCodec.encodeEightBit(width: image.width, height: image.height, samples: image.samples, compression: c)
                #expect(try PNGCodec.decode(eight).samples == image.samples.map(UInt16.init), "\(image.name), \(filter)")
                let wide = image.samples.map { UInt16($0) << 8 | UInt16($0 ^ 0x5A) }
                let sixteen = try PNGCodec.encodeSixteenBit(width: image.width, height: image.height, samples: wide, compression: c)
                #expect(try PNGCodec.decode(sixteen).samples == wide, "\(image.name), \(filter), 16-bit")
            }
        }
    }

    @Test func runLengthEncoderFallsBackToStoredBlocksForNoiseAndShrinksConstantImages() throws {
        let corners = Self.runLengthCorners()
        let noise = try #require(corners.first { $0.name == "noise" })
        let png = try PNGCodec.encodeEightBit(width: noise.width, height: noise.height, samples: noise.samples, compression: .rle)
        let raw = noise.height * (noise.width + 1)
        // Stored blocks: the rows plus 5 bytes per 65,535, the zlib header and Adler-32, and the chunks.
        #expect(png.count <= raw + 5 * (raw / 65535 + 1) + 6 + 57)
        let zero = try #require(corners.first { $0.name == "all zero" })
        let small = try PNGCodec.encodeEightBit(width: zero.width, height: zero.height, samples: zero.samples, compression: .rle)
        #expect(small.count < 200)  // 57 bytes of chunks, then about 3 tokens per row
    }

    @Test func refusedInputsNameTheCallAndTheProblem() {
        #expect(throws: LibraryCallError(.libpng, call: "cpng_write_gray", message: "refused a 5x3 8-bit image with 2 samples")) {
            try PNGCodec.encodeEightBit(width: 5, height: 3, samples: [1, 2], compression: .fast)
        }
        #expect(throws: LibraryCallError(.libpng, call: "cpng_write_gray", message: "zlib level 10 is outside 0...9")) {
            try PNGCodec.encodeEightBit(width: 1, height: 1, samples: [1], compression: PNGCompression(level: 10))
        }
        #expect(throws: LibraryCallError(.libpng, call: "cpng_write_gray_run_length", message: "refused a 5x3 8-bit image with 2 samples")) {
            try PNGCodec.encodeEightBit(width: 5, height: 3, samples: [1, 2], compression: .rle)
        }
    }

    @Test func presetsAreNamedAndOtherSettingsDescribeThemselves() {
        #expect(PNGCompression(presetName: "fast") == .fast)
        #expect(PNGCompression(presetName: "rle") == .rle)
        #expect(PNGCompression.rle.description == "rle")
        #expect(PNGCompression(level: 1, filter: .sub, encoder: .runLength).description == "run-length, filter sub")
        #expect(PNGCompression(presetName: "quick") == nil)
        #expect(PNGCompression.none.description == "none")
        #expect(PNGCompression(level: 2, strategy: .huffmanOnly, filter: .sub).description == "level 2, strategy huffman-only, filter sub")
    }
}
