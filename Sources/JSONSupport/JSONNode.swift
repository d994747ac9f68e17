/// A parsed JSON value (what ``JSONParser`` returns) that keeps object keys in file order and each
/// number's text, so files can be checked key by key and whole numbers up to `UInt64.max` survive exactly.
public indirect enum JSONNode: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number and its text as written in the file.
    case number(Double, text: String)
    case string(String)
    case array([JSONNode])
    /// Members in file order.
    case object([(String, JSONNode)])

    public static func == (a: JSONNode, b: JSONNode) -> Bool { a.jsonValue == b.jsonValue }

    /// A short name of the value's type for error messages ("a string", "an object", ...).
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The same value as the engine's ordered ``JSONValue`` (integers stay integers).
    public var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let d, let text):
            if let i = Int64(text) { .int(i) } else { .number(d) }
        case .string(let s): .string(s)
        case .array(let items): .array(items.map(\.jsonValue))
        case .object(let members): .object(members.map { ($0.0, $0.1.jsonValue) })
        }
    }
}
