@testable import BundleIO
import CaptureBundle
import Foundation
import TestSupport
import Testing

@Suite struct PNGCodecTests {
    static func sixteenBitImage() -> GrayImage {
        var rng = SplitMix64(seed: 16)
        var samples = (0..<(64 * 48)).map { _ in UInt16(truncatingIfNeeded: rng.next()) }
        samples[0] = 0; samples[1] = 1; samples[2] = 255; samples[3] = 256; samples[4] = 65535; samples[5] = 0x0102
        return GrayImage(width: 64, height: 48, bitDepth: 16, samples: samples)
    }

    @Test func sixteenBitSamplesRoundTripBitForBit() throws {
        let image = Self.sixteenBitImage()
        let decoded = try PNGCodec.decode(try PNGCodec.encode(image))
        #expect(decoded == image)
    }

    @Test func eightBitSamplesRoundTripBitForBit() throws {
        let image = GrayImage(width: 5, height: 3, bitDepth: 8, samples: [0, 1, 2, 0, 1, 2, 255, 128, 7, 0, 0, 1, 2, 2, 1])
        #expect(try PNGCodec.decode(try PNGCodec.encode(image)) == image)
    }

    @Test func sampleArrayEncodersGiveTheSameBytesAsTheImageEncoder() throws {
        let sixteen = Self.sixteenBitImage()
        #expect(try PNGCodec.encodeSixteenBit(width: 64, height: 48, samples: sixteen.samples) == PNGCodec.encode(sixteen))
        let bytes: [UInt8] = [0, 1, 2, 0, 1, 2, 255, 128, 7, 0, 0, 1, 2, 2, 1]
        let eight = GrayImage(width: 5, height: 3, bitDepth: 8, samples: bytes.map(UInt16.init))
        #expect(try PNGCodec.encodeEightBit(width: 5, height: 3, samples: bytes) == PNGCodec.encode(eight))
        #expect(throws: LibraryCallError.self) { try PNGCodec.encodeEightBit(width: 5, height: 3, samples: [1, 2]) }
    }

    @Test func equalImagesEncodeToEqualBytes() throws {
        #expect(try PNGCodec.encode(Self.sixteenBitImage()) == PNGCodec.encode(Self.sixteenBitImage()))
    }

    @Test func pillowReadsTheSixteenBitValuesWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let image = Self.sixteenBitImage()
        let path = folder.path + "/d.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(try PNGCodec.encode(image)))
        let output = try CommandLineTool.runProgram("/usr/bin/env", ["python3", "-c", """
            import sys, numpy as np
            from PIL import Image
            a = np.array(Image.open(sys.argv[1]))
            print(a.dtype.kind, a.shape[1], a.shape[0], ' '.join(str(int(v)) for v in a.reshape(-1)))
            """, path])
        let fields = output.output.split(separator: " ").map(String.init)
        #expect(output.status == 0)
        #expect(fields.count == 3 + image.samples.count)
        #expect(fields.prefix(3) == ["u", "64", "48"] || fields.prefix(3) == ["i", "64", "48"])
        #expect(fields.dropFirst(3).map { UInt16($0) ?? 0 } == image.samples)
    }

    @Test func decodesASixteenBitPNGWrittenByPillowWithTheSameValues() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/p.png"
        let result = try CommandLineTool.runProgram("/usr/bin/env", ["python3", "-c", """
            import sys, numpy as np
            from PIL import Image
            a = (np.arange(12 * 10, dtype=np.uint32) * 547 % 65536).astype(np.uint16).reshape(10, 12)
            Image.fromarray(a).save(sys.argv[1])
            """, path])
        #expect(result.status == 0)
        let decoded = try PNGCodec.decode(Array(FileManager.default.contents(atPath: path) ?? Data()))
        #expect(decoded.bitDepth == 16)
        #expect(decoded.width == 12 && decoded.height == 10)
        #expect(decoded.samples == (0..<120).map { UInt16($0 * 547 % 65536) })
    }

    @Test func corruptDataThrowsNamingTheLibpngCall() {
        #expect(throws: LibraryCallError.self) { try PNGCodec.decode(Array("not a png at all".utf8)) }
        do {
            _ = try PNGCodec.decode(Array("not a png at all".utf8))
        } catch {
            #expect(error.call == "png_image_begin_read_from_memory")
        }
    }

    @Test func truncatedPNGThrows() throws {
        let bytes = try PNGCodec.encode(Self.sixteenBitImage())
        #expect(throws: LibraryCallError.self) { try PNGCodec.decode(Array(bytes.prefix(bytes.count / 2))) }
    }

    /// A 69-byte PNG whose header claims 16384x16384 16-bit samples: decoding allocated 512 MB for them
    /// before libpng found the data missing (fuzz-png, docs/fuzzing.md). Refused from the file's size.
    @Test func headerClaimingMoreThanTheFileCanHoldIsRefusedBeforeAllocating() {
        let bytes = [UInt8](Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAQAAAAEAAEAAAAADcM5MbAAAADElEQVR4nGNgoAwAAABAAAG3NHzvAAAAAElFTkSuQmCC")!)
        #expect(bytes.count == 69)
        #expect(throws: LibraryCallError(.libpng, call: "png_image_begin_read_from_memory",
                                 message: "69 bytes cannot hold a 16384x16384 image of 16-bit samples; the file is cut short or corrupt")) {
            try PNGCodec.decode(bytes)
        }
    }

    /// The size check leaves room for deflate's best: a 256x256 16-bit zero image at zlib level 9, 637:1.
    @Test func highlyCompressedImageStillDecodes() throws {
        let png = [UInt8](Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAQAAAAEAEAAAAAApiSv5AAAAlUlEQVR42u3BAQ0AAADCoPdP7ewBFAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA3AR4AAY/4QuAAAAAASUVORK5CYII=")!)
        #expect(png.count == 206)
        #expect(try PNGCodec.decode(png) == GrayImage(width: 256, height: 256, bitDepth: 16,
                                                      samples: [UInt16](repeating: 0, count: 256 * 256)))
    }
}
