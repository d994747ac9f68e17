import CaptureEngine
import JSONSupport

/// What a scene says its run must produce: event codes in order (each optionally within a time window),
/// codes that must not occur (anywhere, or within a time window), and optionally a golden file pinning the full event list.
///
/// In a scene file (see docs/scene-format.md, "Expectations"):
/// ```json
/// "expect": {
///   "sequence": [0, 1, {"code": 87, "between": [12.0, 13.5]}, 2, 7, 5],
///   "forbid": [29, 30, 13, {"code": 78, "after": 4.0}]
/// },
/// "golden": "apartment.golden.jsonl"
/// ```
public struct SceneExpectations: Equatable, Sendable {
    /// One expected code, optionally within [earliest, latest] seconds.
    public struct Expected: Equatable, Sendable, CustomStringConvertible {
        public var code: Int
        public var earliest: Double?
        public var latest: Double?

        public init(code: Int, earliest: Double? = nil, latest: Double? = nil) {
            self.code = code
            self.earliest = earliest
            self.latest = latest
        }

        /// Whether an event satisfies it.
        public func matches(_ event: Event) -> Bool {
            guard event.code == code else { return false }
            if let earliest, event.time < earliest - 1e-9 { return false }
            if let latest, event.time > latest + 1e-9 { return false }
            return true
        }

        public var description: String {
            switch (earliest, latest) {
            case let (a?, b?): "\(code) between \(NumberFormatting.compact(a)) and \(NumberFormatting.compact(b)) s"
            case let (a?, nil): "\(code) after \(NumberFormatting.compact(a)) s"
            case let (nil, b?): "\(code) before \(NumberFormatting.compact(b)) s"
            case (nil, nil): "\(code)"
            }
        }
    }

    /// Codes that must appear in this order (other events may come between them).
    public var sequence: [Expected]
    /// Codes that must not appear: at all, or (with a window) not within it.
    public var forbidden: [Expected]
    /// Path of a golden file (relative to the scene file) pinning every event, if any.
    public var golden: String?

    public init(sequence: [Expected] = [], forbidden: [Expected] = [], golden: String? = nil) {
        self.sequence = sequence
        self.forbidden = forbidden
        self.golden = golden
    }

    /// Whether the scene states anything to check.
    public var isEmpty: Bool { sequence.isEmpty && forbidden.isEmpty && golden == nil }
}

extension SceneExpectations {
    /// Reads the `expect` object and `golden` string of a scene (as the scene file holds them, numbers
    /// exact). Errors name the scene file `source` and the JSON path.
    public init(expect: JSONValue?, golden: JSONValue?, sdk: SDKProfile = .standard, source: String) throws(InputError) {
        self.init()
        if let golden {
            guard case .string(let g) = golden, !g.isEmpty else {
                throw InputError(file: source, location: "golden", reason: "expected a file name (string)")
            }
            // `check --update` writes it: it must stay inside the scene's folder.
            let parts = g.split(separator: "/", omittingEmptySubsequences: false)
            guard !g.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }),
                  !g.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                throw InputError(file: source, location: "golden", reason: "expected a relative path inside the scene's folder (no '..', '.', empty or absolute parts), found '\(g)'")
            }
            self.golden = g
        }
        guard let expect else { return }
        guard case .object(let members) = expect else {
            throw InputError(file: source, location: "expect", reason: "expected an object with \"sequence\" and/or \"forbid\"")
        }
        for key in members.map(\.0).sorted() where key != "sequence" && key != "forbid" {
            throw InputError(file: source, location: "expect.\(key)", reason: "expected only \"sequence\" and \"forbid\" (unknown key)")
        }
        if let seq = Self.member("sequence", of: members) {
            guard case .array(let items) = seq else {
                throw InputError(file: source, location: "expect.sequence", reason: "expected an array of codes")
            }
            for (i, item) in items.enumerated() {
                sequence.append(try Self.expected(item, path: "expect.sequence[\(i)]", sdk: sdk, source: source))
            }
        }
        if let forbid = Self.member("forbid", of: members) {
            guard case .array(let items) = forbid else {
                throw InputError(file: source, location: "expect.forbid", reason: "expected an array of codes")
            }
            for (i, item) in items.enumerated() {
                forbidden.append(try Self.expected(item, path: "expect.forbid[\(i)]", sdk: sdk, source: source))
            }
        }
    }

    /// The last value given for `key` (as a dictionary would keep it).
    private static func member(_ key: String, of members: [(String, JSONValue)]) -> JSONValue? {
        members.last { $0.0 == key }?.1
    }

    /// A number's value (integers widened), nil for anything else.
    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let i)?: Double(i)
        case .number(let d)?: d
        default: nil
        }
    }

    private static func code(_ value: JSONValue, path: String, sdk: SDKProfile, source: String) throws(InputError) -> Int {
        guard let n = number(value), n == n.rounded(), abs(n) < 1e9, sdk.meaning(forCode: Int(n)) != nil else {
            throw InputError(file: source, location: path, reason: "expected one of SDK \(sdk.name)'s event codes (see `capture-sim codes --sdk \(sdk.name)`)")
        }
        return Int(n)
    }

    private static func expected(_ value: JSONValue, path: String, sdk: SDKProfile, source: String) throws(InputError) -> Expected {
        guard case .object(let members) = value else { return Expected(code: try code(value, path: path, sdk: sdk, source: source)) }
        for key in members.map(\.0).sorted() where !["code", "between", "after", "before"].contains(key) {
            throw InputError(file: source, location: "\(path).\(key)", reason: "expected only code, between, after, before (unknown key)")
        }
        guard let c = member("code", of: members) else { throw InputError(file: source, location: "\(path).code", reason: "expected an event code") }
        var e = Expected(code: try code(c, path: "\(path).code", sdk: sdk, source: source))
        func seconds(_ v: JSONValue?, _ p: String) throws(InputError) -> Double? {
            guard let v else { return nil }
            guard let d = number(v), d.isFinite else {
                throw InputError(file: source, location: p, reason: "expected seconds (a number)")
            }
            return d
        }
        if let between = member("between", of: members) {
            guard case .array(let pair) = between, pair.count == 2,
                  let a = try seconds(pair[0], "\(path).between[0]"), let b = try seconds(pair[1], "\(path).between[1]"), a <= b else {
                throw InputError(file: source, location: "\(path).between", reason: "expected [earliest, latest] in seconds")
            }
            e.earliest = a
            e.latest = b
        }
        if let a = try seconds(member("after", of: members), "\(path).after") { e.earliest = a }
        if let b = try seconds(member("before", of: members), "\(path).before") { e.latest = b }
        return e
    }
}
