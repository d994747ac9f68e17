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

    /// The options this parses.
    static let options: [OptionSpec] = [
        .option("png-compression", "P", "raw package PNGs: none (stored, fastest to encode, largest), rle\n(run-length Huffman deflate, up filter; default), fast (zlib\nlevel 1, run lengths, up filter) or small (zlib level 6, up filter)"),
        .option("zip-level", "N", "deflate level of the CubiCapture zip's entries, 1...9 (default 6)"),
        .option("zip-depth", "M", "allDepthFrames.bin in the zip: store (default) or deflate"),
    ]
    /// Their names.
    static var optionNames: [String] { options.map(\.name) }

    init() {}

    /// Parses and validates the three options.
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        givenFlags = Self.optionNames.filter { parsed.value($0) != nil }
        if let name = parsed.value("png-compression") {
            guard let preset = PNGCompression(presetName: name) else {
                throw UsageError("--png-compression expects none, rle, fast or small, got '\(name)'")
            }
            pngCompression = preset
        }
        if let level = try parsed.integer("zip-level") {
            guard (1...9).contains(level) else { throw UsageError("--zip-level must be 1...9") }
            zipLevel = level
        }
        if let method = parsed.value("zip-depth") {
            switch method {
            case "store": zipStoresDepthFrames = true
            case "deflate": zipStoresDepthFrames = false
            default: throw UsageError("--zip-depth expects store or deflate, got '\(method)'")
            }
        }
    }
}
