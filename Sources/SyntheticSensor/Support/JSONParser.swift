/// A strict JSON parser (RFC 8259) producing ``JSONNode`` with keys in file order.
///
/// Syntax errors name the line and column. Duplicate keys are errors, so a scene cannot say one thing
/// twice.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private let source: String

    /// Parses `text`; `source` names the file in errors.
    public static func parse(_ text: String, source: String) throws(SceneLoadError) -> JSONNode {
        var parser = JSONParser(bytes: Array(text.utf8), source: source)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.syntaxError("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    private func syntaxError(_ message: String) -> SceneLoadError {
        var line = 1, column = 1
        for b in bytes[0..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return SceneLoadError("\(source):\(line):\(column): invalid JSON: \(message)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(SceneLoadError) -> JSONNode {
        guard depth < 256 else { throw syntaxError("nested too deeply") }
        guard index < bytes.count else { throw syntaxError("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw syntaxError("unexpected character '\(String(UnicodeScalar(bytes[index])))'")
        }
    }

    private mutating func expectWord(_ word: String) throws(SceneLoadError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw syntaxError("expected '\(word)'")
        }
        index += w.count
    }

    private mutating func parseObject(depth: Int) throws(SceneLoadError) -> JSONNode {
        index += 1
        var members: [(String, JSONNode)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw syntaxError("expected a key string") }
            let key = try parseString()
            if members.contains(where: { $0.0 == key }) { throw syntaxError("duplicate key '\(key)'") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw syntaxError("expected ':' after key '\(key)'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw syntaxError("unexpected end of file in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw syntaxError("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(SceneLoadError) -> JSONNode {
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw syntaxError("unexpected end of file in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw syntaxError("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(SceneLoadError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            if b == UInt8(ascii: "\"") { flush(); return String(scalars) }
            if b < 0x20 { throw syntaxError("control character in a string") }
            if b != UInt8(ascii: "\\") { raw.append(b); continue }
            flush()
            guard index < bytes.count else { break }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try parseHex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = UnicodeScalar(code) else { throw syntaxError("invalid \\u escape") }
                scalars.append(scalar)
            default: throw syntaxError("invalid escape in a string")
            }
        }
        throw syntaxError("unterminated string")
    }

    private mutating func parseHex4() throws(SceneLoadError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw syntaxError("expected four hex digits after \\u")
        }
        index += 4
        return v
    }

    private mutating func parseNumber() throws(SceneLoadError) -> JSONNode {
        let start = index
        func digits() { while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 } }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        digits()
        if index == intStart { throw syntaxError("expected digits") }
        if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 { throw syntaxError("leading zero in a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let f = index
            digits()
            if index == f { throw syntaxError("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let e = index
            digits()
            if index == e { throw syntaxError("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw syntaxError("number '\(text)' is out of range") }
        return .number(value, text: text)
    }
}
