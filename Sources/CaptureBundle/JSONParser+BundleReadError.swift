import CaptureEngine

extension JSONParser {
    /// Parses a bundle's JSON file into ``JSONValue`` (numbers exact: see ``JSONParser``; objects keep key
    /// order and every pair of a repeated key; loose numbers such as `01` or `+1` are read); errors name
    /// the file, line and column.
    static func parse(_ bytes: [UInt8], file: String) throws(BundleReadError) -> JSONValue {
        do throws(JSONSyntaxError) {
            return try parse(bytes, options: Options(allowsDuplicateKeys: true, allowsLooseNumbers: true)).jsonValue
        } catch {
            throw BundleReadError(file: file, location: "line \(error.line), column \(error.column)",
                                  reason: "not valid JSON: \(reason(error.problem))")
        }
    }

    /// The bundle reader's wording of a problem.
    private static func reason(_ problem: JSONSyntaxError.Problem) -> String {
        switch problem {
        case .unexpectedCharacter: "unexpected character"
        case .expectedWord(let word): "expected \(word)"
        case .expectedColon: "expected :"
        case .expectedCommaOrObjectEnd: "expected , or } in an object"
        case .expectedCommaOrArrayEnd: "expected , or ] in an array"
        case .invalidEscape: "invalid escape"
        case .expectedHexDigits, .invalidScalar: "invalid \\u escape"
        case .expectedLowSurrogate: "expected \\u"
        default: problem.description
        }
    }
}
