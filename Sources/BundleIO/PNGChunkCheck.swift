/// Checks a PNG file's chunk structure as independent readers (pngcheck) do, before any pixel is
/// decoded: the signature, every chunk's length and CRC-32 (critical and ancillary chunks alike: libpng
/// only warns about a bad ancillary CRC and drops the chunk), IHDR first, IEND present, and nothing
/// after IEND (neither a chunk nor stray bytes).
public enum PNGChunkCheck {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest chunk length the PNG specification allows (2^31 - 1).
    public static let maximumChunkLength = 0x7FFF_FFFF

    /// One problem: the byte offset of the chunk (or of the bytes) it concerns and what is wrong.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// Offset of the chunk's length field (or of the bad bytes) from the start of the file.
        public var offset: Int
        /// What is wrong, naming the chunk.
        public var reason: String

        public var description: String { "byte \(offset): \(reason)" }
    }

    /// The first structural problem of `bytes`, or nil when every chunk is whole, its CRC-32 matches,
    /// IHDR comes first and IEND last, with no byte after it.
    public static func problem(_ bytes: [UInt8]) -> Problem? {
        guard bytes.count >= signature.count, bytes.prefix(signature.count).elementsEqual(signature) else {
            return Problem(offset: 0, reason: "not a PNG (the 8-byte signature is missing)")
        }
        var offset = signature.count
        var index = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else {
                return Problem(offset: offset, reason: "\(bytes.count - offset) bytes where a chunk (at least 12 bytes) should start; no IEND chunk")
            }
            let length = Int(bigEndian32(bytes, offset))
            let type = chunkName(bytes, offset + 4)
            guard length <= maximumChunkLength else {
                return Problem(offset: offset, reason: "chunk \(type) declares \(length) bytes, more than 2^31 - 1")
            }
            guard length <= bytes.count - offset - 12 else {
                return Problem(offset: offset, reason: "chunk \(type) declares \(length) bytes but the file ends \(bytes.count - offset - 12) bytes after its header (cut short; no IEND chunk)")
            }
            guard bytes[(offset + 4)..<(offset + 8)].allSatisfy(isLetter) else {
                return Problem(offset: offset, reason: "chunk type \(type) is not four ASCII letters")
            }
            let stored = bigEndian32(bytes, offset + 8 + length)
            let computed = bytes.withUnsafeBytes { raw in
                CRC32(UnsafeRawBufferPointer(rebasing: raw[(offset + 4)..<(offset + 8 + length)])).value
            }
            guard stored == computed else {
                let kind = bytes[offset + 4] & 0x20 == 0 ? "critical" : "ancillary"
                return Problem(offset: offset, reason: "chunk \(type) (\(kind)) has CRC-32 \(hex(stored)), its bytes give \(hex(computed))")
            }
            if index == 0, type != "IHDR" {
                return Problem(offset: offset, reason: "first chunk is \(type), expected IHDR")
            }
            if index == 0, length != 13 {
                return Problem(offset: offset, reason: "chunk IHDR has \(length) bytes, expected 13")
            }
            let next = offset + 12 + length
            if type == "IEND" {
                guard next == bytes.count else {
                    let rest = bytes.count - next
                    if rest >= 12, Int(bigEndian32(bytes, next)) <= rest - 12, bytes[(next + 4)..<(next + 8)].allSatisfy(isLetter) {
                        return Problem(offset: next, reason: "chunk \(chunkName(bytes, next + 4)) after IEND (\(rest) bytes after the end of the image)")
                    }
                    return Problem(offset: next, reason: "\(rest) trailing bytes after IEND")
                }
                return nil
            }
            offset = next
            index += 1
        }
        return Problem(offset: offset, reason: "no IEND chunk (the file ends after \(index) chunks)")
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The four bytes of a chunk type as text, non-letters escaped.
    private static func chunkName(_ bytes: [UInt8], _ at: Int) -> String {
        bytes[at..<min(bytes.count, at + 4)].map { isLetter($0) ? String(UnicodeScalar($0)) : "\\x" + hex2($0) }.joined()
    }

    private static func hex2(_ b: UInt8) -> String { b < 16 ? "0" + String(b, radix: 16) : String(b, radix: 16) }

    package static func hex(_ value: UInt32) -> String { "0x" + CRC32.hexDigits(value) }
}
