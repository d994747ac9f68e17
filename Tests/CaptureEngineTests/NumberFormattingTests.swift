import CaptureEngine
import Testing

@Suite struct NumberFormattingTests {
    @Test func fixedRoundsToTheGivenDecimals() {
        #expect(NumberFormatting.fixed(12.5, decimals: 3) == "12.500")
        #expect(NumberFormatting.fixed(-0.0004, decimals: 3) == "0.000")
        #expect(NumberFormatting.fixed(2.9996, decimals: 3) == "3.000")
        #expect(NumberFormatting.compact(112.3456) == "112.346")
    }

    /// Magnitudes from 2^63 up do not fit in Int64; they used to trap (found by fuzz-replay, docs/fuzzing.md).
    @Test func magnitudesBeyondInt64PrintAllTheirDigits() {
        #expect(NumberFormatting.fixed(0x1p63, decimals: 3) == "9223372036854775808.000")
        #expect(NumberFormatting.fixed(-1e19, decimals: 6) == "-10000000000000000000.000000")
        #expect(NumberFormatting.fixed(9_223_372_036_854_774_784, decimals: 0) == "9223372036854774784")
        #expect(NumberFormatting.fixed(-1e300, decimals: 2).count == 1 + 301 + 3)
        #expect(NumberFormatting.compact(1e300).count == 301)
        #expect(NumberFormatting.fixed(.greatestFiniteMagnitude, decimals: 1).hasSuffix("858368.0"))
    }
}
