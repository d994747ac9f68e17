import SyntheticSensor

/// Scene JSON as `Scene.load(path:)` reads it: UTF-8 text, then `Scene(jsonText:source:)`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    _ = try? Scene(jsonText: text, source: "fuzz.json", defaultName: "fuzz")
    return 0
}
