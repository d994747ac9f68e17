import CPNG
import CPNGWrite

/// How the raw RGBD package's PNGs are compressed: the deflate encoder (this project's run-length
/// encoder, or zlib at a level and strategy) and PNG's row filter. Every setting gives standard PNGs
/// that any reader decodes to the same samples; they differ in size and in the time to write them.
///
/// Measured on this project's 256x192 depth maps (docs/benchmarks.md): a 16-bit depth PNG takes about
/// 0.06 ms stored, 0.3-0.4 ms with ``rle`` (about 47 % of the raw rows), 1.3-1.6 ms with ``fast`` (45 %)
/// and 2-2.5 ms at zlib's higher levels (35-38 %); the mostly constant confidence maps shrink to 1-2 %
/// with any compressing setting.
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

    /// What compresses the filtered rows.
    public enum Encoder: String, Sendable, CaseIterable {
        /// zlib's deflate at ``PNGCompression/level`` with ``PNGCompression/strategy``, through libpng's
        /// writer (`cpng_write_gray`).
        case zlib
        /// This project's run-length Huffman deflate (`cpng_run_length_deflate`): one block of literals
        /// and runs of the previous byte under Huffman codes built for the image, the kind of stream
        /// zlib's `Z_RLE` makes, at about five times its speed; libpng writes the chunks around it
        /// (`cpng_write_gray_run_length`). ``PNGCompression/level`` and ``PNGCompression/strategy`` are
        /// not used.
        case runLength = "run-length"
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

        /// The filter type byte PNG rows carry (0 none, 1 sub, 2 up).
        var pngType: Int32 {
            switch self {
            case .none: 0
            case .sub: 1
            case .up: 2
            }
        }
    }

    /// zlib level, 0 (stored: no compression) ... 9 (smallest).
    public var level: Int
    /// zlib strategy.
    public var strategy: Strategy
    /// PNG row filter.
    public var filter: Filter
    /// The deflate encoder.
    public var encoder: Encoder

    public init(level: Int, strategy: Strategy = .default, filter: Filter = .none, encoder: Encoder = .zlib) {
        self.level = level
        self.strategy = strategy
        self.filter = filter
        self.encoder = encoder
    }

    /// Stored deflate blocks, no filter: the fastest and largest (raw size plus a few bytes per 64 KiB).
    public static let none = PNGCompression(level: 0, strategy: .default, filter: .none)
    /// The run-length encoder over up-filtered rows (the default): about half the raw size of depth
    /// maps, 1-2 % of confidence maps, at a fifth of the time of ``fast``.
    public static let rle = PNGCompression(level: 1, strategy: .rle, filter: .up, encoder: .runLength)
    /// zlib level 1 with run-length matches over up-filtered rows: slightly smaller than ``rle`` (about
    /// 3 % on depth maps), at about a sixth of the time of ``small``.
    public static let fast = PNGCompression(level: 1, strategy: .rle, filter: .up)
    /// zlib level 6 (its default) over up-filtered rows: the smallest files of these presets.
    public static let small = PNGCompression(level: 6, strategy: .default, filter: .up)

    /// The presets by name, for the command line: `none`, `rle`, `fast`, `small`.
    public static let presets: [(name: String, compression: PNGCompression)] = [
        ("none", .none), ("rle", .rle), ("fast", .fast), ("small", .small),
    ]

    /// A preset by name, or nil.
    public init?(presetName: String) {
        guard let preset = Self.presets.first(where: { $0.name == presetName }) else { return nil }
        self = preset.compression
    }

    /// The preset's name, or `level N, strategy S, filter F`.
    public var description: String {
        Self.presets.first { $0.compression == self }?.name
            ?? (encoder == .zlib ? "level \(level), strategy \(strategy.rawValue), filter \(filter.rawValue)"
                : "\(encoder.rawValue), filter \(filter.rawValue)")
    }

    /// Encodes `width * height` samples with `cpng_write_gray` (libpng's low-level writer with these
    /// settings) or `cpng_write_gray_run_length`: `bitDepth` 16 takes host-order `UInt16` samples, 8
    /// takes bytes.
    package func encode(width: Int, height: Int, bitDepth: Int, samples: UnsafeRawBufferPointer) throws(LibraryCallError) -> [UInt8] {
        let call = encoder == .zlib ? "cpng_write_gray" : "cpng_write_gray_run_length"
        let bytesPerSample = bitDepth / 8
        guard bitDepth == 8 || bitDepth == 16, width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF,
              samples.count == width * height * bytesPerSample else {
            throw LibraryCallError(.libpng, call: call,
                           message: "refused a \(width)x\(height) \(bitDepth)-bit image with \(samples.count / max(1, bytesPerSample)) samples")
        }
        guard encoder == .runLength || (0...9).contains(level) else {
            throw LibraryCallError(.libpng, call: call, message: "zlib level \(level) is outside 0...9")
        }
        // Raw rows plus deflate's worst case (stored blocks: 5 bytes per 16 KiB at most, as zlib's
        // compressBound allows), chunk headers and the fixed chunks.
        let raw = height * (1 + width * bytesPerSample)
        var out = [UInt8](repeating: 0, count: raw + raw / 1000 + 12 * (raw / 8192 + 1) + 1024)
        var written = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = out.withUnsafeMutableBytes { buffer in
            message.withUnsafeMutableBufferPointer { text in
                let out = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
                return switch encoder {
                case .zlib:
                    cpng_write_gray(samples.baseAddress, UInt32(width), UInt32(height), Int32(bitDepth),
                                    Int32(level), strategy.zlibValue, filter.libpngFlag,
                                    out, buffer.count, &written, text.baseAddress, text.count)
                case .runLength:
                    cpng_write_gray_run_length(samples.baseAddress, UInt32(width), UInt32(height), Int32(bitDepth),
                                               filter.pngType, out, buffer.count, &written, text.baseAddress, text.count)
                }
            }
        }
        guard status == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw LibraryCallError(.libpng, call: call, message: text.isEmpty ? "libpng reported an error" : text)
        }
        out.removeLast(out.count - written)
        return out
    }
}
