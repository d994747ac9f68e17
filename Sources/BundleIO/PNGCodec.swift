import CPNG

/// Encodes and decodes greyscale PNGs: libpng's simplified `png_image` API (no `setjmp` needed) for
/// decoding and for ``encode(_:)``; libpng's low-level writer through the `CPNGWrite` shim for the
/// encoders that take a ``PNGCompression`` (what the raw package writes).
///
/// 16-bit images are written as `PNG_FORMAT_LINEAR_Y` (the file gets a gAMA chunk of 1.0, so readers
/// leave the numbers alone) and 8-bit images as `PNG_FORMAT_GRAY`. Both round-trip bit for bit; the
/// files carry no time stamp, so equal images give equal bytes.
public enum PNGCodec {
    /// The largest image ``decode(_:)`` accepts, pixels (a guard against absurd headers): 2^28.
    public static let maximumPixels = 1 << 28

    /// Encodes an image with `png_image_write_to_memory`,
    /// with `PNG_IMAGE_FLAG_FAST` (no filter, zlib level 3).
    public static func encode(_ image: GrayImage) throws(LibraryCallError) -> [UInt8] {
        guard image.bitDepth == 8 || image.bitDepth == 16 else {
            throw LibraryCallError(.libpng, call: "png_image_write_to_memory",
                           message: "refused a \(image.width)x\(image.height) \(image.bitDepth)-bit image with \(image.samples.count) samples")
        }
        if image.bitDepth == 16 {
            return try encodeSixteenBit(width: image.width, height: image.height, samples: image.samples)
        }
        return try encodeEightBit(width: image.width, height: image.height,
                                  samples: image.samples.map { UInt8(truncatingIfNeeded: $0) })
    }

    /// Encodes `width * height` 16-bit samples (row-major) as a 16-bit greyscale PNG without copying
    /// them: the same bytes as ``encode(_:)`` of the equal ``GrayImage``.
    public static func encodeSixteenBit(width: Int, height: Int, samples: [UInt16]) throws(LibraryCallError) -> [UInt8] {
        try encodeSimplified(width: width, height: height, bitDepth: 16, samples: samples)
    }

    /// Encodes `width * height` 8-bit samples (row-major) as an 8-bit greyscale PNG without copying
    /// them: the same bytes as ``encode(_:)`` of the equal ``GrayImage``.
    public static func encodeEightBit(width: Int, height: Int, samples: [UInt8]) throws(LibraryCallError) -> [UInt8] {
        try encodeSimplified(width: width, height: height, bitDepth: 8, samples: samples)
    }

    /// `png_image_write_to_memory` of 8-bit (`UInt8`) or 16-bit (`UInt16`) samples in place.
    private static func encodeSimplified<Sample>(width: Int, height: Int, bitDepth: Int,
                                                 samples: [Sample]) throws(LibraryCallError) -> [UInt8] {
        var png = try header(width: width, height: height, bitDepth: bitDepth, count: samples.count)
        var size: png_alloc_size_t = 0
        return try samples.withUnsafeBytes { buffer in
            Result { () throws(LibraryCallError) in try write(&png, buffer: buffer.baseAddress, stride: png_int_32(width), size: &size) }
        }.get()
    }

    /// Encodes `width * height` 16-bit samples (row-major) as a 16-bit greyscale PNG with the given
    /// compression (libpng's low-level writer through `cpng_write_gray`; gAMA 1.0 as above).
    public static func encodeSixteenBit(width: Int, height: Int, samples: [UInt16],
                                        compression: PNGCompression) throws(LibraryCallError) -> [UInt8] {
        try samples.withUnsafeBytes { raw in
            Result { () throws(LibraryCallError) in try compression.encode(width: width, height: height, bitDepth: 16, samples: raw) }
        }.get()
    }

    /// Encodes `width * height` 8-bit samples (row-major) as an 8-bit greyscale PNG with the given
    /// compression (libpng's low-level writer through `cpng_write_gray`).
    public static func encodeEightBit(width: Int, height: Int, samples: [UInt8],
                                      compression: PNGCompression) throws(LibraryCallError) -> [UInt8] {
        try samples.withUnsafeBytes { raw in
            Result { () throws(LibraryCallError) in try compression.encode(width: width, height: height, bitDepth: 8, samples: raw) }
        }.get()
    }

