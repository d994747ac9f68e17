import CaptureEngine

/// The bundle's write rate, which the sensor uses to consume free storage while recording: the engine's
/// ``CaptureEngine/ScanBytes`` (the same bytes the session's modelled zipping reads).
public enum StorageModel {
    /// Bytes of `arkitData.json` per recorded frame (``CaptureEngine/ScanBytes/jsonBytesPerFrame``).
    public static let jsonBytesPerFrame: Int64 = ScanBytes.jsonBytesPerFrame
    /// Bytes per depth pixel: a Float16 depth and a UInt8 confidence.
    public static let bytesPerDepthPixel: Int64 = ScanBytes.bytesPerDepthPixel
    /// Bytes of each depth record's header (its time as a Float64).
    public static let depthRecordHeaderBytes: Int64 = ScanBytes.depthRecordHeaderBytes

    /// Bytes written for one recorded frame.
    public static func bytes(forFrameWithDepth hasDepth: Bool, width: Int = 256, height: Int = 192) -> Int64 {
        hasDepth ? ScanBytes.frame(depthWidth: width, height: height) : ScanBytes.frame(depthWidth: 0, height: 0)
    }
}
