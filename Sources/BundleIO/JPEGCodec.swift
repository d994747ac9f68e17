import CTurboJPEG

/// JPEG encoding and decoding through libjpeg-turbo's TurboJPEG API: the raw package's `rgb/*.jpg`.
///
/// Wraps `tjInitCompress`, `tjCompress2` (RGB in, 4:2:0 chroma, the given quality), `tjFree`,
/// `tjInitDecompress`, `tjDecompressHeader3`, `tjDecompress2`, `tjDestroy` and `tjGetErrorStr2`.
public enum JPEGCodec {
    /// A JPEG's size and chroma subsampling, from decoding it.
    public struct Summary: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// True for 4:2:0 chroma (what ``encode(rgb:width:height:quality:)`` writes).
        public var chroma420: Bool
    }

    /// An RGB image (`width * height * 3` bytes, row-major, R, G, B) as a baseline JPEG (4:2:0, libjpeg's
    /// quality scale 1...100). The codec takes bytes and a size, so BundleIO needs no image type above it.
    public static func encode(rgb: [UInt8], width: Int, height: Int, quality: Int) throws(LibraryCallError) -> [UInt8] {
        guard width > 0, height > 0, rgb.count == width * height * 3 else {
            throw LibraryCallError(.libjpegTurbo, call: "tjCompress2", message: "\(rgb.count) bytes are not a \(width)x\(height) RGB image")
        }
        guard let handle = tjInitCompress() else { throw LibraryCallError(.libjpegTurbo, call: "tjInitCompress", message: "failed") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer { rgb in
            tjCompress2(handle, rgb.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { throw LibraryCallError(.libjpegTurbo, call: "tjCompress2", message: String(cString: tjGetErrorStr2(handle))) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Decodes a JPEG fully (every pixel) and returns its size; throws when it does not decode.
    public static func decode(_ bytes: [UInt8]) throws(LibraryCallError) -> Summary {
        guard let handle = tjInitDecompress() else { throw LibraryCallError(.libjpegTurbo, call: "tjInitDecompress", message: "failed") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        guard header == 0, width > 0, height > 0 else {
            throw LibraryCallError(.libjpegTurbo, call: "tjDecompressHeader3", message: "not a readable JPEG: \(String(cString: tjGetErrorStr2(handle)))")
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
        let status = tjDecompress2(handle, bytes, UInt(bytes.count), &pixels, width, 0, height, Int32(TJPF_RGB.rawValue), 0)
        guard status == 0 else { throw LibraryCallError(.libjpegTurbo, call: "tjDecompress2", message: "the JPEG does not decode: \(String(cString: tjGetErrorStr2(handle)))") }
        return Summary(width: Int(width), height: Int(height), chroma420: subsampling == Int32(TJSAMP_420.rawValue))
    }
}

extension JPEGCodec {
    /// A decoded video picture (limited-range BT.601 4:2:0 planes, as H.264 carries them) as a baseline JPEG
    /// (full-range 4:2:0, JPEG's YCbCr), the planes' range expanded first; `tjCompressFromYUVPlanes`.
    public static func encode(_ picture: VideoFrameDecoder.Picture, quality: Int) throws(LibraryCallError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw LibraryCallError(.libjpegTurbo, call: "tjInitCompress", message: "failed") }
        defer { tjDestroy(handle) }
        let luma = picture.luma.map { fullRangeLuma[Int($0)] }
        let cb = picture.blueDifference.map { fullRangeChroma[Int($0)] }
        let cr = picture.redDifference.map { fullRangeChroma[Int($0)] }
        let chromaWidth = Int32((picture.width + 1) / 2)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = luma.withUnsafeBufferPointer { y in
            cb.withUnsafeBufferPointer { u in
                cr.withUnsafeBufferPointer { v in
                    var planes: [UnsafePointer<UInt8>?] = [y.baseAddress, u.baseAddress, v.baseAddress]
                    var strides: [Int32] = [Int32(picture.width), chromaWidth, chromaWidth]
                    return tjCompressFromYUVPlanes(handle, &planes, Int32(picture.width), &strides, Int32(picture.height),
                                                   Int32(TJSAMP_420.rawValue), &output, &size, Int32(quality), 0)
                }
            }
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else {
            throw LibraryCallError(.libjpegTurbo, call: "tjCompressFromYUVPlanes", message: String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// Limited-range luma (16...235) to full range (0...255), rounded and clamped.
    private static let fullRangeLuma: [UInt8] = (0..<256).map { y in
        UInt8(max(0, min(255, ((Double(y) - 16) * 255 / 219).rounded())))
    }
    /// Limited-range chroma (16...240, 128 neutral) to full range (0...255).
    private static let fullRangeChroma: [UInt8] = (0..<256).map { c in
        UInt8(max(0, min(255, ((Double(c) - 128) * 255 / 224 + 128).rounded())))
    }
}
