import CaptureEngine

/// The byte layout of `allDepthFrames.bin` (see docs/bundle-format.md): little-endian; a 32-byte header
/// (magic `CSDEPTH1`, then `uint32` version 2, width, height, reserved 0, bytes per record, reserved 0),
/// then per depth frame a `float64` time (s), `width*height` IEEE 754 half-precision depths (metres,
/// 0 = no return) and `width*height` `uint8` confidences. The records are counted from the file's length.
///
/// Version 2 is written front to back and never patched, so that it can be streamed while the scan
/// records (its copy in the zip is written then, see ``ZipStreamWriter``); version 1 held the frame
/// count at byte 20, patched when the file was finished. Readers accept both.
public enum DepthFramesLayout {
    /// The eight ASCII bytes the file starts with.
    public static let magic: [UInt8] = Array("CSDEPTH1".utf8)
    /// The layout version this code writes.
    public static let version: UInt32 = 2
    /// Header length, bytes.
    public static let headerBytes = 32
    /// Bytes of one frame record for a depth map of this size: 8 + 2*w*h + w*h.
    public static func recordBytes(width: Int, height: Int) -> Int { 8 + 3 * width * height }

    /// The header.
    public static func header(width: Int, height: Int) -> [UInt8] {
        var out = magic
        for value in [version, UInt32(width), UInt32(height), 0, UInt32(recordBytes(width: width, height: height)), 0] {
            appendLittleEndian(value, to: &out)
        }
        return out
    }

    /// A version 1 header (what earlier bundles hold), for tests of the readers.
    public static func versionOneHeader(width: Int, height: Int, frameCount: Int) -> [UInt8] {
        var out = magic
        for value in [1, UInt32(width), UInt32(height), UInt32(frameCount), UInt32(recordBytes(width: width, height: height)), 0] {
            appendLittleEndian(value, to: &out)
        }
        return out
    }

    /// One frame record.
    public static func record(time: Double, depth: DepthMap) -> [UInt8] {
        let n = depth.width * depth.height
        var out = [UInt8](repeating: 0, count: 8 + 3 * n)
        out.withUnsafeMutableBytes { write(time: time, depth: depth, to: $0) }
        return out
    }

    /// Stores one frame record into `raw` (``recordBytes(width:height:)`` bytes): the time, the half
    /// floats and the confidences; depths or confidences missing from `depth` leave their bytes zero.
    static func write(time: Double, depth: DepthMap, to raw: UnsafeMutableRawBufferPointer) {
        let n = depth.width * depth.height
        if depth.depth.count != n || depth.confidence.count != n {
            raw.initializeMemory(as: UInt8.self, repeating: 0)
        }
        raw.storeBytes(of: time.bitPattern.littleEndian, toByteOffset: 0, as: UInt64.self)
        if depth.depth.count == n {
            DepthSampleEncoding.writeHalfFloats(depth.depth, to: raw.baseAddress! + 8)
        } else {
            for i in 0..<min(n, depth.depth.count) {
                raw.storeBytes(of: DepthSampleEncoding.halfFloatBits(depth.depth[i]).littleEndian, toByteOffset: 8 + 2 * i, as: UInt16.self)
            }
        }
        depth.confidence.withUnsafeBytes { confidence in
            if let source = confidence.baseAddress {
                (raw.baseAddress! + 8 + 2 * n).copyMemory(from: source, byteCount: min(n, confidence.count))
            }
        }
    }

    static func appendLittleEndian(_ value: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }
}
