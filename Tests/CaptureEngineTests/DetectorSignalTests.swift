import CaptureEngine
import Testing

/// The detectors' signals: one table (`DetectorSignal.row`) that reports and `check` read.
@Suite struct DetectorSignalTests {
    @Test func theStorageHoldsEverySignalAndStartsUnmeasured() {
        #expect(DetectorSignal.allCases.count <= DetectorSignals.capacity)
        var signals = DetectorSignals()
        #expect(DetectorSignal.allCases.allSatisfy { signals[$0].isNaN })
        signals[.yawRate] = 92.5
        #expect(signals[.yawRate] == 92.5 && signals[.pitch].isNaN)
        #expect(signals != DetectorSignals())
        signals[.yawRate] = .nan
        #expect(signals == DetectorSignals())
    }

    /// Every warning a detector gives has the comparison `check` explains its absence with, against the
    /// threshold the detector uses.
    @Test(arguments: [
        (EventMeaning.fastRotation, DetectorSignal.yawRate, 90.0), (.walkingSidewaysLeft, .horizontalSpeed, 0.25),
        (.walkingSidewaysRight, .horizontalSpeed, 0.25), (.scanningFloor, .pitch, -55), (.scanningCeiling, .pitch, 45),
        (.horizontalScanning, .pitch, 10), (.tooClose, .nearFraction, 50), (.tooFar, .noReturnFraction, 60),
        (.drifted, .drift, 10), (.positionDrift, .drift, 10), (.relocationTimedOut, .relocation, 60),
    ])
    func eachWarningIsExplainedByItsDetectorsSignal(meaning: EventMeaning, signal: DetectorSignal, threshold: Double) throws {
        let (found, comparison) = try #require(DetectorSignal.explaining(meaning, thresholds: Thresholds()))
        #expect(found == signal)
        #expect(comparison.threshold == threshold)
    }

    @Test func horizontalScanningComparesTheAbsolutePitch() throws {
        let (_, comparison) = try #require(DetectorSignal.explaining(.horizontalScanning, thresholds: Thresholds()))
        #expect(comparison.relation == .within && comparison.compared(-8) == 8 && comparison.quantity == "|pitch|")
    }
}
