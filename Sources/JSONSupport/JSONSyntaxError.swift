/// Text that ``JSONParser`` cannot read: where (line and column, both from 1, columns counted in bytes)
/// and what is wrong. Readers turn it into their own errors, which name the file.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong at the position.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// Arrays and objects nested 256 deep.
        case nestedTooDeeply
        /// More values than ``JSONParser/Options/maximumValues`` (the limit).
        case tooManyValues(Int)
        /// The text ends where a value should start.
        case unexpectedEnd
        /// The text ends inside an object.
        case unexpectedEndInObject
        /// The text ends inside an array.
        case unexpectedEndInArray
        /// A byte that cannot start a value.
        case unexpectedCharacter(UInt8)
        /// More than white space after the document's value.
        case textAfterValue
        /// `true`, `false` or `null` misspelled.
        case expectedWord(String)
        /// No key string where an object's member starts.
        case expectedKey
        /// No `:` after a key.
        case expectedColon(afterKey: String)
        /// A key the object already has (unless ``JSONParser/Options/allowsDuplicateKeys``).
        case duplicateKey(String)
        /// Neither `,` nor `}` after an object's member.
        case expectedCommaOrObjectEnd
        /// Neither `,` nor `]` after an array's item.
        case expectedCommaOrArrayEnd
        /// A byte below 0x20 inside a string.
        case controlCharacterInString
        /// A backslash followed by a character JSON does not escape.
        case invalidEscape
        /// Fewer than four hex digits after `\u`.
        case expectedHexDigits
        /// A high surrogate escape not followed by a `\u` escape.
        case expectedLowSurrogate
        /// A high surrogate escape followed by a `\u` escape that is not a low surrogate.
        case unpairedSurrogate
        /// A `\u` escape that is not a Unicode scalar (a lone low surrogate).
        case invalidScalar
        /// The text ends inside a string.
        case unterminatedString
        /// No digits where a number's whole part starts.
        case expectedDigits
        /// A whole part with more than one digit that starts with 0.
        case leadingZero
        /// No digits after a number's `.`.
        case expectedFractionDigits
        /// No digits in a number's exponent.
        case expectedExponentDigits
        /// A number (its text) too large for `Double`.
        case numberOutOfRange(String)
        /// Text that is not a number under ``JSONParser/Options/allowsLooseNumbers``.
        case notANumber(String)

        /// The problem in words, e.g. `expected ',' or '}'`.
        public var description: String {
            switch self {
            case .nestedTooDeeply: "nested too deeply"
            case .tooManyValues(let limit): "more than the limit of \(limit) values"
            case .unexpectedEnd: "unexpected end of file"
            case .unexpectedEndInObject: "unexpected end of file in an object"
            case .unexpectedEndInArray: "unexpected end of file in an array"
            case .unexpectedCharacter(let b): "unexpected character '\(String(UnicodeScalar(b)))'"
            case .textAfterValue: "unexpected text after the JSON value"
            case .expectedWord(let word): "expected '\(word)'"
            case .expectedKey: "expected a key string"
            case .expectedColon(let key): "expected ':' after key '\(key)'"
            case .duplicateKey(let key): "duplicate key '\(key)'"
            case .expectedCommaOrObjectEnd: "expected ',' or '}'"
            case .expectedCommaOrArrayEnd: "expected ',' or ']'"
            case .controlCharacterInString: "control character in a string"
            case .invalidEscape: "invalid escape in a string"
            case .expectedHexDigits: "expected four hex digits after \\u"
            case .expectedLowSurrogate, .invalidScalar: "invalid \\u escape"
            case .unpairedSurrogate: "unpaired surrogate"
            case .unterminatedString: "unterminated string"
            case .expectedDigits: "expected digits"
            case .leadingZero: "leading zero in a number"
            case .expectedFractionDigits: "expected digits after '.'"
            case .expectedExponentDigits: "expected digits in the exponent"
            case .numberOutOfRange(let text): "number '\(text)' is out of range"
            case .notANumber(let text): "'\(text)' is not a number"
            }
        }
    }

    /// The line, from 1.
    public var line: Int
    /// The byte within the line, from 1.
    public var column: Int
    /// What is wrong.
    public var problem: Problem

    /// An error at `line` and `column`.
    public init(line: Int, column: Int, problem: Problem) {
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// `line:column: problem`.
    public var description: String { "\(line):\(column): \(problem)" }
}
