import Testing
@testable import CaptureEngine

@Suite struct DepthStatisticsTests {
    @Test func lowConfidenceDepthBeyondTheUsableRangeCountsAsNoReturn() {
        // 0 (none), 6 m low (beyond 5 m), 6 m medium, 4 m low, 0.3 m high.
        let stats = DepthStatistics(depths: [0, 6, 6, 4, 0.3], confidence: [0, 0, 1, 0, 2], nearMeters: 0.4,
                                    farLowConfidenceMeters: 5)
        #expect(stats.total == 5)
        #expect(stats.valid == 3)
        #expect(stats.near == 1)
        #expect(abs(stats.noReturnFraction - 0.4) < 1e-12)
    }

    @Test func withoutConfidenceEveryPositiveDepthIsAReturn() {
        let stats = DepthStatistics(depths: [0, 6, 6], confidence: [], nearMeters: 0.4, farLowConfidenceMeters: 5)
        #expect(stats.valid == 2)
    }
}
