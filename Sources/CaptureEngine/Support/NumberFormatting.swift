import Foundation

/// Locale-independent, deterministic number formatting for text and JSON output.
public enum NumberFormatting {
    /// Fixed decimals, e.g. `fixed(12.5, decimals: 3)` is "12.500". Non-finite values print as "nan",
    /// "inf" or "-inf".
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        // From 2^63 up every Double is a whole number too large for Int64: printf's digits are exact
        // (and C's %f does not depend on the locale).
        guard abs(rounded) < 0x1p63, abs(value) < 0x1p63 else { return String(format: "%.\(decimals)f", value) }
        let negative = rounded < 0 || (rounded == 0 && value < 0 && false)
        let magnitude = abs(rounded)
        let whole = magnitude.rounded(.down)
        var fraction = Int64(((magnitude - whole) * scale).rounded())
        var wholeInt = Int64(whole)
        if Double(fraction) >= scale { fraction = 0; wholeInt += 1 }
        var s = (negative ? "-" : "") + String(wholeInt)
        if decimals > 0 {
            let digits = String(fraction)
            s += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return s
    }

    /// Up to three decimals with trailing zeros removed, e.g. 90 -> "90", 0.5 -> "0.5", 112.3456 -> "112.346".
    public static func compact(_ value: Double) -> String {
        var s = fixed(value, decimals: 3)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}
