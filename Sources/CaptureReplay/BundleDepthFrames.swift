import CaptureEngine
import Foundation

/// A bundle's `allDepthFrames.bin`, validated once and decoded one frame at a time.
///
/// Layout (little-endian, `docs/bundle-format.md`): a 32-byte header (magic `CSDEPTH1`, `uint32` version 2,
/// width, height, reserved 0, bytes per frame record, reserved 0), then per frame a `float64` time in
/// seconds, `width*height` half-precision depths in metres (0 = no return) and `width*height` `uint8`
/// confidences; the frames are counted from the file's length. Version 1 files (the frame count at byte
/// 20) are read too.
struct BundleDepthFrames: Sendable {
    /// Size of the header, bytes.
    static let headerSize = 32
    /// The magic at the start of the file.
    static let magic = Array("CSDEPTH1".utf8)

    let bytes: Data
    let width: Int
    let height: Int
    let frameCount: Int
    let recordSize: Int

    /// Validates the header and the file's length; `name` is used in errors.
    init(bytes: Data, name: String) throws(ReplayLogError) {
        func fail(_ reason: String) -> ReplayLogError { ReplayLogError(file: name, reason: reason) }
        guard bytes.count >= BundleDepthFrames.headerSize else {
            throw fail("\(bytes.count) bytes is shorter than the 32-byte header")
        }
        guard Array(bytes.prefix(8)) == BundleDepthFrames.magic else { throw fail("does not start with the magic CSDEPTH1") }
        let version = BundleDepthFrames.uint32(bytes, at: 8)
        guard version == 1 || version == 2 else { throw fail("header: version \(version), expected 2 (or 1)") }
        width = Int(BundleDepthFrames.uint32(bytes, at: 12))
        height = Int(BundleDepthFrames.uint32(bytes, at: 16))
        recordSize = Int(BundleDepthFrames.uint32(bytes, at: 24))
        guard width > 0, height > 0, width <= 4096, height <= 4096 else {
            throw fail("header: depth map size \(width)x\(height) is not a plausible size")
        }
        let expectedRecord = 8 + width * height * 3
        guard recordSize == expectedRecord else {
            throw fail("header: \(recordSize) bytes per frame record, expected 8 + 3 x \(width) x \(height) = \(expectedRecord)")
        }
        if version == 1 {
            frameCount = Int(BundleDepthFrames.uint32(bytes, at: 20))
            let needed = BundleDepthFrames.headerSize + frameCount * recordSize
            guard bytes.count >= needed else {
                throw fail("\(bytes.count) bytes holds fewer than the header's \(frameCount) frames (\(needed) bytes)")
            }
        } else {
            let records = bytes.count - BundleDepthFrames.headerSize
            guard records % recordSize == 0 else {
                throw fail("\(records) bytes after the header are not whole records of \(recordSize) bytes (the last one is cut short)")
            }
            frameCount = records / recordSize
        }
        self.bytes = bytes
    }

    /// The time recorded with depth frame `index`, seconds on the session clock.
    func time(at index: Int) -> Double {
        let offset = BundleDepthFrames.headerSize + index * recordSize
        var bits: UInt64 = 0
        for b in 0..<8 { bits |= UInt64(bytes[bytes.startIndex + offset + b]) << (8 * UInt64(b)) }
        return Double(bitPattern: bits)
    }

    /// Depth frame `index` (which must be below ``frameCount``).
    func depthMap(at index: Int) -> DepthMap {
        let pixels = width * height
        let offset = BundleDepthFrames.headerSize + index * recordSize + 8
        var depth = [Float](repeating: 0, count: pixels)
        var confidence = [UInt8](repeating: 0, count: pixels)
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let p = raw.bindMemory(to: UInt8.self)
            for i in 0..<pixels {
                let bits = UInt16(p[offset + 2 * i]) | UInt16(p[offset + 2 * i + 1]) << 8
                depth[i] = Float(Float16(bitPattern: bits))
            }
            let c = offset + 2 * pixels
            for i in 0..<pixels { confidence[i] = p[c + i] }
        }
        return DepthMap(width: width, height: height, depth: depth, confidence: confidence)
    }

    private static func uint32(_ bytes: Data, at offset: Int) -> UInt32 {
        var v: UInt32 = 0
        for b in 0..<4 { v |= UInt32(bytes[bytes.startIndex + offset + b]) << (8 * UInt32(b)) }
        return v
    }
}
