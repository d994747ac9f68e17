@testable import CaptureEngine
import Testing

/// `Detectors.forEach` is the one list of warning detectors: a detector stored in `Detectors` and left out
/// of it would compile and be silently off. Every stored property that is a warning detector is visited
/// exactly once, each in a slot of its own (issue 49).
@Suite struct DetectorListTests {
    private struct Visits: WarningDetectorVisitor {
        var slots: [FeedbackSlot] = []
        mutating func visit<D: WarningDetector>(_ detector: inout D, history: PoseHistory, _ context: Void) {
            slots.append(detector.slot)
        }
    }

    @Test func forEachVisitsEveryStoredWarningDetectorExactlyOnce() {
        var detectors = Detectors(configuration: SessionConfiguration())
        let stored = Mirror(reflecting: detectors).children.compactMap { $0.value as? any WarningDetector }.map(\.slot)
        var visits = Visits()
        detectors.forEach(&visits, ())
        #expect(visits.slots.count == stored.count, "visited \(visits.slots), stored \(stored)")
        #expect(Set(visits.slots) == Set(stored))
        #expect(Set(visits.slots).count == visits.slots.count, "a slot visited twice: \(visits.slots)")
        #expect(stored.count == 6)
    }
}
