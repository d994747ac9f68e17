import Foundation
import JSONSupport

/// A failure to apply threshold overrides, naming the key and what was expected.
public struct ThresholdOverrideError: Error, Equatable, CustomStringConvertible {
    /// Where the failure is: in a thresholds file (its reading, JSON or values) or in an assignment
    /// (`--set`, `--param`, a shift). Commands tell them apart by exit status: a file is input that
    /// could not be read, an assignment a usage error.
    public enum Origin: Sendable { case file, assignment }

    public var description: String
    public var origin: Origin
    public init(_ description: String, origin: Origin = .assignment) {
        self.description = description
        self.origin = origin
    }

    /// Equal when the messages are.
    public static func == (a: ThresholdOverrideError, b: ThresholdOverrideError) -> Bool { a.description == b.description }
}

extension Thresholds {
    /// The thresholds as pretty JSON with keys sorted (what `capture-sim thresholds` prints and
    /// `--thresholds FILE` accepts).
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain numbers and booleans cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A copy with the values of a (possibly partial) JSON object applied, e.g.
    /// `{"fastRotation": {"degreesPerSecond": 120}}`, through the key table (``fields``). Unknown keys and
    /// values of the wrong type are errors naming the key; groups and keys are applied in sorted order
    /// (a key given twice counts once, its first value).
    /// With `ignoringRetired`, keys of ``Thresholds/retiredKeys`` are skipped (a bundle written before
    /// they were retired); otherwise they are errors saying why they went.
    public func applying(json object: JSONValue, source: String = "thresholds",
                         ignoringRetired: Bool = false) throws(ThresholdOverrideError) -> Thresholds {
        guard case .object(let groupMembers) = object else {
            throw ThresholdOverrideError("\(source): expected a JSON object of thresholds")
        }
        let fields = Thresholds.fieldsByKey
        let groups = Set(Thresholds.fields.map(\.group))
        var result = self
        for (group, members) in Self.firstOfEachKey(groupMembers) {
            guard groups.contains(group) else {
                throw ThresholdOverrideError("\(source): unknown threshold '\(group)'"
                                             + Suggestion.hint(for: group, among: groups.sorted()) + "; see `capture-sim thresholds` for the keys")
            }
            guard case .object(let valueMembers) = members else {
                throw ThresholdOverrideError("\(source): '\(group)' must be an object")
            }
            for (name, value) in Self.firstOfEachKey(valueMembers) {
                let key = "\(group).\(name)"
                if let reason = Thresholds.retiredKeys[key] {
                    // A bundle written before the key was retired still reads; a user's file is told why.
                    if ignoringRetired { continue }
                    throw ThresholdOverrideError("\(source): '\(key)' is no longer a threshold: \(reason)")
                }
                guard let field = fields[key] else {
                    throw ThresholdOverrideError("\(source): unknown threshold '\(key)'" + Thresholds.suggestion(for: key)
                                                 + "; see `capture-sim thresholds` for the keys")
                }
                try result.set(field, to: value, source: source)
            }
        }
        return result
    }

    /// An object's members sorted by key, each key once (its first value).
    private static func firstOfEachKey(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var seen = Set<String>()
        return members.filter { seen.insert($0.0).inserted }.sorted { $0.0 < $1.0 }
    }

    /// Sets one field from a JSON value.
    private mutating func set(_ field: ThresholdField, to value: JSONValue, source: String) throws(ThresholdOverrideError) {
        switch (field.place, value) {
        case (.number(let path), .int(let i)):
            self[keyPath: path] = Double(i)
        case (.number(let path), .number(let d)) where d.isFinite:
            self[keyPath: path] = d
        case (.number, _):
            throw ThresholdOverrideError("\(source): '\(field.key)' must be a number")
        case (.wholeNumber(let path), .int(let i)) where Int(exactly: i) != nil:
            self[keyPath: path] = Int(i)
        case (.wholeNumber(let path), .number(let d)) where d.isFinite && d == d.rounded() && abs(d) < 9e15:
            self[keyPath: path] = Int(d)
        case (.wholeNumber, _):
            throw ThresholdOverrideError("\(source): '\(field.key)' must be a whole number")
        case (.flag(let path), .bool(let b)):
            self[keyPath: path] = b
        case (.flag, _):
            throw ThresholdOverrideError("\(source): '\(field.key)' must be true or false")
        case (.driftAction(let path), .string(let name)) where Thresholds.DriftAction(rawValue: name) != nil:
            self[keyPath: path] = Thresholds.DriftAction(rawValue: name) ?? .profile
        case (.driftAction, _):
            throw ThresholdOverrideError("\(source): '\(field.key)' must be one of \((field.choices ?? []).joined(separator: ", "))")
        }
    }

