import BundleIO

/// A PNG of the raw RGBD package (`PNGCodec.decode`, libpng's simplified reader).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? PNGCodec.decode(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
