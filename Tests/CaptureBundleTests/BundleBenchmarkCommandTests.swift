@testable import BundleIO
import CaptureBundle
import CChecksum
import Foundation
import TestSupport
import Testing

/// `capture-sim bench bundle` on a short scan (11 s: at least the 10 s a scan needs to be saved): the apartment's walk rendered, run through the session and
/// written in both layouts. (What it measures is shown by running it; here: that it does the work.)
@Suite struct BundleBenchmarkCommandTests {
    @Test func anElevenSecondScanIsRecordedInBothLayoutsWithEveryStageReported() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let scene = PackageFolder.scene("apartment")
        // Small camera images keep the debug build's colour render short.
        let result = try CommandLineTool.run(["bench", "bundle", "--scene", scene, "--seconds", "11", "--out", out.path,
                                        "--video-size", "64x48"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("recorded (11.0 s)"))
        for stage in ["render", "session (engine steps)", "encode + write arkitData JSON log", "encode + write depth (and H.264 video)",
                      "raw PNGs, JPEGs, poses (worker threads)", "camera images                           64x48 at 30 fps: ", "zip + validate", "CRC-32 in libzip and libpng",
                      "settings                                PNGs rle, zip deflate level 6, depth file stored", "wall time", "peak resident memory",
                      "command: capture-sim bench bundle"] {
            #expect(result.output.contains(stage), "no \(stage) line")
        }
        // The executable's crc32 replaces zlib's for libzip and libpng wherever the CPU can fold.
        if capture_sim_crc32_folds() == 1 {
            #expect(result.output.contains("CRC-32 in libzip and libpng             PCLMULQDQ folding (crc32 exported)"))
        }
        // CPU time with the kernel's share of it: "63.28 s (in the kernel 8.18 s)".
        let cpu = try #require(result.output.split(separator: "\n").first { $0.contains("CPU time, all threads") })
        let seconds = cpu.split(separator: " ").compactMap { Double($0) }
        #expect(seconds.count == 2 && seconds[1] >= 0 && seconds[1] <= seconds[0], "\(cpu)")
        #expect(cpu.hasSuffix(" s)") && cpu.contains(" s (in the kernel "), "\(cpu)")
        let finished = result.output.split(separator: "\n").first { $0.contains("scan finished with code 7") }
        #expect(finished?.hasSuffix(" yes") == true)
        let reader = try ZipReader(path: out.path + "/bench/6f1c2a9e-0000-4000-8000-000000000001.zip")
        #expect(reader.entries.map(\.name).contains("allDepthFrames.bin"))
        let depth = try DepthFramesFile(bytes: Data(contentsOf: URL(fileURLWithPath: out.path + "/bench/allDepthFrames.bin")))
        let pngs = try FileManager.default.contentsOfDirectory(atPath: out.path + "/bench-raw/raw/depth").filter { $0.hasSuffix(".png") }
        // Depth on every recorded frame, in both layouts: about 11 s at 60 Hz.
        #expect(pngs.count == depth.frameCount)
        #expect(abs(depth.frameCount - 660) <= 2)
        // Images at 30 fps: every other depth frame has a JPEG, and the video as many frames.
        let jpegs = try FileManager.default.contentsOfDirectory(atPath: out.path + "/bench-raw/raw/rgb").filter { $0.hasSuffix(".jpg") }
        #expect(abs(jpegs.count - 330) <= 2)
        #expect(result.output.contains("64x48 at 30 fps: \(jpegs.count) frames in video.mp4"))
        // Run again over it, as `run --force` would: the new bundles replace the old ones, which are
        // deleted, not left as partial folders for the next run to remove inside its timed work.
        let again = try CommandLineTool.run(["bench", "bundle", "--scene", scene, "--seconds", "11", "--out", out.path, "--no-images"])
        #expect(again.status == 0, "\(again.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["bench", "bench-raw"])
        #expect(!FileManager.default.fileExists(atPath: out.path + "/bench-raw/raw/rgb"))
    }

    @Test func aZipLevelOutsideOneToNineIsAUsageError() throws {
        let result = try CommandLineTool.run(["bench", "bundle", "--zip-level", "0"])
        #expect(result.status == 2)
    }
}
