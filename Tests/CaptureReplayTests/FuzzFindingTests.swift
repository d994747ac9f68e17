import CaptureEngine
import CaptureReplay
import Foundation
import Testing

/// Inputs the fuzz targets found crashing (docs/fuzzing.md), each read again: an error or a diagnostic,
/// never a trap.
@Suite struct FuzzFindingTests {
    /// fuzz-replay, TUM: a 109-digit time stamp, then an earlier one. The backwards-time diagnostic
    /// printed the difference through `NumberFormatting.fixed`, which trapped beyond Int64.
    @Test func hugeTimeStampBeforeAnEarlierOneIsReportedNotATrap() throws {
        let input = Data(base64Encoded: "ASMgMC4wMzMzIDAgMCAxCjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2MC4wMTY3IDA3IDAuMDEgMCAxLjUgMSAwMDA4NyAwLjk5OTk2CjAuMDMzMyAwLjAyIDAgMS41IDEgMCAwLjAxNyAwLjk5OTg1Cg==")!
        #expect(input.first == 1)  // the fuzz target's reader choice: TUM
        let log = try ReplayReader.read(bytes: input.dropFirst(), file: "fuzz.tum", format: .tum)
        // The first line's quaternion is not unit length (two warnings); the second line goes back in time.
        #expect(log.diagnostics.map(\.kind) == [.nonUnitRotation, .nonUnitRotation, .backwardsTime])
        #expect(log.diagnostics.last?.message.hasPrefix("time -666666") == true)
    }
}
