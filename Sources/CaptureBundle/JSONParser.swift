import CaptureEngine

/// A strict JSON parser into ``JSONValue`` that keeps every number exact: numbers are converted with
/// Swift's `Double(String)` (correctly rounded), so a value written in shortest round-trip form reads
/// back bit for bit (Foundation's `JSONSerialization` does not guarantee that). Objects keep key order.
struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0
    let file: String

    /// Parses a whole document; errors name the file, line and column.
    static func parse(_ bytes: [UInt8], file: String) throws(BundleReadError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.i == bytes.count else { throw parser.fail("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private func fail(_ reason: String) -> BundleReadError {
        var line = 1, column = 1
        for b in bytes[0..<min(i, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return BundleReadError(file: file, location: "line \(line), column \(column)", reason: "not valid JSON: \(reason)")
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    private mutating func expect(_ literal: String) throws(BundleReadError) {
        let l = Array(literal.utf8)
        guard i + l.count <= bytes.count, Array(bytes[i..<(i + l.count)]) == l else { throw fail("expected \(literal)") }
        i += l.count
    }

    private mutating func value(depth: Int) throws(BundleReadError) -> JSONValue {
        guard depth < 256 else { throw fail("nested too deeply") }
        guard i < bytes.count else { throw fail("unexpected end of file") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key string") }
                let key = try string()
                skipSpace()
                try expect(":")
                skipSpace()
                pairs.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of file in an object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw fail("expected , or } in an object")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of file in an array") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected , or ] in an array")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default:
            return try number()
        }
    }

    private mutating func number() throws(BundleReadError) -> JSONValue {
        let start = i
        var integral = true
        while i < bytes.count {
            let b = bytes[i]
            if (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
                i += 1
            } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                integral = false
                i += 1
            } else { break }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard !text.isEmpty else { i = start; throw fail("unexpected character") }
        if integral, let n = Int64(text) { return .int(n) }
        guard let d = Double(text), d.isFinite, text.first != "+", !text.hasPrefix("."), !text.hasPrefix("-.") else {
            i = start
            throw fail("'\(text)' is not a number")
        }
        return .number(d)
    }

    private mutating func string() throws(BundleReadError) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw fail("control character in a string") }
            guard b == UInt8(ascii: "\\") else { out.append(b); continue }
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(e)
            case UInt8(ascii: "\\"): out.append(e)
            case UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    try expect("\\u")
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw fail("invalid escape")
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(BundleReadError) -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw fail("invalid \\u escape")
        }
        i += 4
        return v
    }
}
