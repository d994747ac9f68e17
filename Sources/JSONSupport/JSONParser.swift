/// A strict JSON parser (RFC 8259) producing ``JSONNode`` with keys in file order and every number's text.
///
/// Numbers are converted with Swift's `Double(String)` (correctly rounded), so a value written in shortest
/// round-trip form reads back bit for bit (Foundation's `JSONSerialization` does not guarantee that), and the
/// text keeps whole numbers up to `UInt64.max` exact. Errors are ``JSONSyntaxError``s naming the line and
/// column; each reader words them for its own files.
public struct JSONParser {
    /// What the parser accepts beyond strict JSON.
    public struct Options: Sendable {
        /// Whether an object may name a key more than once (every pair is kept, in file order); when false,
        /// a repeated key is an error, so a file cannot say one thing twice.
        public var allowsDuplicateKeys: Bool
        /// Whether a number may be any run of digits, signs, `.`, `e` and `E` that Swift's `Int64(String)`
        /// reads, or that `Double(String)` reads as a finite value not starting with `+`, `.` or `-.`
        /// (so `01`, `+1` and `1.` are numbers); when false, numbers follow JSON's grammar.
        public var allowsLooseNumbers: Bool
        /// The most values (objects, arrays, strings, numbers, literals, counted as they start; a string
        /// or key longer than 15 bytes counts one more per 8 bytes) a document may hold; the parse stops
        /// at the first one beyond it. Each value read costs memory (about 100 bytes as a tree), so this
        /// bounds what a hostile file can make a reader hold.
        public var maximumValues: Int

        /// Strict JSON by default, any number of values.
        public init(allowsDuplicateKeys: Bool = false, allowsLooseNumbers: Bool = false, maximumValues: Int = .max) {
            self.allowsDuplicateKeys = allowsDuplicateKeys
            self.allowsLooseNumbers = allowsLooseNumbers
            self.maximumValues = maximumValues
        }
    }

    private let bytes: [UInt8]
    private let options: Options
    private var index = 0
    private var values = 0

    /// Parses a whole document (one value, white space around it allowed).
    public static func parse(_ bytes: [UInt8], options: Options = Options()) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, options: options)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.syntaxError(.textAfterValue) }
        return value
    }

    private init(bytes: [UInt8], options: Options) {
        self.bytes = bytes
        self.options = options
    }

    private func syntaxError(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
        var line = 1, column = 1
        for b in bytes[0..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, problem: problem)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < 256 else { throw syntaxError(.nestedTooDeeply) }
        values += 1
        guard values <= options.maximumValues else { throw syntaxError(.tooManyValues(options.maximumValues)) }
        guard index < bytes.count else { throw syntaxError(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default:
            if options.allowsLooseNumbers { return try parseLooseNumber() }
            guard bytes[index] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                throw syntaxError(.unexpectedCharacter(bytes[index]))
            }
            return try parseNumber()
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw syntaxError(.expectedWord(word))
        }
        index += w.count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        index += 1
        var members: [(String, JSONNode)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw syntaxError(.expectedKey) }
            let key = try parseString()
            if !options.allowsDuplicateKeys, members.contains(where: { $0.0 == key }) { throw syntaxError(.duplicateKey(key)) }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw syntaxError(.expectedColon(afterKey: key)) }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw syntaxError(.unexpectedEndInObject) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw syntaxError(.expectedCommaOrObjectEnd)
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw syntaxError(.unexpectedEndInArray) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw syntaxError(.expectedCommaOrArrayEnd)
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            if b == UInt8(ascii: "\"") {
                // A string too long to be stored inline costs a value per 8 bytes beside its own.
                if out.count > 15 {
                    values += out.count / 8
                    guard values <= options.maximumValues else { throw syntaxError(.tooManyValues(options.maximumValues)) }
                }
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw syntaxError(.controlCharacterInString) }
            guard b == UInt8(ascii: "\\") else { out.append(b); continue }
            guard index < bytes.count else { break }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"): out.append(contentsOf: try parseUnicodeEscape())
            default: throw syntaxError(.invalidEscape)
            }
        }
        throw syntaxError(.unterminatedString)
    }

    /// The UTF-8 bytes of a `\u` escape (after the `u`), a surrogate pair taken as one scalar.
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw syntaxError(.expectedLowSurrogate)
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw syntaxError(.unpairedSurrogate) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw syntaxError(.invalidScalar) }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw syntaxError(.expectedHexDigits)
        }
        index += 4
        return v
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode {
        let start = index
        func digits() { while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 } }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        digits()
        if index == intStart { throw syntaxError(.expectedDigits) }
        if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 { throw syntaxError(.leadingZero) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let f = index
            digits()
            if index == f { throw syntaxError(.expectedFractionDigits) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let e = index
            digits()
            if index == e { throw syntaxError(.expectedExponentDigits) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw syntaxError(.numberOutOfRange(text)) }
        return .number(value, text: text)
    }

    /// A number under ``Options/allowsLooseNumbers``; errors point at the number's first character.
    private mutating func parseLooseNumber() throws(JSONSyntaxError) -> JSONNode {
        let start = index
        var integral = true
        while index < bytes.count {
            let b = bytes[index]
            if (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") {
                index += 1
            } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                integral = false
                index += 1
            } else { break }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty else { index = start; throw syntaxError(.unexpectedCharacter(bytes[start])) }
        if integral, let n = Int64(text) { return .number(Double(n), text: text) }
        guard let d = Double(text), d.isFinite, text.first != "+", !text.hasPrefix("."), !text.hasPrefix("-.") else {
            index = start
            throw syntaxError(.notANumber(text))
        }
        return .number(d, text: text)
    }
}
