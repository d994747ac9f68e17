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

    @Test func aMapLongerThanOneChunkCountsEveryPixelOnce() {
        // 16 kinds of pixel, repeated with a shift so each lands in every lane of the 16-pixel chunks,
        // and 7 more for the tail: 0, NaN, infinity, negative, near and far depths at each confidence.
        let kinds: [(Float, UInt8)] = [(0, 2), (.nan, 2), (.infinity, 2), (-1, 2), (0.3, 0), (0.3, 2), (4, 0), (5, 0),
                                       (5.5, 0), (5.5, 1), (6.9, 2), (0.39, 1), (0.4, 1), (2, 0), (.nan, 0), (.infinity, 0)]
        var depths: [Float] = [], confidence: [UInt8] = []
        for round in 0..<17 {
            for k in 0..<16 { let (z, c) = kinds[(k + round) % 16]; depths.append(z); confidence.append(c) }
        }
        for k in 0..<7 { depths.append(kinds[k + 4].0); confidence.append(kinds[k + 4].1) }
        var valid = 0, near = 0
        for (z, c) in zip(depths, confidence) where z > 0 && z.isFinite && (c != 0 || z <= 5) {
            valid += 1
            if z < 0.4 { near += 1 }
        }
        let stats = DepthStatistics(depths: depths, confidence: confidence, nearMeters: 0.4, farLowConfidenceMeters: 5)
        #expect(stats.total == 17 * 16 + 7)
        // Per round of 16: 0.3 (twice), 4, 5, 5.5 medium, 6.9, 0.39, 0.4, 2 are usable; 0.3, 0.3 and 0.39 near.
        #expect(valid == 17 * 9 + 6 && near == 17 * 3 + 2)
        #expect(stats.valid == valid && stats.near == near)
    }
}