    /// A copy with a file's `thresholds` object applied (``applying(json:source:)``), checked against the
    /// ranges too when `validated`; a problem is an ``InputError`` naming `file`, e.g.
    /// `scene.json: thresholds: unknown threshold 'drift.x'; ...`.
    public func applying(thresholds node: JSONNode, file: String, validated: Bool) throws(InputError) -> Thresholds {
        do throws(ThresholdOverrideError) {
            let applied = try applying(json: node.jsonValue, source: "thresholds", ignoringRetired: !validated)
            return validated ? try applied.validated(source: "thresholds") : applied
        } catch {
            throw InputError(file: file, reason: error.description)
        }
    }

    /// A copy with the JSON text of a thresholds file applied; `source` names the file in errors.
    /// The text is read by the strict ``JSONParser`` (syntax errors name the line and column); the
    /// result must be valid (``ThresholdField/range``).
    public func applying(jsonText: String, source: String) throws(ThresholdOverrideError) -> Thresholds {
        let root: JSONNode
        do throws(JSONSyntaxError) { root = try JSONParser.parse(Array(jsonText.utf8)) } catch {
            throw ThresholdOverrideError("\(source):\(error.line):\(error.column): invalid JSON: \(error.problem)")
        }
        guard case .object = root else {
            throw ThresholdOverrideError("\(source): expected a JSON object of thresholds, found \(root.typeDescription)")
        }
        return try applying(json: root.jsonValue, source: source).validated(source: source)
    }

    /// A copy with one `group.field=value` assignment applied, as `--set` gives it
    /// (``ThresholdAssignment``; not validated as a whole: ``ThresholdOverrides`` is).
    public func applying(assignment: String) throws(ThresholdOverrideError) -> Thresholds {
        try ThresholdAssignment(parsing: assignment).apply(to: self)
    }

    // MARK: Typed setting

    /// A copy with the numeric `field` set to `value`: a whole number for a whole-number field, within
    /// the field's range (``ThresholdField/range``). Errors name the key (prefixed by `source` when given).
    public func setting(_ field: ThresholdField, to value: Double, source: String? = nil) throws(ThresholdOverrideError) -> Thresholds {
        func failure(_ problem: String) -> ThresholdOverrideError {
            ThresholdOverrideError(source.map { "\($0): \(problem)" } ?? problem)
        }
        var result = self
        switch field.place {
        case .number(let path):
            guard value.isFinite else { throw failure("'\(field.key)' must be a number") }
            result[keyPath: path] = value
        case .wholeNumber(let path):
            guard value.isFinite, value == value.rounded() else { throw failure("'\(field.key)' must be a whole number") }
            // Outside the range (which ends far below Int.max) before it is made an Int.
            if let problem = field.problem(with: value) { throw failure(problem) }
            result[keyPath: path] = Int(value)
        case .flag:
            throw failure("'\(field.key)' must be true or false")
        case .driftAction:
            throw failure("'\(field.key)' must be one of \((field.choices ?? []).joined(separator: ", "))")
        }
        if let problem = field.problem(in: result) { throw failure(problem) }
        return result
    }

    /// A copy with the numeric `field` multiplied by `factor` (the value it has before: the default
    /// unless set earlier). For a whole-number field a product with a fraction is rounded to the
    /// nearest whole number, only when the product is within the field's range (one outside stays an
    /// error, it is not rounded into it).
    public func setting(_ field: ThresholdField, scaledBy factor: Double, source: String? = nil) throws(ThresholdOverrideError) -> Thresholds {
        var product = field.value(in: self) * factor
        if case .wholeNumber = field.place, product.isFinite, product.rounded() != product, abs(product) < 1e15,
           field.range.map({ $0.contains(product) }) ?? true {
            product = product.rounded()
        }
        return try setting(field, to: product, source: source)
    }

    /// A copy with the switch `field` set to `flag`.
    public func setting(_ field: ThresholdField, to flag: Bool, source: String? = nil) throws(ThresholdOverrideError) -> Thresholds {
        try applying(json: .object([(field.group, .object([(field.name, .bool(flag))]))]), source: source ?? "thresholds")
    }

    /// A copy with the choice `field` set to the one named `choice` (e.g. `drift.action` `relocate`).
    public func setting(_ field: ThresholdField, toChoice choice: String, source: String? = nil) throws(ThresholdOverrideError) -> Thresholds {
        try applying(json: .object([(field.group, .object([(field.name, .string(choice))]))]), source: source ?? "thresholds")
    }

    /// Every settable key path (`group.field`), sorted.
    public static var keyPaths: [String] { fields.map(\.key).sorted() }

    /// The value at a key path as a number (booleans as 0/1); nil for an unknown key.
    public func value(at key: String) -> Double? {
        Thresholds.fieldsByKey[key]?.value(in: self)
    }
}