    /// The `png_image` for writing a greyscale image, after checking its size.
    private static func header(width: Int, height: Int, bitDepth: Int, count: Int) throws(LibraryCallError) -> png_image {
        guard width > 0, height > 0, count == width * height, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw LibraryCallError(.libpng, call: "png_image_write_to_memory",
                           message: "refused a \(width)x\(height) \(bitDepth)-bit image with \(count) samples")
        }
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.width = png_uint_32(width)
        png.height = png_uint_32(height)
        png.format = bitDepth == 16 ? png_uint_32(PNG_FORMAT_LINEAR_Y) : png_uint_32(PNG_FORMAT_GRAY)
        png.flags = png_uint_32(PNG_IMAGE_FLAG_FAST)
        return png
    }

    /// One pass into a buffer large enough for any compression result (raw rows plus deflate's and the
    /// IDAT chunks' overhead); a second, sized pass only if libpng reports it needs more.
    private static func write(_ png: inout png_image, buffer: UnsafeRawPointer?, stride: png_int_32,
                              size: inout png_alloc_size_t) throws(LibraryCallError) -> [UInt8] {
        let bytesPerSample = png.format & png_uint_32(PNG_FORMAT_FLAG_LINEAR) != 0 ? 2 : 1
        let raw = Int(png.height) * (1 + Int(png.width) * bytesPerSample)
        size = png_alloc_size_t(raw + raw / 1000 + 12 * (raw / 8192 + 1) + 1024)
        var out = [UInt8](repeating: 0, count: Int(size))
        var ok = out.withUnsafeMutableBytes { memory in
            png_image_write_to_memory(&png, memory.baseAddress, &size, 0, buffer, stride, nil)
        }
        if ok == 0, Int(size) > out.count {
            png_image_free(&png)
            png.warning_or_error = 0
            out = [UInt8](repeating: 0, count: Int(size))
            ok = out.withUnsafeMutableBytes { memory in
                png_image_write_to_memory(&png, memory.baseAddress, &size, 0, buffer, stride, nil)
            }
        }
        guard ok != 0 else { throw LibraryCallError(.libpng, call: "png_image_write_to_memory", message: message(of: &png)) }
        out.removeLast(out.count - Int(size))
        return out
    }

    /// Decodes a greyscale PNG with `png_image_begin_read_from_memory` and `png_image_finish_read`,
    /// keeping the file's bit depth (16-bit files as linear 16-bit samples, others as 8-bit).
    /// Colour or alpha images are refused.
    public static func decode(_ data: [UInt8]) throws(LibraryCallError) -> GrayImage {
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&png, $0.baseAddress, $0.count) }
        guard begun != 0 else {
            throw LibraryCallError(.libpng, call: "png_image_begin_read_from_memory", message: message(of: &png))
        }
        let native = png.format
        guard native & png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_COLORMAP) == 0 else {
            png_image_free(&png)
            throw LibraryCallError(.libpng, call: "png_image_begin_read_from_memory",
                           message: "not a greyscale image without alpha (format \(native))")
        }
        let sixteen = native & png_uint_32(PNG_FORMAT_FLAG_LINEAR) != 0
        let width = Int(png.width), height = Int(png.height)
        guard width * height <= PNGCodec.maximumPixels else {
            png_image_free(&png)
            throw LibraryCallError(.libpng, call: "png_image_begin_read_from_memory",
                           message: "\(width)x\(height) is larger than the \(PNGCodec.maximumPixels) pixels this reader accepts")
        }
        // Deflate expands at most 1032:1, so the file's size bounds the image it can hold: a header that
        // promises more (69 bytes can claim 16384x16384 at 16 bits) is refused before the samples are
        // allocated. IHDR is the first chunk, so the bit depth is byte 24 of the file.
        let rowBytes = 1 + (width * Int(data[24]) + 7) / 8
        guard height * rowBytes <= data.count * 1032 else {
            png_image_free(&png)
            throw LibraryCallError(.libpng, call: "png_image_begin_read_from_memory",
                           message: "\(data.count) bytes cannot hold a \(width)x\(height) image of \(data[24])-bit samples; the file is cut short or corrupt")
        }
        png.format = sixteen ? png_uint_32(PNG_FORMAT_LINEAR_Y) : png_uint_32(PNG_FORMAT_GRAY)
        if sixteen {
            var samples = [UInt16](repeating: 0, count: width * height)
            let ok = samples.withUnsafeMutableBytes {
                png_image_finish_read(&png, nil, $0.baseAddress, png_int_32(width), nil)
            }
            guard ok != 0 else { throw LibraryCallError(.libpng, call: "png_image_finish_read", message: message(of: &png)) }
            return GrayImage(width: width, height: height, bitDepth: 16, samples: samples)
        }
        var bytes = [UInt8](repeating: 0, count: width * height)
        let ok = bytes.withUnsafeMutableBytes {
            png_image_finish_read(&png, nil, $0.baseAddress, png_int_32(width), nil)
        }
        guard ok != 0 else { throw LibraryCallError(.libpng, call: "png_image_finish_read", message: message(of: &png)) }
        return GrayImage(width: width, height: height, bitDepth: 8, samples: bytes.map(UInt16.init))
    }

    /// libpng's message from a failed simplified-API call.
    private static func message(of png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng reported an error" : text
        }
    }
}
