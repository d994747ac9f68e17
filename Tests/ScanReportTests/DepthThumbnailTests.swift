@testable import BundleIO
import CaptureBundle
import CaptureEngine
import ScanReport
import Testing

/// Depth thumbnails: taken at warnings and at intervals, real PNGs of the depth map.
@Suite struct DepthThumbnailTests {
    @Test func takenAtEachWarningAndAtIntervals() throws {
        let (run, page) = try ScriptedScan.page()
        let thumbnails = page.trace.thumbnails
        let warnings = run.events.filter { $0.severity != .info && $0.meaning != .errorSound }
        let atEvents = thumbnails.filter { if case .event = $0.reason { true } else { false } }
        #expect(atEvents.count == warnings.count)
        for (thumb, event) in zip(atEvents, warnings) {
            #expect(thumb.reason == .event(event.code, event.time))
            #expect(thumb.time >= event.time)
        }
        #expect(thumbnails.contains { $0.reason == .regular })
    }

    @Test func picturesDecodeAsTheMapSampled() throws {
        var depth = [Float](repeating: 0, count: 256 * 192)
        for i in depth.indices where i % 256 < 128 { depth[i] = 0.2 }  // left half near, right half no return
        let map = DepthMap(width: 256, height: 192, depth: depth, confidence: [UInt8](repeating: 2, count: 256 * 192))
        let thumb = DepthThumbnail(map, time: 1, reason: .regular)
        #expect(thumb.width == 64 && thumb.height == 48)
        let picture = try PNGCodec.decode(thumb.depthPNG)
        #expect(picture.width == 64 && picture.height == 48)
        #expect(picture.samples[0] == 255, "0.2 m is white")
        #expect(picture.samples[63] == 0, "no return is black")
        let confidence = try PNGCodec.decode(thumb.confidencePNG)
        #expect(confidence.samples.allSatisfy { $0 == 255 }, "high confidence is white")
    }
}
