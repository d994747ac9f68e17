
/// Reads the members of one JSON object by key, with typed accessors that throw errors naming the
/// file and JSON path, and a final check that rejects keys nobody asked for (so typos fail loudly).
/// Numbers of larger magnitude than ``maximumMagnitude`` are refused, so a value read can be used in
/// arithmetic without overflowing to infinity.
public struct JSONObjectReader {
    /// The file, for errors.
    public let source: String
    /// The object's JSON path ("" for the root).
    public let path: String
    /// The largest magnitude a number may have (nested readers inherit it).
    public let maximumMagnitude: Double
    private let members: [(String, JSONNode)]
    private var read: Set<String> = []

    public init(_ node: JSONNode, source: String, path: String, maximumMagnitude: Double = .greatestFiniteMagnitude) throws(InputError) {
        guard case .object(let members) = node else {
            throw InputError(file: source, location: path.isEmpty ? "(root)" : path, reason: "expected an object, found \(node.typeDescription)")
        }
        self.source = source
        self.path = path
        self.maximumMagnitude = maximumMagnitude
        self.members = members
    }

    /// The JSON path of a member.
    public func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error about a member.
    public func error(_ key: String, _ expected: String) -> InputError {
        InputError(file: source, location: path(of: key), reason: expected)
    }

    /// Whether the key is present (does not mark it read).
    public func has(_ key: String) -> Bool { members.contains { $0.0 == key } }

    /// The raw member, marking it read.
    public mutating func node(_ key: String) -> JSONNode? {
        read.insert(key)
        return members.first { $0.0 == key }?.1
    }

    /// The member as a ``JSONCursor`` (for its typed reads), marking it read.
    public mutating func cursor(_ key: String) -> JSONCursor? {
        node(key).map { JSONCursor($0, file: source, path: path(of: key)) }
    }

    public mutating func string(_ key: String) throws(InputError) -> String? {
        try cursor(key)?.string()
    }

    public mutating func string(_ key: String, default value: String) throws(InputError) -> String {
        try string(key) ?? value
    }

    public mutating func bool(_ key: String) throws(InputError) -> Bool? {
        try cursor(key)?.bool()
    }

    public mutating func bool(_ key: String, default value: Bool) throws(InputError) -> Bool {
        try bool(key) ?? value
    }

    public mutating func number(_ key: String) throws(InputError) -> Double? {
        guard let d = try cursor(key)?.double() else { return nil }
        guard abs(d) <= maximumMagnitude else {
            throw error(key, "expected a number of magnitude at most \(NumberFormatting.compact(maximumMagnitude)), found \(NumberFormatting.compact(d))")
        }
        return d
    }

    public mutating func number(_ key: String, default value: Double) throws(InputError) -> Double {
        try number(key) ?? value
    }

    /// A number > 0.
    public mutating func positive(_ key: String) throws(InputError) -> Double? {
        guard let d = try number(key) else { return nil }
        guard d > 0 else { throw error(key, "expected a positive number, found \(NumberFormatting.compact(d))") }
        return d
    }

    public mutating func positive(_ key: String, default value: Double) throws(InputError) -> Double {
        try positive(key) ?? value
    }

    /// A number >= 0.
    public mutating func nonNegative(_ key: String, default value: Double) throws(InputError) -> Double {
        guard let d = try number(key) else { return value }
        guard d >= 0 else { throw error(key, "expected a number >= 0, found \(NumberFormatting.compact(d))") }
        return d
    }

    /// A whole number in a range.
    public mutating func integer(_ key: String, in range: ClosedRange<Int64>) throws(InputError) -> Int64? {
        guard let n = node(key) else { return nil }
        guard case .number(_, let text) = n, let i = Int64(text), range.contains(i) else {
            throw error(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return i
    }

    /// A whole number 0...2^64-1.
    public mutating func unsigned64(_ key: String) throws(InputError) -> UInt64? {
        guard let n = node(key) else { return nil }
        guard case .number(_, let text) = n, let i = UInt64(text) else {
            throw error(key, "expected a whole number from 0 to 18446744073709551615")
        }
        return i
    }

    /// An array of exactly `count` numbers (any count when nil).
    public mutating func numbers(_ key: String, count: Int?) throws(InputError) -> [Double]? {
        guard let n = node(key) else { return nil }
        let expected = count.map { "expected an array of \($0) numbers" } ?? "expected an array of numbers"
        guard case .array(let items) = n else { throw error(key, expected) }
        var out: [Double] = []
        for item in items {
            guard case .number(let d, _) = item else { throw error(key, expected) }
            guard abs(d) <= maximumMagnitude else {
                throw error(key, "expected numbers of magnitude at most \(NumberFormatting.compact(maximumMagnitude)), found \(NumberFormatting.compact(d))")
            }
            out.append(d)
        }
        if let count, out.count != count { throw error(key, "\(expected), found \(out.count)") }
        return out
    }

    /// An array member's items.
    public mutating func array(_ key: String) throws(InputError) -> [JSONNode]? {
        try cursor(key)?.array().map(\.node)
    }

    /// A nested object reader.
    public mutating func object(_ key: String) throws(InputError) -> JSONObjectReader? {
        guard let n = node(key) else { return nil }
        return try JSONObjectReader(n, source: source, path: path(of: key), maximumMagnitude: maximumMagnitude)
    }

    /// One of a fixed set of strings.
    public mutating func choice<T>(_ key: String, _ options: [(String, T)]) throws(InputError) -> T? {
        guard let s = try string(key) else { return nil }
        guard let match = options.first(where: { $0.0 == s }) else {
            throw error(key, "expected one of \(options.map { "\"\($0.0)\"" }.joined(separator: ", ")), found \"\(s)\"")
        }
        return match.1
    }

    /// Throws when a member was never read: an unknown key.
    public func rejectUnknownKeys(allowed: [String] = []) throws(InputError) {
        for (key, _) in members where !read.contains(key) && !allowed.contains(key) {
            let candidates = (Array(read) + allowed).sorted()
            throw error(key, "unknown key" + Suggestion.hint(for: key, among: candidates) + "; expected one of: \(candidates.joined(separator: ", "))")
        }
    }
}
