import CaptureEngine

/// A thresholds file (`Thresholds.applying(jsonText:source:)`) when the input starts with `{`, else
/// `--set key=value` overrides, one per line (`applying(assignment:)`). A result is written back out as
/// JSON (`jsonText()`) and read again, as `capture-sim thresholds` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThresholds(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var thresholds = Thresholds()
    do {
        if text.first == "{" {
            thresholds = try thresholds.applying(jsonText: text, source: "fuzz.json")
        } else {
            for line in text.split(separator: "\n") { thresholds = try thresholds.applying(assignment: String(line)) }
        }
    } catch { return 0 }
    for key in Thresholds.keyPaths { _ = thresholds.value(at: key) }
    _ = try? Thresholds().applying(jsonText: thresholds.jsonText(), source: "written")
    return 0
}
