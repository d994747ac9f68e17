@testable import CaptureBundle
import Foundation
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
        let stored = try size(.none), fast = try size(.fast), small = try size(.small)
        #expect(stored > raw && stored < raw + 1024)
        #expect(fast < stored / 2)
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

    @Test func sixteenBitFilesCarryLinearGammaAndEqualSamplesGiveEqualBytes() throws {
        let depth = Self.depthMillimetres()
        let png = try PNGCodec.encodeSixteenBit(width: 256, height: 192, samples: depth, compression: .fast)
        #expect(png == (try PNGCodec.encodeSixteenBit(width: 256, height: 192, samples: depth, compression: .fast)))
        // gAMA chunk right after IHDR: length 4, "gAMA", 100000 (gamma 1.0 in PNG's fixed point).
        #expect(Array(png[33..<45]) == [0, 0, 0, 4] + Array("gAMA".utf8) + [0, 1, 0x86, 0xA0])
    }

    @Test func refusedInputsNameTheCallAndTheProblem() {
        #expect(throws: PNGError(call: "cpng_write_gray", message: "refused a 5x3 8-bit image with 2 samples")) {
            try PNGCodec.encodeEightBit(width: 5, height: 3, samples: [1, 2], compression: .fast)
        }
        #expect(throws: PNGError(call: "cpng_write_gray", message: "zlib level 10 is outside 0...9")) {
            try PNGCodec.encodeEightBit(width: 1, height: 1, samples: [1], compression: PNGCompression(level: 10))
        }
    }

    @Test func presetsAreNamedAndOtherSettingsDescribeThemselves() {
        #expect(PNGCompression(presetName: "fast") == .fast)
        #expect(PNGCompression(presetName: "quick") == nil)
        #expect(PNGCompression.none.description == "none")
        #expect(PNGCompression(level: 2, strategy: .huffmanOnly, filter: .sub).description == "level 2, strategy huffman-only, filter sub")
    }
}
