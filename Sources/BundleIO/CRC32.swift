import CChecksum
import CZip

/// The CRC-32 that zip entries carry (the value of zlib's `crc32_z`), kept up to date as a file is written so a
/// zip's entries can be checked against the files without reading them again.
public struct CRC32: Sendable, Equatable {
    /// The checksum of the bytes added so far (0 for none).
    public private(set) var value: UInt32 = 0
    /// How many bytes were added.
    public private(set) var length = 0

    public init() {}

    /// Whether libzip's and libpng's CRC-32 calls (zlib's `crc32`) fold (PCLMULQDQ or PMULL): the
    /// executable exports CChecksum's `crc32` and was built for a CPU with the instructions. Otherwise
    /// they run zlib's.
    public static var foldsZlibCalls: Bool { capture_sim_crc32_exported() == 1 && capture_sim_crc32_folds() == 1 }

    /// The checksum of `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer) { add(bytes) }

    /// Adds bytes (`capture_sim_crc32`: carry-less multiplication folding, or zlib's `crc32_z`; the same value).
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        value = capture_sim_crc32(value, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        length += bytes.count
    }

    /// Adds bytes.
    public mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

    /// The checksum of these bytes followed by `next`'s (`crc32_combine`), without reading either again.
    public func followed(by next: CRC32) -> CRC32 {
        var out = CRC32()
        out.value = UInt32(truncatingIfNeeded: crc32_combine(uLong(value), uLong(next.value), off_t(next.length)))
        out.length = length + next.length
        return out
    }

    /// A CRC as the eight lowercase hexadecimal digits that messages print.
    package static func hexDigits(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
