import BundleIO
import CaptureBundle
import CaptureReplay
import FuzzSupport

/// A bundle zip, written to one file in the target's temporary folder: `ZipReader` (every entry read
/// to its end, checking CRCs), `BundleInspector.inspect(path:)` (what `capture-sim inspect` runs) and
/// the zip bundle replay reader (`ReplayReader.read(path:)`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundleZip(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let file = FuzzScratch.write(UnsafeRawBufferPointer(start: data, count: size), named: "bundle.zip")
    if let zip = try? ZipReader(path: file) {
        for i in zip.entries.indices { try? zip.forEachChunk(ofEntry: i, chunkBytes: 1 << 16) { _ in } }
    }
    _ = try? BundleInspector.inspect(path: file)
    _ = try? ReplayReader.read(path: file, options: ReplayOptions(format: .bundle))
    return 0
}
