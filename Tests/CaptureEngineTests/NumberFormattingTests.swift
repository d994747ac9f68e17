import CaptureEngine
import Foundation
import JSONSupport
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

    /// Magnitudes from 2^63 up do not fit in Int64; they used to trap (found by fuzz-replay, docs/fuzzing.md).
    @Test func magnitudesFoundByTheFuzzerPrintAllTheirDigits() {
        #expect(NumberFormatting.fixed(0x1p63, decimals: 3) == "9223372036854775808.000")
        #expect(NumberFormatting.fixed(-1e19, decimals: 6) == "-10000000000000000000.000000")
        #expect(NumberFormatting.fixed(9_223_372_036_854_774_784, decimals: 0) == "9223372036854774784")
        #expect(NumberFormatting.fixed(-1e300, decimals: 2).count == 1 + 301 + 3)
        #expect(NumberFormatting.compact(1e300).count == 301)
        #expect(NumberFormatting.fixed(.greatestFiniteMagnitude, decimals: 1).hasSuffix("858368.0"))
    }
}
