import Foundation
import JSONSupport

/// A failure to apply threshold overrides, naming the key and what was expected.
public struct ThresholdOverrideError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
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
    public func applying(json object: JSONValue, source: String = "thresholds") throws(ThresholdOverrideError) -> Thresholds {
        guard case .object(let groupMembers) = object else {
            throw ThresholdOverrideError("\(source): expected a JSON object of thresholds")
        }
        let fields = Thresholds.fieldsByKey
        let groups = Set(Thresholds.fields.map { String($0.key.prefix { $0 != "." }) })
        var result = self
        for (group, members) in Self.firstOfEachKey(groupMembers) {
            guard groups.contains(group) else {
                throw ThresholdOverrideError("\(source): unknown threshold '\(group)'; see `capture-sim thresholds` for the keys")
            }
            guard case .object(let valueMembers) = members else {
                throw ThresholdOverrideError("\(source): '\(group)' must be an object")
            }
            for (name, value) in Self.firstOfEachKey(valueMembers) {
                let key = "\(group).\(name)"
                guard let field = fields[key] else {
                    throw ThresholdOverrideError("\(source): unknown threshold '\(key)'; see `capture-sim thresholds` for the keys")
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
            let applied = try applying(json: node.jsonValue, source: "thresholds")
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

    /// A copy with one `group.field=value` assignment applied, as `--set` gives it.
    public func applying(assignment: String) throws(ThresholdOverrideError) -> Thresholds {
        guard let eq = assignment.firstIndex(of: "=") else {
            throw ThresholdOverrideError("--set \(assignment): expected KEY=VALUE, e.g. fastRotation.degreesPerSecond=120")
        }
        let key = String(assignment[..<eq]).trimmingCharacters(in: .whitespaces)
        let text = String(assignment[assignment.index(after: eq)...]).trimmingCharacters(in: .whitespaces)
        return try setting(key: key, to: text, source: "--set \(assignment)")
    }

    /// A copy with the field at a dotted key path set from its text form; the value must be in the
    /// key's range (``ThresholdField/range``). A number followed by `x` (e.g. `1.1x`) multiplies the value the
    /// key has before the assignment (the default unless set earlier); for a whole-number key the product
    /// is rounded to the nearest whole number.
    public func setting(key: String, to text: String, source: String) throws(ThresholdOverrideError) -> Thresholds {
        let parts = key.split(separator: ".").map(String.init)
        guard parts.count == 2 else {
            throw ThresholdOverrideError("\(source): unknown threshold '\(key)'; expected GROUP.FIELD, see `capture-sim thresholds`")
        }
        if text.hasSuffix("x") {
            guard let factor = Double(text.dropLast()), factor.isFinite else {
                throw ThresholdOverrideError("\(source): '\(text)' is not a finite factor such as 1.1x")
            }
            guard let current = value(at: key) else {
                throw ThresholdOverrideError("\(source): unknown threshold '\(key)'; see `capture-sim thresholds` for the keys")
            }
            let product = current * factor
            do throws(ThresholdOverrideError) {
                return try setting(key: key, to: "\(product)", source: source)
            } catch {
                // A whole-number key does not take a fraction: round the product instead (only then: a
                // product outside the key's range stays an error, it is not rounded into it).
                guard product.rounded() != product, abs(product) < 1e15,
                      Thresholds.fieldsByKey[key]?.range.map({ $0.contains(product) }) ?? true else { throw error }
                return try setting(key: key, to: "\(Int(product.rounded()))", source: source)
            }
        }
        let value: JSONValue
        if Thresholds.fieldsByKey[key]?.choices != nil { value = .string(text) }
        else if text == "true" || text == "false" { value = .bool(text == "true") }
        else if let i = Int64(text) { value = .int(i) }
        else if let d = Double(text), d.isFinite { value = .number(d) }
        else { throw ThresholdOverrideError("\(source): '\(text)' is not a finite number or true/false") }
        let result = try applying(json: .object([(parts[0], .object([(parts[1], value)]))]), source: source)
        if let problem = Thresholds.fieldsByKey[key]?.problem(in: result) { throw ThresholdOverrideError("\(source): \(problem)") }
        return result
    }

    /// Every settable key path (`group.field`), sorted.
    public static var keyPaths: [String] { fields.map(\.key).sorted() }

    /// The value at a key path as a number (booleans as 0/1); nil for an unknown key.
    public func value(at key: String) -> Double? {
        Thresholds.fieldsByKey[key]?.value(in: self)
    }
}
