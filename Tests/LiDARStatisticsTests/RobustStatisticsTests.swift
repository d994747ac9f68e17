@testable import LiDARStatistics
import Testing

@Suite("Order statistics by selection equal the sorted ranks")
struct RobustStatisticsTests {
    /// Values with long runs of equal numbers, as quantised depth has, in a seeded order.
    static func quantisedValues(count: Int, levels: Int, seed: UInt64) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int(state >> 33) % levels) * 0.001
        }
    }

    @Test(arguments: [1, 2, 3, 10, 11, 1000, 4097])
    func selectionGivesEveryRankOfTheSortedValues(count: Int) {
        for levels in [1, 3, 50, 100_000] {
            let values = Self.quantisedValues(count: count, levels: levels, seed: UInt64(count * levels))
            let sorted = values.sorted()
            for rank in Set([0, count / 3, count / 2, count - 1]) {
                var copy = values
                #expect(RobustStatistics.select(&copy, rank: rank) == sorted[rank])
                #expect(copy[..<rank].allSatisfy { $0 <= sorted[rank] } && copy[rank...].allSatisfy { $0 >= sorted[rank] })
            }
        }
    }

    @Test func medianAndPercentileMatchNumpysDefinitions() {
        #expect(RobustStatistics.median([4, 1, 3, 2]) == 2.5)
        #expect(RobustStatistics.median([5, 1, 3]) == 3)
        #expect(RobustStatistics.percentile([10, 0, 30, 20], 50) == 15)
        #expect(RobustStatistics.percentile([10, 0, 30, 20], 25) == 7.5)
        #expect(RobustStatistics.percentile([7], 95) == 7)
    }

    @Test func sortedAndReversedInputsStayWithinTheRoundBudget() {
        let ascending = (0..<100_000).map(Double.init)
        var reversed = Array(ascending.reversed())
        var organPipe = Array(ascending[..<50_000]) + ascending[..<50_000].reversed()
        #expect(RobustStatistics.select(&reversed, rank: 50_000) == 50_000)
        #expect(RobustStatistics.select(&organPipe, rank: 77_777) == Double(77_777 / 2))
    }
}
