import CaptureReplay
import FuzzSupport
import Foundation

/// The line-based replay readers. The first byte picks the reader: one of the five text formats read
/// from memory (`ReplayReader.read(bytes:file:format:)`), or format detection of a file holding the
/// rest (`ReplayReader.detectFormat(path:)`), whose result is then read from that file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let rest = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let formats: [ReplayFormat] = [.raw, .tum, .stray, .traj, .arkit]
    let choice = Int(data[0]) % (formats.count + 1)
    if choice < formats.count {
        // A raw log without its time column needs a rate: the default one, so such logs are parsed too.
        _ = try? ReplayReader.read(bytes: Data(rest), file: "fuzz.log", format: formats[choice],
                                   options: ReplayOptions(framesPerSecond: formats[choice] == .raw ? 60 : nil))
    } else {
        let file = FuzzScratch.write(rest, named: "poses.log")
        if let format = try? ReplayReader.detectFormat(path: file), format != .bundle {
            _ = try? ReplayReader.read(path: file, options: ReplayOptions(format: format))
        }
    }
    return 0
}
