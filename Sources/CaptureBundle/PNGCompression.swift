import CPNG
import CPNGWrite

/// How the raw RGBD package's PNGs are compressed: zlib's level and strategy and PNG's row filter.
/// Every setting gives standard PNGs that any reader decodes to the same samples; they differ in size
/// and in the time to write them.
///
/// Measured on this project's 256x192 depth maps (docs/benchmarks.md): a 16-bit depth PNG takes about
/// 0.06 ms stored, 1 ms with ``fast`` (37 % of the raw rows) and 2-2.5 ms at zlib's higher levels
/// (35-38 %); the mostly constant confidence maps shrink to 1-2 % with any compressing setting.
public struct PNGCompression: Sendable, Equatable, CustomStringConvertible {
    /// zlib's deflate strategy.
    public enum Strategy: String, Sendable, CaseIterable {
        /// zlib's default (string matching and Huffman coding).
        case `default`
        /// Run-length matches only (`Z_RLE`): fast, good on filtered depth rows and constant maps.
        case rle
        /// Huffman coding only (`Z_HUFFMAN_ONLY`).
        case huffmanOnly = "huffman-only"
        /// Tuned for filtered data (`Z_FILTERED`).
        case filtered

        var zlibValue: Int32 {
            switch self {
            case .default: 0
            case .filtered: 1
            case .huffmanOnly: 2
            case .rle: 3
            }
        }
    }

    /// The PNG row filter every row is written with.
    public enum Filter: String, Sendable, CaseIterable {
        /// Rows as they are (filter type 0).
        case none
        /// Each byte minus the byte one pixel to its left (type 1).
        case sub
        /// Each byte minus the byte above it (type 2): depth rows change little from one to the next.
        case up

        var libpngFlag: Int32 {
            switch self {
            case .none: Int32(PNG_FILTER_NONE)
            case .sub: Int32(PNG_FILTER_SUB)
            case .up: Int32(PNG_FILTER_UP)
            }
        }
    }

    /// zlib level, 0 (stored: no compression) ... 9 (smallest).
    public var level: Int
    /// zlib strategy.
    public var strategy: Strategy
    /// PNG row filter.
    public var filter: Filter

    public init(level: Int, strategy: Strategy = .default, filter: Filter = .none) {
        self.level = level
        self.strategy = strategy
        self.filter = filter
    }

    /// Stored deflate blocks, no filter: the fastest and largest (raw size plus a few bytes per 64 KiB).
    public static let none = PNGCompression(level: 0, strategy: .default, filter: .none)
    /// zlib level 1 with run-length matches over up-filtered rows: about a third of the raw size at
    /// a sixth of the time of ``small``.
    public static let fast = PNGCompression(level: 1, strategy: .rle, filter: .up)
    /// zlib level 6 (its default) over up-filtered rows: the smallest files of these presets.
    public static let small = PNGCompression(level: 6, strategy: .default, filter: .up)

    /// The presets by name, for the command line: `none`, `fast`, `small`.
    public static let presets: [(name: String, compression: PNGCompression)] = [("none", .none), ("fast", .fast), ("small", .small)]

    /// A preset by name, or nil.
    public init?(presetName: String) {
        guard let preset = Self.presets.first(where: { $0.name == presetName }) else { return nil }
        self = preset.compression
    }

    /// The preset's name, or `level N, strategy S, filter F`.
    public var description: String {
        Self.presets.first { $0.compression == self }?.name
            ?? "level \(level), strategy \(strategy.rawValue), filter \(filter.rawValue)"
    }

    /// Encodes `width * height` samples with `cpng_write_gray` (libpng's low-level writer with these
    /// settings): `bitDepth` 16 takes host-order `UInt16` samples, 8 takes bytes.
    func encode(width: Int, height: Int, bitDepth: Int, samples: UnsafeRawBufferPointer) throws(PNGError) -> [UInt8] {
        let bytesPerSample = bitDepth / 8
        guard bitDepth == 8 || bitDepth == 16, width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF,
              samples.count == width * height * bytesPerSample else {
            throw PNGError(call: "cpng_write_gray",
                           message: "refused a \(width)x\(height) \(bitDepth)-bit image with \(samples.count / max(1, bytesPerSample)) samples")
        }
        guard (0...9).contains(level) else {
            throw PNGError(call: "cpng_write_gray", message: "zlib level \(level) is outside 0...9")
        }
        // Raw rows plus deflate's worst case (stored blocks: 5 bytes per 16 KiB at most, as zlib's
        // compressBound allows), chunk headers and the fixed chunks.
        let raw = height * (1 + width * bytesPerSample)
        var out = [UInt8](repeating: 0, count: raw + raw / 1000 + 12 * (raw / 8192 + 1) + 1024)
        var written = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = out.withUnsafeMutableBytes { buffer in
            message.withUnsafeMutableBufferPointer { text in
                cpng_write_gray(samples.baseAddress, UInt32(width), UInt32(height), Int32(bitDepth),
                                Int32(level), strategy.zlibValue, filter.libpngFlag,
                                buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, &written,
                                text.baseAddress, text.count)
            }
        }
        guard status == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PNGError(call: "cpng_write_gray", message: text.isEmpty ? "libpng reported an error" : text)
        }
        out.removeLast(out.count - written)
        return out
    }
}
