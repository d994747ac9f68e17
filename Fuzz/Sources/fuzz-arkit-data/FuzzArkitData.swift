import CaptureBundle

/// A bundle's `arkitData.json` (`ArkitData(json:)`, which replay and inspect use).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArkitData(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? ArkitData(json: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
