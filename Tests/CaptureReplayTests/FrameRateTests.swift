import CaptureEngine
import CaptureReplay
import Foundation
import Testing

/// Issue 48, item 7: 3.x's skipped-frame share (63) counts against the frames the camera delivers, a
/// log's own rate (its median frame interval), not ARKit's 60 Hz: a 10 Hz log skips nothing under 3.1.
@Suite struct FrameRateTests {
    /// A TUM log of `seconds` at `hz`, standing still.
    private func tum(hz: Double, seconds: Double) -> Data {
        let lines = (0..<Int(hz * seconds)).map { k in "\(Double(k) / hz) 0 0 1.4 0 0 0 1" }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    @Test func aLogIsWatchedAtItsOwnFrameRateAndA10HzLogSkipsNothingUnder31() throws {
        for hz in [10.0, 30.0, 60.0] {
            var log = try ReplayReader.read(bytes: tum(hz: hz, seconds: 8), file: "walk.tum", format: .tum)
            #expect(abs(log.configuration.thresholds.frames.expectedRateHz - hz) < 1e-6)
            log.configuration.sdk = .v3_1
            let codes = ReplayRun(log: log).events.map(\.code)
            #expect(!codes.contains(63), "\(hz) Hz: \(codes)")
        }
    }
}
