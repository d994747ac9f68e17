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
    /// `{"fastRotation": {"degreesPerSecond": 120}}`. Unknown keys and values of the wrong type are errors.
    public func applying(json object: [String: Any], source: String = "thresholds") throws(ThresholdOverrideError) -> Thresholds {
        var base = asDictionary()
        try Thresholds.merge(object, into: &base, path: "", source: source)
        return try Thresholds.decode(base, source: source)
    }

    /// A copy with the JSON text of a thresholds file applied; `source` names the file in errors.
    /// The text is read by the strict ``JSONParser`` (syntax errors name the line and column); the
    /// result must be valid (``ThresholdRanges``).
    public func applying(jsonText: String, source: String) throws(ThresholdOverrideError) -> Thresholds {
        let root: JSONNode
        do throws(JSONSyntaxError) { root = try JSONParser.parse(Array(jsonText.utf8)) } catch {
            throw ThresholdOverrideError("\(source):\(error.line):\(error.column): invalid JSON: \(error.problem)")
        }
        guard case .object = root, let object = root.foundationObject as? [String: Any] else {
            throw ThresholdOverrideError("\(source): expected a JSON object of thresholds, found \(root.typeDescription)")
        }
        return try applying(json: object, source: source).validated(source: source)
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
    /// key's range (``ThresholdRanges``). A number followed by `x` (e.g. `1.1x`) multiplies the value the
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
                      ThresholdRanges.ranges[key].map({ $0.contains(product) }) ?? true else { throw error }
                return try setting(key: key, to: "\(Int(product.rounded()))", source: source)
            }
        }
        let value: Any
        if text == "true" || text == "false" { value = text == "true" }
        else if let i = Int(text) { value = i }
        else if let d = Double(text), d.isFinite { value = d }
        else { throw ThresholdOverrideError("\(source): '\(text)' is not a finite number or true/false") }
        let result = try applying(json: [parts[0]: [parts[1]: value]], source: source)
        if let range = ThresholdRanges.ranges[key], let number = result.value(at: key), !range.contains(number) {
            throw ThresholdOverrideError("\(source): \(key) must be in \(range), found \(NumberFormatting.compact(number))")
        }
        return result
    }

    /// Every settable key path (`group.field`), sorted.
    public static var keyPaths: [String] {
        Thresholds().asDictionary().flatMap { group, value in
            (value as? [String: Any])?.keys.map { "\(group).\($0)" } ?? []
        }.sorted()
    }

    /// The value at a key path as a number (booleans as 0/1); nil for an unknown key.
    public func value(at key: String) -> Double? { valuesByKeyPath()[key] }

    /// Every key path's value as a number (booleans as 0/1), from one encoding of the thresholds.
    public func valuesByKeyPath() -> [String: Double] {
        var values: [String: Double] = [:]
        for (group, fields) in asDictionary() {
            for (field, v) in (fields as? [String: Any]) ?? [:] {
                if let b = v as? Bool { values["\(group).\(field)"] = b ? 1 : 0 }
                else if let n = v as? NSNumber { values["\(group).\(field)"] = n.doubleValue }
            }
        }
        return values
    }

    private func asDictionary() -> [String: Any] {
        guard let data = try? JSONEncoder().encode(self),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object
    }

    private static func merge(_ overrides: [String: Any], into base: inout [String: Any], path: String,
                              source: String) throws(ThresholdOverrideError) {
        for (key, value) in overrides.sorted(by: { $0.key < $1.key }) {
            let here = path.isEmpty ? key : "\(path).\(key)"
            guard let existing = base[key] else {
                throw ThresholdOverrideError("\(source): unknown threshold '\(here)'; see `capture-sim thresholds` for the keys")
            }
            if var nested = existing as? [String: Any] {
                guard let sub = value as? [String: Any] else {
                    throw ThresholdOverrideError("\(source): '\(here)' must be an object")
                }
                try merge(sub, into: &nested, path: here, source: source)
                base[key] = nested
            } else {
                guard !(value is [String: Any]), !(value is [Any]), !(value is NSNull) else {
                    throw ThresholdOverrideError("\(source): '\(here)' must be a number or true/false")
                }
                base[key] = value
            }
        }
    }

    private static func decode(_ dictionary: [String: Any], source: String) throws(ThresholdOverrideError) -> Thresholds {
        do {
            let data = try JSONSerialization.data(withJSONObject: dictionary)
            return try JSONDecoder().decode(Thresholds.self, from: data)
        } catch let DecodingError.typeMismatch(type, context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ThresholdOverrideError("\(source): '\(key)' must be \(type == Bool.self ? "true or false" : "a number")")
        } catch let DecodingError.valueNotFound(_, context), let DecodingError.keyNotFound(_, context),
                    let DecodingError.dataCorrupted(context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ThresholdOverrideError("\(source): '\(key)' must be a finite number or true/false")
        } catch {
            throw ThresholdOverrideError("\(source): not a thresholds object")
        }
    }
}

