import BundleIO
import CaptureBundle

/// The bundle writers' compression options shared by `run` and `bench bundle`:
/// `--png-compression none|rle|fast|small`, `--zip-level 1...9`, `--zip-depth store|deflate`.
struct BundleWritingOptions {
    /// Compression of the raw package's PNGs (default ``PNGCompression/rle``).
    var pngCompression: PNGCompression = .rle
    /// Deflate level of the zip's entries (default 6).
    var zipLevel = 6
    /// Store `allDepthFrames.bin` in the zip rather than deflate it (default true).
    var zipStoresDepthFrames = true
    /// The options given on the command line, without their dashes.
    var givenFlags: [String] = []

    static let pngCompressionOption = Option.option(
        "png-compression", "P", "raw package PNGs: none (stored, fastest to encode, largest), rle\n(run-length Huffman deflate, up filter; default), fast (zlib\nlevel 1, run lengths, up filter) or small (zlib level 6, up filter)"
    ) { (name) throws(UsageError) in
        guard let preset = PNGCompression(presetName: name) else { throw UsageError("--png-compression expects none, rle, fast or small, got '\(name)'") }
        return preset
    }
    static let zipLevelOption = Option.integer("zip-level", "N", "deflate level of the CubiCapture zip's entries, 1...9 (default 6)") { (level) throws(UsageError) in
        guard (1...9).contains(level) else { throw UsageError("--zip-level must be 1...9") }
    }
    /// `--zip-depth`: whether the zip stores the depth frames (store) or deflates them.
    static let zipDepthOption = Option.option("zip-depth", "M", "allDepthFrames.bin in the zip: store (default) or deflate") { (method) throws(UsageError) in
        switch method {
        case "store": return true
        case "deflate": return false
        default: throw UsageError("--zip-depth expects store or deflate, got '\(method)'")
        }
    }
    /// The options this parses.
    static let options: [OptionSpec] = [pngCompressionOption.spec, zipLevelOption.spec, zipDepthOption.spec]

    init() {}

    /// Parses and validates the three options.
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        for spec in Self.options where try parsed.isGiven(spec) { givenFlags.append(spec.name) }
        pngCompression = try parsed[Self.pngCompressionOption] ?? pngCompression
        zipLevel = try parsed[Self.zipLevelOption] ?? zipLevel
        zipStoresDepthFrames = try parsed[Self.zipDepthOption] ?? zipStoresDepthFrames
    }
}
