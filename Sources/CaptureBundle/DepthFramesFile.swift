import CaptureEngine
import Foundation
import JSONSupport

/// `allDepthFrames.bin` as read back: the header checked against the file's length, records read and
/// decoded on demand from a ``DepthFramesSource`` (memory, a file, a zip entry), one at a time.
public struct DepthFramesFile: Sendable {
    /// The most pixels a depth map may have (2^22, e.g. 2048x2048; the SDK's are 256x192): a record is
    /// read and decoded whole, so this bounds the memory one record takes (about 20 MiB).
    public static let maximumPixels = 1 << 22

    /// Depth map width, pixels.
    public var width: Int
    /// Depth map height, pixels.
    public var height: Int
    /// Records in the file.
    public var frameCount: Int
    /// Bytes per record (8 + 3 * width * height).
    public var recordBytes: Int
    private let source: any DepthFramesSource
    private let file: String

    /// Checks the header of a depth file held in memory (see ``init(source:file:)``).
    public init(bytes: Data, file: String = "allDepthFrames.bin") throws(InputError) {
        try self.init(source: DepthFramesMemorySource(bytes), file: file)
    }

    /// Checks the header (magic, version, size at most ``maximumPixels``, record size, frame count
    /// against the length); errors name `file` and the byte offset of the bad field.
    public init(source: any DepthFramesSource, file: String = "allDepthFrames.bin") throws(InputError) {
        self.source = source
        self.file = file
        let length = source.length
        guard length >= DepthFramesLayout.headerBytes else {
            throw InputError(file: file, location: "byte 0", reason: "\(length) bytes, shorter than the 32-byte header")
        }
        var header = [UInt8](repeating: 0, count: DepthFramesLayout.headerBytes)
        try header.withUnsafeMutableBytes { raw in
            Result { () throws(InputError) in try source.read(into: raw, at: 0) }
        }.get()
        guard Array(header.prefix(8)) == DepthFramesLayout.magic else {
            throw InputError(file: file, location: "byte 0", reason: "magic is not CSDEPTH1")
        }
        func field(_ offset: Int) -> Int {
            Int(UInt32(header[offset]) | UInt32(header[offset + 1]) << 8 | UInt32(header[offset + 2]) << 16 | UInt32(header[offset + 3]) << 24)
        }
        let version = field(8)
        guard version == 1 || version == Int(DepthFramesLayout.version) else {
            throw InputError(file: file, location: "byte 8", reason: "version \(version), expected 2 (or 1)")
        }
        width = field(12)
        height = field(16)
        recordBytes = field(24)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw InputError(file: file, location: "byte 12", reason: "depth size \(width)x\(height) is not plausible")
        }
        guard width * height <= DepthFramesFile.maximumPixels else {
            throw InputError(file: file, location: "byte 12",
                                  reason: "depth size \(width)x\(height) is more than the limit of \(DepthFramesFile.maximumPixels) pixels")
        }
        guard recordBytes == DepthFramesLayout.recordBytes(width: width, height: height) else {
            throw InputError(file: file, location: "byte 24",
                                  reason: "record size \(recordBytes), expected \(DepthFramesLayout.recordBytes(width: width, height: height)) for \(width)x\(height)")
        }
        guard field(28) == 0 else {
            throw InputError(file: file, location: "byte 28", reason: "reserved field is \(field(28)), expected 0")
        }
        let recordsLength = length - DepthFramesLayout.headerBytes
        if version == 1 {
            // Version 1 holds the frame count; it must match the length.
            frameCount = field(20)
            let expected = DepthFramesLayout.headerBytes + frameCount * recordBytes
            guard length == expected else {
                throw InputError(file: file, location: "byte 20",
                                      reason: "header says \(frameCount) frames (\(expected) bytes) but the file has \(length) bytes")
            }
        } else {
            guard field(20) == 0 else {
                throw InputError(file: file, location: "byte 20", reason: "reserved field is \(field(20)), expected 0")
            }
            guard recordsLength % recordBytes == 0 else {
                throw InputError(file: file, location: "byte \(length - recordsLength % recordBytes)",
                                      reason: "\(recordsLength) bytes after the header are not whole records of \(recordBytes) bytes (the last one is cut short)")
            }
            frameCount = recordsLength / recordBytes
        }
    }

    /// The time (seconds) and depth map of record `index`; `index` must be in `0..<frameCount`. Throws,
    /// naming the file, when the record cannot be read (a zip entry whose data is damaged, a file that
    /// changed while being read).
    public func frame(_ index: Int) throws(InputError) -> (time: Double, depth: DepthMap) {
        precondition(index >= 0 && index < frameCount, "depth frame \(index) is outside 0..<\(frameCount)")
        let n = width * height
        var record = [UInt8](repeating: 0, count: recordBytes)
        try record.withUnsafeMutableBytes { raw in
            Result { () throws(InputError) in
                try source.read(into: raw, at: DepthFramesLayout.headerBytes + index * recordBytes)
            }
        }.get()
        return record.withUnsafeBytes { raw in
            let time = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)))
            var depth = [Float](repeating: 0, count: n)
            for i in 0..<n {
                let bits = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 8 + 2 * i, as: UInt16.self))
                depth[i] = Float(Float16(bitPattern: bits))
            }
            let confidence = Array(raw[(8 + 2 * n)..<(8 + 3 * n)])
            return (time, DepthMap(width: width, height: height, depth: depth, confidence: confidence))
        }
    }
}
