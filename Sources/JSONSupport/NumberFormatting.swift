import Foundation

/// Locale-independent, deterministic number formatting for text and JSON output.
///
/// Total over all finite `Double`s: magnitudes beyond `Int64`'s range print as their exact decimal
/// integer (every such double is an integer), so no value read from a log or given on the command
/// line can make printing it trap.
public enum NumberFormatting {
    /// Fixed decimals, e.g. `fixed(12.5, decimals: 3)` is "12.500". Non-finite values print as "nan",
    /// "inf" or "-inf". `decimals` is clamped to 0...17.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        let decimals = Swift.min(Swift.max(decimals, 0), 17)
        let magnitude = abs(value)
        // At or above 2^62 a double is an integer far beyond any fraction's reach: print it exactly.
        if magnitude >= 0x1p62 {
            let digits = exactIntegerDigits(magnitude)
            return (value < 0 ? "-" : "") + digits + (decimals > 0 ? "." + String(repeating: "0", count: decimals) : "")
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let roundedMagnitude = (magnitude * scale).rounded() / scale
        let whole = roundedMagnitude.rounded(.down)
        var fraction = Int64(((roundedMagnitude - whole) * scale).rounded())
        var wholeInt = UInt64(whole)
        if Double(fraction) >= scale { fraction = 0; wholeInt += 1 }
        var s = (value < 0 && (wholeInt != 0 || fraction != 0) ? "-" : "") + String(wholeInt)
        if decimals > 0 {
            let digits = String(fraction)
            s += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return s
    }

    /// Up to three decimals with trailing zeros removed, e.g. 90 -> "90", 0.5 -> "0.5", 112.3456 -> "112.346".
    public static func compact(_ value: Double) -> String { compact(value, decimals: 3) }

    /// Up to `decimals` decimals with trailing zeros removed ("-0" is "0"), e.g. `compact(12.345, decimals: 1)`
    /// is "12.3".
    public static func compact(_ value: Double, decimals: Int) -> String {
        var s = fixed(value, decimals: decimals)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// The exact decimal digits of a finite, non-negative, integral double (its significand times a
    /// power of two, multiplied out in base 10^9 limbs).
    static func exactIntegerDigits(_ magnitude: Double) -> String {
        var limbs: [UInt64] = [magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0)]
        // significand * 2^(exponent - 52); for magnitudes >= 2^62 the shift is positive.
        var shift = Int(magnitude.exponent) - 52
        let base: UInt64 = 1_000_000_000
        // Normalise the first limb into base 10^9.
        var carry = limbs[0]
        limbs = []
        while carry > 0 { limbs.append(carry % base); carry /= base }
        while shift > 0 {
            let step = Swift.min(shift, 30)
            shift -= step
            var c: UInt64 = 0
            for i in limbs.indices {
                let v = (limbs[i] << UInt64(step)) + c
                limbs[i] = v % base
                c = v / base
            }
            while c > 0 { limbs.append(c % base); c /= base }
        }
        var s = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            s += String(repeating: "0", count: 9 - part.count) + part
        }
        return s
    }
}
