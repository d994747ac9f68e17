import CaptureEngine
import JSONSupport

extension JSONParser {
    /// The most values a bundle's JSON file may hold: 2^21 (2,097,152; `arkitData.json` holds about 30
    /// per camera frame, so about 19 minutes at 60 frames/s). A larger file is refused when the parse
    /// reaches the limit, which keeps a reader's memory under about 300 MB whatever the file holds.
    public static let maximumBundleValues = 1 << 21

    /// Parses a bundle's JSON file into ``JSONValue`` (numbers exact: see ``JSONParser``; objects keep key
    /// order; a key repeated in one object is an error, since readers disagree on which value counts:
    /// Python's `json` keeps the last, a first-match lookup the first; loose numbers such as `01` or `+1`
    /// are read); errors name the file, line and column.
    static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> JSONValue {
        try parseNode(bytes, file: file).jsonValue
    }

    /// The same parse, as the parser's tree (each number with its text), for a ``JSONCursor``.
    static func parseNode(_ bytes: [UInt8], file: String) throws(InputError) -> JSONNode {
        do throws(JSONSyntaxError) {
            return try parse(bytes, options: Options(allowsDuplicateKeys: false, allowsLooseNumbers: true,
                                                    maximumValues: maximumBundleValues))
        } catch {
            let location = "line \(error.line), column \(error.column)"
            if case .tooManyValues(let limit) = error.problem {
                throw InputError(file: file, location: location, reason: "more than the limit of \(limit) JSON values a bundle file may hold")
            }
            throw InputError(file: file, location: location, reason: "not valid JSON: \(reason(error.problem))")
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

extension JSONCursor {
    /// The top level of a bundle's JSON file, parsed as ``JSONParser/parse(_:file:)`` does.
    static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> JSONCursor {
        JSONCursor(try JSONParser.parseNode(bytes, file: file), file: file)
    }
}
