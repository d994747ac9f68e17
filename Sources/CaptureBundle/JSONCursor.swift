import Foundation

/// A position in a parsed JSON document that knows its path, so every type error names the file and
/// the JSON path (e.g. `arkitData.json: frames[3].time: expected a number`).
struct JSONCursor {
    let file: String
    let path: String
    let value: Any

    /// Parses `bytes` as JSON.
    static func parse(_ bytes: [UInt8], file: String) throws(BundleReadError) -> JSONCursor {
        do {
            return JSONCursor(file: file, path: "", value: try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
        } catch {
            throw BundleReadError(file: file, reason: "not valid JSON (\(error.localizedDescription))")
        }
    }

    func fail(_ reason: String) -> BundleReadError {
        BundleReadError(file: file, location: path.isEmpty ? "top level" : path, reason: reason)
    }

    var isNull: Bool { value is NSNull }

    func object() throws(BundleReadError) -> [String: Any] {
        guard let o = value as? [String: Any] else { throw fail("expected an object") }
        return o
    }

    /// A required key.
    subscript(key: String) -> JSONCursorResult {
        let child = path.isEmpty ? key : path + "." + key
        guard let o = value as? [String: Any] else { return .failure(fail("expected an object")) }
        guard let v = o[key] else {
            return .failure(BundleReadError(file: file, location: child, reason: "missing"))
        }
        return .success(JSONCursor(file: file, path: child, value: v))
    }

    /// An optional key (nil when absent or null).
    func optional(_ key: String) -> JSONCursor? {
        guard let o = value as? [String: Any], let v = o[key], !(v is NSNull) else { return nil }
        return JSONCursor(file: file, path: path.isEmpty ? key : path + "." + key, value: v)
    }

    func array() throws(BundleReadError) -> [JSONCursor] {
        guard let a = value as? [Any] else { throw fail("expected an array") }
        return a.enumerated().map { JSONCursor(file: file, path: "\(path)[\($0.offset)]", value: $0.element) }
    }

    func double() throws(BundleReadError) -> Double {
        if value is Bool, !(value is NSNumber) { throw fail("expected a number") }
        guard let n = value as? NSNumber, !(value is String) else { throw fail("expected a number") }
        return n.doubleValue
    }

    func int() throws(BundleReadError) -> Int {
        let d = try double()
        guard d == d.rounded(), abs(d) < 9e15 else { throw fail("expected an integer, got \(d)") }
        return Int(d)
    }

    func string() throws(BundleReadError) -> String {
        guard let s = value as? String else { throw fail("expected a string") }
        return s
    }

    func bool() throws(BundleReadError) -> Bool {
        guard let b = value as? Bool else { throw fail("expected true or false") }
        return b
    }

    func optionalDouble() throws(BundleReadError) -> Double? { isNull ? nil : try double() }
}

/// A looked-up key: the cursor, or the error naming the missing key.
typealias JSONCursorResult = Result<JSONCursor, BundleReadError>
