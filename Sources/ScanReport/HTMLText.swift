import CaptureEngine
import JSONSupport

/// Text for HTML and SVG: escaping and fixed-decimal numbers (the same bytes on every run).
enum HTMLText {
    /// `text` with `& < > " '` escaped, for element content and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A number with at most `decimals` decimals, trailing zeros removed ("12.5", "-3", "0"); a value
    /// that is not finite is drawn as 0.
    static func number(_ value: Double, decimals: Int = 2) -> String {
        value.isFinite ? NumberFormatting.compact(value, decimals: decimals) : "0"
    }

    /// A byte count as "1.2 MB", "340 kB" or "12 B".
    static func bytes(_ count: Int64) -> String {
        if count >= 1_000_000 { return number(Double(count) / 1_000_000, decimals: 1) + " MB" }
        if count >= 1_000 { return number(Double(count) / 1_000, decimals: 1) + " kB" }
        return "\(count) B"
    }
}
