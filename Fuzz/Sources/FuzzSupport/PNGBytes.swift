import Foundation

/// Small valid PNGs for the fixtures of fuzz targets, written by hand (stored deflate blocks, zlib's
/// Adler-32, PNG's CRC-32) so that a fixture needs no encoder of the package under test.
public enum PNGBytes {
    /// A grey PNG, `sample(x, y)` for each pixel (16-bit big-endian or 8-bit).
    public static func grey(width: Int, height: Int, bitDepth: Int, sample: (Int, Int) -> Int) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let v = sample(x, y)
                if bitDepth == 16 { raw += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] } else { raw.append(UInt8(v & 0xFF)) }
            }
        }
        var zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(raw.count & 0xFF), UInt8(raw.count >> 8), UInt8(~raw.count & 0xFF), UInt8(~raw.count >> 8 & 0xFF)]
        zlib += raw
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += [UInt8(b >> 8), UInt8(b & 0xFF), UInt8(a >> 8), UInt8(a & 0xFF)]
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc = ~crc
            let length = UInt32(body.count)
            return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + typed
                + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        let w = UInt32(width), h = UInt32(height)
        let header: [UInt8] = [UInt8(w >> 24), UInt8(w >> 16 & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w & 0xFF),
                               UInt8(h >> 24), UInt8(h >> 16 & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h & 0xFF),
                               UInt8(bitDepth), 0, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
    }
}
