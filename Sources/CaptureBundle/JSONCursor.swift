import CaptureEngine
import JSONSupport

/// A position in a parsed JSON document that knows its path, so every type error names the file and
/// the JSON path (e.g. `arkitData.json: frames[3].time: expected a number`).
package struct JSONCursor {
    package let file: String
    package let path: String
    package let value: JSONValue

    /// Parses `bytes` as JSON (numbers exact, see ``JSONParser``).
    package static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> JSONCursor {
        JSONCursor(file: file, path: "", value: try JSONParser.parse(bytes, file: file))
    }

    package func fail(_ reason: String) -> InputError {
        InputError(file: file, location: path.isEmpty ? "top level" : path, reason: reason)
    }

    package var isNull: Bool { if case .null = value { true } else { false } }

    private func lookup(_ key: String) -> JSONValue? {
        guard case .object(let pairs) = value else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// Throws unless the value is an object.
    package func requireObject() throws(InputError) {
        guard case .object = value else { throw fail("expected an object") }
    }

    /// A required key.
    package subscript(key: String) -> JSONCursorResult {
        let child = path.isEmpty ? key : path + "." + key
        guard case .object = value else { return .failure(fail("expected an object")) }
        guard let v = lookup(key) else { return .failure(InputError(file: file, location: child, reason: "missing")) }
        return .success(JSONCursor(file: file, path: child, value: v))
    }

    /// An optional key (nil when absent or null).
    package func optional(_ key: String) -> JSONCursor? {
        guard let v = lookup(key) else { return nil }
        if case .null = v { return nil }
        return JSONCursor(file: file, path: path.isEmpty ? key : path + "." + key, value: v)
    }

    package func array() throws(InputError) -> [JSONCursor] {
        guard case .array(let a) = value else { throw fail("expected an array") }
        return a.enumerated().map { JSONCursor(file: file, path: "\(path)[\($0.offset)]", value: $0.element) }
    }

    package func double() throws(InputError) -> Double {
        switch value {
        case .int(let i): return Double(i)
        case .number(let d): return d
        default: throw fail("expected a number")
        }
    }

    package func int() throws(InputError) -> Int {
        switch value {
        case .int(let i): return Int(i)
        case .number(let d) where d == d.rounded() && abs(d) < 9e15: return Int(d)
        default: throw fail("expected an integer")
        }
    }

    package func string() throws(InputError) -> String {
        guard case .string(let s) = value else { throw fail("expected a string") }
        return s
    }

    package func bool() throws(InputError) -> Bool {
        guard case .bool(let b) = value else { throw fail("expected true or false") }
        return b
    }

    package func optionalDouble() throws(InputError) -> Double? { isNull ? nil : try double() }
}

/// A looked-up key: the cursor, or the error naming the missing key.
package typealias JSONCursorResult = Result<JSONCursor, InputError>
