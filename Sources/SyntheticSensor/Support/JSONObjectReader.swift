import CaptureEngine
import JSONSupport

/// Reads the members of one JSON object by key, with typed accessors that throw errors naming the
/// file and JSON path, and a final check that rejects keys nobody asked for (so typos fail loudly).
struct JSONObjectReader {
    /// The file, for errors.
    let source: String
    /// The object's JSON path ("" for the root).
    let path: String
    private let members: [(String, JSONNode)]
    private var read: Set<String> = []

    init(_ node: JSONNode, source: String, path: String) throws(SceneLoadError) {
        guard case .object(let members) = node else {
            throw SceneLoadError("\(source): \(path.isEmpty ? "(root)" : path): expected an object, found \(node.typeDescription)")
        }
        self.source = source
        self.path = path
        self.members = members
    }

    /// The JSON path of a member.
    func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error about a member.
    func error(_ key: String, _ expected: String) -> SceneLoadError {
        SceneLoadError("\(source): \(path(of: key)): \(expected)")
    }

    /// An error about an arbitrary path.
    static func error(source: String, path: String, _ expected: String) -> SceneLoadError {
        SceneLoadError("\(source): \(path): \(expected)")
    }

    /// Whether the key is present (does not mark it read).
    func has(_ key: String) -> Bool { members.contains { $0.0 == key } }

    /// The raw member, marking it read.
    mutating func node(_ key: String) -> JSONNode? {
        read.insert(key)
        return members.first { $0.0 == key }?.1
    }

    mutating func string(_ key: String) throws(SceneLoadError) -> String? {
        guard let n = node(key) else { return nil }
        guard case .string(let s) = n else { throw error(key, "expected a string, found \(n.typeDescription)") }
        return s
    }

    mutating func string(_ key: String, default value: String) throws(SceneLoadError) -> String {
        try string(key) ?? value
    }

    mutating func bool(_ key: String) throws(SceneLoadError) -> Bool? {
        guard let n = node(key) else { return nil }
        guard case .bool(let b) = n else { throw error(key, "expected true or false, found \(n.typeDescription)") }
        return b
    }

    mutating func bool(_ key: String, default value: Bool) throws(SceneLoadError) -> Bool {
        try bool(key) ?? value
    }

    mutating func number(_ key: String) throws(SceneLoadError) -> Double? {
        guard let n = node(key) else { return nil }
        guard case .number(let d, _) = n else { throw error(key, "expected a number, found \(n.typeDescription)") }
        guard abs(d) <= SceneLimits.maximumMagnitude else {
            throw error(key, "expected a number of magnitude at most \(MessageNumber.text(SceneLimits.maximumMagnitude)), found \(MessageNumber.text(d))")
        }
        return d
    }

    mutating func number(_ key: String, default value: Double) throws(SceneLoadError) -> Double {
        try number(key) ?? value
    }

    /// A number > 0.
    mutating func positive(_ key: String) throws(SceneLoadError) -> Double? {
        guard let d = try number(key) else { return nil }
        guard d > 0 else { throw error(key, "expected a positive number, found \(MessageNumber.text(d))") }
        return d
    }

    mutating func positive(_ key: String, default value: Double) throws(SceneLoadError) -> Double {
        try positive(key) ?? value
    }

    /// A number >= 0.
    mutating func nonNegative(_ key: String, default value: Double) throws(SceneLoadError) -> Double {
        guard let d = try number(key) else { return value }
        guard d >= 0 else { throw error(key, "expected a number >= 0, found \(MessageNumber.text(d))") }
        return d
    }

    /// A whole number in a range.
    mutating func integer(_ key: String, in range: ClosedRange<Int64>) throws(SceneLoadError) -> Int64? {
        guard let n = node(key) else { return nil }
        guard case .number(_, let text) = n, let i = Int64(text), range.contains(i) else {
            throw error(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return i
    }

    /// A whole number 0...2^64-1.
    mutating func unsigned64(_ key: String) throws(SceneLoadError) -> UInt64? {
        guard let n = node(key) else { return nil }
        guard case .number(_, let text) = n, let i = UInt64(text) else {
            throw error(key, "expected a whole number from 0 to 18446744073709551615")
        }
        return i
    }

    /// An array of exactly `count` numbers (any count when nil).
    mutating func numbers(_ key: String, count: Int?) throws(SceneLoadError) -> [Double]? {
        guard let n = node(key) else { return nil }
        let expected = count.map { "expected an array of \($0) numbers" } ?? "expected an array of numbers"
        guard case .array(let items) = n else { throw error(key, expected) }
        var out: [Double] = []
        for item in items {
            guard case .number(let d, _) = item else { throw error(key, expected) }
            guard abs(d) <= SceneLimits.maximumMagnitude else {
                throw error(key, "expected numbers of magnitude at most \(MessageNumber.text(SceneLimits.maximumMagnitude)), found \(MessageNumber.text(d))")
            }
            out.append(d)
        }
        if let count, out.count != count { throw error(key, "\(expected), found \(out.count)") }
        return out
    }

    /// An array member's items.
    mutating func array(_ key: String) throws(SceneLoadError) -> [JSONNode]? {
        guard let n = node(key) else { return nil }
        guard case .array(let items) = n else { throw error(key, "expected an array, found \(n.typeDescription)") }
        return items
    }

    /// A nested object reader.
    mutating func object(_ key: String) throws(SceneLoadError) -> JSONObjectReader? {
        guard let n = node(key) else { return nil }
        return try JSONObjectReader(n, source: source, path: path(of: key))
    }

    /// One of a fixed set of strings.
    mutating func choice<T>(_ key: String, _ options: [(String, T)]) throws(SceneLoadError) -> T? {
        guard let s = try string(key) else { return nil }
        guard let match = options.first(where: { $0.0 == s }) else {
            throw error(key, "expected one of \(options.map { "\"\($0.0)\"" }.joined(separator: ", ")), found \"\(s)\"")
        }
        return match.1
    }

    /// Throws when a member was never read: an unknown key.
    func rejectUnknownKeys(allowed: [String] = []) throws(SceneLoadError) {
        for (key, _) in members where !read.contains(key) && !allowed.contains(key) {
            let known = (Array(read) + allowed).sorted().joined(separator: ", ")
            throw error(key, "unknown key; expected one of: \(known)")
        }
    }
}
