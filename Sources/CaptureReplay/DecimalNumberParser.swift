/// Parses decimal numbers straight from UTF-8 bytes, without building a `String` per field.
///
/// The fast path covers what pose logs contain (an optional sign, up to 19 significant digits, an optional
/// fraction and exponent) and is exact: when the digits fit in 53 bits and the power of ten is at most
/// 10^22, one correctly rounded multiplication or division gives the same `Double` as `Double(String)`
/// (Clinger's fast path). Everything else (longer mantissas, large exponents, `nan`, `inf`) falls back to
/// `Double(String)`, so the result always equals the standard library's.
enum DecimalNumberParser {
    /// Exact powers of ten representable in a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number in `bytes[start..<end]`, or nil when those bytes are not a number.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var i = start
        guard i < end else { return nil }
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        else if bytes[i] == UInt8(ascii: "+") { i += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var digitsSeen = 0
        var decimalExponent = 0
        while i < end, bytes[i] &- 48 < 10 {
            let d = UInt64(bytes[i] &- 48)
            if significantDigits > 0 || d != 0 { significantDigits += 1 }
            if significantDigits <= 19 { mantissa = mantissa &* 10 &+ d } else { decimalExponent += 1 }
            digitsSeen += 1
            i += 1
        }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, bytes[i] &- 48 < 10 {
                let d = UInt64(bytes[i] &- 48)
                if significantDigits > 0 || d != 0 { significantDigits += 1 }
                if significantDigits <= 19 { mantissa = mantissa &* 10 &+ d; decimalExponent -= 1 }
                digitsSeen += 1
                i += 1
            }
        }
        guard digitsSeen > 0 else { return fallback(bytes, start, end) }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var exponentNegative = false
            if i < end, bytes[i] == UInt8(ascii: "-") { exponentNegative = true; i += 1 }
            else if i < end, bytes[i] == UInt8(ascii: "+") { i += 1 }
            var exponent = 0
            var exponentDigits = 0
            while i < end, bytes[i] &- 48 < 10 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] &- 48) }
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        guard i == end else { return nil }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        guard significantDigits <= 19, mantissa <= (1 << 53), abs(decimalExponent) <= 22 else {
            return fallback(bytes, start, end)
        }
        var value = Double(mantissa)
        if decimalExponent < 0 { value /= powersOfTen[-decimalExponent] }
        else if decimalExponent > 0 { value *= powersOfTen[decimalExponent] }
        return negative ? -value : value
    }

    /// A whole number (optional sign, digits only) that fits in `Int64`, or nil.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int64? {
        var i = start
        guard i < end else { return nil }
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        else if bytes[i] == UInt8(ascii: "+") { i += 1 }
        guard i < end else { return nil }
        var value: Int64 = 0
        while i < end {
            let d = bytes[i] &- 48
            guard d < 10 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(d))
            guard !o1, !o2 else { return nil }
            value = sum
            i += 1
        }
        return negative ? -value : value
    }

    private static func fallback(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return Double(text)
    }
}
