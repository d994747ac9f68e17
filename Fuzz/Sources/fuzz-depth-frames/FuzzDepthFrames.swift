import CaptureBundle
import Foundation

/// `allDepthFrames.bin`: the header check (`DepthFramesFile(bytes:)`), then every record decoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDepthFrames(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let file = try? DepthFramesFile(bytes: Data(bytes: data, count: size)) else { return 0 }
    for i in 0..<file.frameCount { _ = try? file.frame(i) }
    return 0
}
