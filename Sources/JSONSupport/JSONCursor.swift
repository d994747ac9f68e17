/// A value in a parsed JSON file together with its JSON path, whose typed reads throw an
/// ``InputError`` naming the file and the path (e.g. `arkitData.json: frames[3].time: expected a
/// number, found a string`). The conversions every reader of the project's JSON shares:
/// ``JSONObjectReader`` reads an object's members through cursors, and the bundle readers walk whole
/// files with them.
public struct JSONCursor: Sendable {
    /// The file, for errors.
    public let file: String
    /// The value's JSON path ("" for the top level).
    public let path: String
    /// The value as parsed (numbers with their text).
    public let node: JSONNode

    public init(_ node: JSONNode, file: String, path: String = "") {
        self.node = node
        self.file = file
        self.path = path
    }

    /// An error about this value.
    public func fail(_ reason: String) -> InputError {
        InputError(file: file, location: path.isEmpty ? "top level" : path, reason: reason)
    }

    /// An error saying what was expected and what the value is.
    private func expected(_ what: String) -> InputError { fail("expected \(what), found \(node.typeDescription)") }

    public var isNull: Bool { if case .null = node { true } else { false } }

    /// The path of a member.
    public func path(of key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The first member named `key` of an object (nil when absent or not an object).
    private func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = node else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Throws unless the value is an object.
    public func requireObject() throws(InputError) {
        guard case .object = node else { throw expected("an object") }
    }

    /// A required member: its cursor, or the error naming the missing key (`.get()` throws it).
    public subscript(key: String) -> Result<JSONCursor, InputError> {
        guard case .object = node else { return .failure(expected("an object")) }
        guard let value = member(key) else {
            return .failure(InputError(file: file, location: path(of: key), reason: "missing"))
        }
        return .success(JSONCursor(value, file: file, path: path(of: key)))
    }

    /// An optional member (nil when absent or null).
    public func optional(_ key: String) -> JSONCursor? {
        guard let value = member(key) else { return nil }
        if case .null = value { return nil }
        return JSONCursor(value, file: file, path: path(of: key))
    }

    /// An array's items, each with its path (`path[i]`).
    public func array() throws(InputError) -> [JSONCursor] {
        guard case .array(let items) = node else { throw expected("an array") }
        return items.enumerated().map { JSONCursor($0.element, file: file, path: "\(path)[\($0.offset)]") }
    }

    public func double() throws(InputError) -> Double {
        guard case .number(let d, _) = node else { throw expected("a number") }
        return d
    }

    /// A whole number: written as an integer, or as a whole number of magnitude below 9e15.
    public func int() throws(InputError) -> Int {
        guard case .number(let d, let text) = node else { throw expected("an integer") }
        if let i = Int64(text), let exact = Int(exactly: i) { return exact }
        guard d == d.rounded(), abs(d) < 9e15 else { throw fail("expected an integer, found \(text)") }
        return Int(d)
    }

    public func string() throws(InputError) -> String {
        guard case .string(let s) = node else { throw expected("a string") }
        return s
    }

    public func bool() throws(InputError) -> Bool {
        guard case .bool(let b) = node else { throw expected("true or false") }
        return b
    }

    /// A number, or nil for null.
    public func optionalDouble() throws(InputError) -> Double? { isNull ? nil : try double() }
}
