import CaptureReplay
import Testing

@Suite struct WindowTests {
    @Test func fromAndToKeepTheLogsTimesAndRecordFromTheWindowsFirstFrame() throws {
        let text = (0..<50).map { "\(100 + Double($0) / 10) 0 0 0 0 0 0 1" }.joined(separator: "\n") + "\n"
        let log = try ReaderTestSupport.read(text, format: .tum, options: ReplayOptions(from: 1.25, to: 2.0))
        let times = ReaderTestSupport.frames(log).map(\.time)
        #expect(times.count == 8)
        #expect(abs(times[0] - 1.3) < 1e-9 && abs(times[7] - 2.0) < 1e-9)
        guard case .user(.recordPressed) = log.inputs.first?.kind else { Issue.record("no record press"); return }
        #expect(log.inputs.first?.time == times.first)
    }

    @Test func windowAfterTheEndLeavesNoInputs() throws {
        let log = try ReaderTestSupport.read("0 0 0 0 0 0 0 1\n", format: .tum, options: ReplayOptions(from: 5))
        #expect(log.inputs.isEmpty)
    }
}
