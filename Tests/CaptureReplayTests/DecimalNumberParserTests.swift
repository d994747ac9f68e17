import Foundation
import TestSupport
import Testing
@testable import CaptureReplay

@Suite struct DecimalNumberParserTests {
    private func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { DecimalNumberParser.double($0, from: 0, to: $0.count) }
    }

    private func parseInteger(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { DecimalNumberParser.integer($0, from: 0, to: $0.count) }
    }

    @Test func parsesEveryWayPoseLogsWriteNumbersExactlyAsDoubleFromString() {
        var random = SplitMix64(seed: 2026)
        var texts: [String] = []
        for _ in 0..<20_000 {
            let magnitude = pow(10, random.uniform(-9...9))
            let value = (random.unit() < 0.5 ? -1 : 1) * magnitude * random.unit()
            texts.append("\(value)")                                              // shortest round trip
            texts.append(String(format: "%.6f", value))                           // fixed, as loggers write
            texts.append(String(format: "%.9e", value))                           // exponent form
            texts.append(String(format: "%.17g", value))                          // 17 significant digits
        }
        texts += ["0", "-0", "0.0", "1.", ".5", "+3.25", "1e22", "1e23", "123456789012345678901234567890",
                  "0.000000000000000000000000001", "4.9e-324", "1.7976931348623157e308", "1e400", "nan", "inf",
                  "-inf", "442529146380333", "9007199254740993", "0.1", "0.30000000000000004"]
        var mismatches: [String] = []
        for text in texts {
            let expected = Double(text)
            let got = parse(text)
            let same = (expected == nil && got == nil)
                || (expected.map { e in got.map { g in e.bitPattern == g.bitPattern || (e.isNaN && g.isNaN) } ?? false } ?? false)
            if !same { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "differs from Double(String): \(mismatches.prefix(10))")
    }

    @Test func rejectsWhatIsNotANumber() {
        for text in ["", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "12a", "0x", "abc", "1,5", "--1"] {
            #expect(parse(text) == nil, "'\(text)' parsed as a number")
        }
    }

    @Test func parsesWholeNumbersAndRefusesFractionsAndOverflow() {
        #expect(parseInteger("442529146380333") == 442_529_146_380_333)
        #expect(parseInteger("-12") == -12)
        #expect(parseInteger("000005") == 5)
        #expect(parseInteger("1.5") == nil)
        #expect(parseInteger("99999999999999999999") == nil)
        #expect(parseInteger("") == nil)
    }
}
