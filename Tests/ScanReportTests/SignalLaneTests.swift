import CaptureEngine
import ScanReport
import Testing

/// A report's lanes are labelled with the codes of its SDK profile: 3.1's drift lane is 130, its pitch
/// lane has no 31 (3.1 has no horizontal warning) and there is no too-far lane (no 86 in 3.1).
@Suite struct SignalLaneTests {
    private func lane(_ signal: DetectorSignal, _ sdk: SDKProfile) -> SignalLane? {
        SignalLane.lanes(for: sdk).first { $0.signal == signal }
    }

    @Test func the210LanesCarryThe210Codes() throws {
        #expect(SignalLane.lanes(for: .v2_10).map(\.codes) == ["87", "29/30", "29/30", "21/22/31", "85", "86", "13", "80", "78"])
        let pitch = try #require(lane(.pitch, .v2_10)).thresholds(Thresholds())
        #expect(pitch.map(\.label) == ["22 above", "31 within", "31 within", "21 below"])
        #expect(pitch.map(\.value) == [45, 10, -10, -55])
    }

    @Test func the31LanesCarryThe31Codes() throws {
        #expect(SignalLane.lanes(for: .v3_1).map(\.codes) == ["87", "29/30", "29/30", "21/22", "85", "130", "80", "78"])
        #expect(lane(.noReturnFraction, .v3_1) == nil)
        let pitch = try #require(lane(.pitch, .v3_1)).thresholds(Thresholds())
        #expect(pitch.map(\.label) == ["22 above", "21 below"])
        #expect(try #require(lane(.drift, .v3_1)).thresholds(Thresholds()).map(\.label) == ["130 above"])
    }
}
