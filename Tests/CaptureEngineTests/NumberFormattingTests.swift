import CaptureEngine
import Foundation
import Testing

@Suite struct NumberFormattingTests {
    @Test func ordinaryValuesKeepTheirFixedDecimals() {
        #expect(NumberFormatting.fixed(12.5, decimals: 3) == "12.500")
        #expect(NumberFormatting.fixed(-0.0004, decimals: 3) == "0.000")
        #expect(NumberFormatting.fixed(-0.5, decimals: 0) == "-1")
        #expect(NumberFormatting.fixed(0.9996, decimals: 3) == "1.000")
        #expect(NumberFormatting.compact(112.3456) == "112.346")
        #expect(NumberFormatting.compact(-0.0001) == "0")
    }

    @Test func magnitudesBeyondInt64PrintTheirExactIntegers() {
        #expect(NumberFormatting.fixed(1e19, decimals: 3) == "10000000000000000000.000")
        #expect(NumberFormatting.fixed(-0x1p63, decimals: 1) == "-9223372036854775808.0")
        #expect(NumberFormatting.fixed(0x1p64, decimals: 0) == "18446744073709551616")
        #expect(NumberFormatting.compact(1e30) == "1000000000000000019884624838656")
        let max = NumberFormatting.fixed(.greatestFiniteMagnitude, decimals: 0)
        #expect(max.count == 309)
        #expect(max.hasPrefix("17976931348623157"))
    }

    @Test func everyFiniteMagnitudeFormatsWithoutTrapping() {
        var value = 1e-300
        while value.isFinite {
            for v in [value, -value, value.nextUp, value * 1.5] where v.isFinite {
                let text = NumberFormatting.fixed(v, decimals: 3)
                #expect(!text.isEmpty)
                if abs(v) < 1e15 { #expect(abs(Double(text)! - v) <= 0.0005 + abs(v) * 1e-15) }
            }
            value *= 7.3
        }
    }
}
