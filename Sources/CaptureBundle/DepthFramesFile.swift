import CaptureEngine
import Foundation

/// `allDepthFrames.bin` as read back: the header checked against the file's length, records decoded on
/// demand (the bytes are memory-mapped when read from a folder).
public struct DepthFramesFile: Sendable {
    /// Depth map width, pixels.
    public var width: Int
    /// Depth map height, pixels.
    public var height: Int
    /// Records in the file.
    public var frameCount: Int
    /// Bytes per record (8 + 3 * width * height).
    public var recordBytes: Int
    private let bytes: Data

    /// Checks the header (magic, version, record size, frame count against the length); errors name
    /// `file` and the byte offset of the bad field.
    public init(bytes: Data, file: String = "allDepthFrames.bin") throws(BundleReadError) {
        self.bytes = bytes
        guard bytes.count >= DepthFramesLayout.headerBytes else {
            throw BundleReadError(file: file, location: "byte 0", reason: "\(bytes.count) bytes, shorter than the 32-byte header")
        }
        guard Array(bytes.prefix(8)) == DepthFramesLayout.magic else {
            throw BundleReadError(file: file, location: "byte 0", reason: "magic is not CSDEPTH1")
        }
        func field(_ offset: Int) -> Int {
            let start = bytes.startIndex + offset
            return Int(UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16 | UInt32(bytes[start + 3]) << 24)
        }
        let version = field(8)
        guard version == 1 || version == Int(DepthFramesLayout.version) else {
            throw BundleReadError(file: file, location: "byte 8", reason: "version \(version), expected 2 (or 1)")
        }
        width = field(12)
        height = field(16)
        recordBytes = field(24)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw BundleReadError(file: file, location: "byte 12", reason: "depth size \(width)x\(height) is not plausible")
        }
        guard recordBytes == DepthFramesLayout.recordBytes(width: width, height: height) else {
            throw BundleReadError(file: file, location: "byte 24",
                                  reason: "record size \(recordBytes), expected \(DepthFramesLayout.recordBytes(width: width, height: height)) for \(width)x\(height)")
        }
        guard field(28) == 0 else {
            throw BundleReadError(file: file, location: "byte 28", reason: "reserved field is \(field(28)), expected 0")
        }
        let recordsLength = bytes.count - DepthFramesLayout.headerBytes
        if version == 1 {
            // Version 1 holds the frame count; it must match the length.
            frameCount = field(20)
            let expected = DepthFramesLayout.headerBytes + frameCount * recordBytes
            guard bytes.count == expected else {
                throw BundleReadError(file: file, location: "byte 20",
                                      reason: "header says \(frameCount) frames (\(expected) bytes) but the file has \(bytes.count) bytes")
            }
        } else {
            guard field(20) == 0 else {
                throw BundleReadError(file: file, location: "byte 20", reason: "reserved field is \(field(20)), expected 0")
            }
            guard recordsLength % recordBytes == 0 else {
                throw BundleReadError(file: file, location: "byte \(bytes.count - recordsLength % recordBytes)",
                                      reason: "\(recordsLength) bytes after the header are not whole records of \(recordBytes) bytes (the last one is cut short)")
            }
            frameCount = recordsLength / recordBytes
        }
    }

    /// The time (seconds) and depth map of record `index`; `index` must be in `0..<frameCount`.
    public func frame(_ index: Int) -> (time: Double, depth: DepthMap) {
        let n = width * height
        let base = DepthFramesLayout.headerBytes + index * recordBytes
        return bytes.withUnsafeBytes { raw in
            let time = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: UInt64.self)))
            var depth = [Float](repeating: 0, count: n)
            for i in 0..<n {
                let bits = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: base + 8 + 2 * i, as: UInt16.self))
                depth[i] = Float(Float16(bitPattern: bits))
            }
            let confidence = Array(raw[(base + 8 + 2 * n)..<(base + 8 + 3 * n)])
            return (time, DepthMap(width: width, height: height, depth: depth, confidence: confidence))
        }
    }
}
