import Foundation
import JSONSupport

/// A value given to one threshold: a number, a factor of the value in force (`1.1x`), a switch or a
/// choice's name.
public enum ThresholdValue: Equatable, Sendable {
    case number(Double)
    /// Multiplies the value the threshold has before the assignment.
    case factor(Double)
    case flag(Bool)
    case choice(String)
}

/// One assignment of a threshold, typed: the field and its value. `--set KEY=VALUE` parses into one
/// (``init(parsing:)``); the threshold walk and sweeps build theirs from a field and a number, so no
/// value goes through text.
public struct ThresholdAssignment: Sendable {
    public let field: ThresholdField
    public let value: ThresholdValue
    /// What errors are prefixed with, e.g. "--set drift.meters=11".
    public let source: String

    public init(_ field: ThresholdField, _ value: ThresholdValue, source: String) {
        self.field = field
        self.value = value
        self.source = source
    }

    /// Parses `group.field=value` as `--set` gives it: a number, a number followed by `x` (a factor),
    /// `true`/`false` for a switch, a name for a choice. Errors name the assignment, e.g.
    /// "--set drift.metres=3: unknown threshold 'drift.metres'; see `capture-sim thresholds` for the keys".
    public init(parsing assignment: String) throws(ThresholdOverrideError) {
        guard let eq = assignment.firstIndex(of: "=") else {
            throw ThresholdOverrideError("--set \(assignment): expected KEY=VALUE, e.g. fastRotation.degreesPerSecond=120")
        }
        let source = "--set \(assignment)"
        let key = String(assignment[..<eq]).trimmingCharacters(in: .whitespaces)
        let text = String(assignment[assignment.index(after: eq)...]).trimmingCharacters(in: .whitespaces)
        func unknown() -> ThresholdOverrideError {
            if let reason = Thresholds.retiredKeys[key] {
                return ThresholdOverrideError("\(source): '\(key)' is no longer a threshold: \(reason)")
            }
            return ThresholdOverrideError("\(source): unknown threshold '\(key)'" + Thresholds.suggestion(for: key) + "; see `capture-sim thresholds` for the keys")
        }
        guard key.split(separator: ".", omittingEmptySubsequences: false).count == 2 else {
            throw ThresholdOverrideError("\(source): unknown threshold '\(key)'" + Thresholds.suggestion(for: key) + "; expected GROUP.FIELD, see `capture-sim thresholds`")
        }
        let field = Thresholds.fieldsByKey[key]
        let value: ThresholdValue
        if text.hasSuffix("x") {
            guard let factor = Double(text.dropLast()), factor.isFinite else {
                throw ThresholdOverrideError("\(source): '\(text)' is not a finite factor such as 1.1x")
            }
            value = .factor(factor)
        } else if field?.choices != nil {
            value = .choice(text)
        } else if text == "true" || text == "false" {
            value = .flag(text == "true")
        } else if let i = Int64(text) {
            value = .number(Double(i))
        } else if let d = Double(text), d.isFinite {
            value = .number(d)
        } else {
            throw ThresholdOverrideError("\(source): '\(text)' is not a finite number or true/false")
        }
        guard let field else { throw unknown() }
        self.init(field, value, source: source)
    }

    /// `thresholds` with the assignment applied (the field's range checked; the whole not validated).
    public func apply(to thresholds: Thresholds) throws(ThresholdOverrideError) -> Thresholds {
        switch value {
        case .number(let v): try thresholds.setting(field, to: v, source: source)
        case .factor(let f): try thresholds.setting(field, scaledBy: f, source: source)
        case .flag(let b): try thresholds.setting(field, to: b, source: source)
        case .choice(let name): try thresholds.setting(field, toChoice: name, source: source)
        }
    }
}

/// Threshold overrides as every command that runs the engine takes them (`run`, `check`, `sweep`,
/// `replay`, `report`, `thresholds`) and the threshold walk builds them: a (partial) thresholds file,
/// then assignments in order, applied on top of a base (the defaults, a scene's or a bundle's
/// thresholds). The result is always validated: each value against its range, the whole against the
/// relations between fields (``Thresholds/problems``).
public struct ThresholdOverrides: Sendable {
    /// A thresholds file: its name (for errors) and text.
    public var file: (name: String, text: String)?
    public var assignments: [ThresholdAssignment]

    public init(file: (name: String, text: String)? = nil, assignments: [ThresholdAssignment] = []) {
        self.file = file
        self.assignments = assignments
    }

    /// Overrides from `--set` texts (parsed now: an unknown key or a malformed value is an error
    /// before anything runs).
    public init(file: (name: String, text: String)? = nil, assignments texts: [String]) throws(ThresholdOverrideError) {
        var assignments: [ThresholdAssignment] = []
        for text in texts { assignments.append(try ThresholdAssignment(parsing: text)) }
        self.init(file: file, assignments: assignments)
    }

    /// Whether there is nothing to apply.
    public var isEmpty: Bool { file == nil && assignments.isEmpty }

    /// `base` with the file, then the assignments, applied and the result validated. A problem with the
    /// file is an error of origin ``ThresholdOverrideError/Origin/file``; one with an assignment, or a
    /// relation the assignments break, of origin ``ThresholdOverrideError/Origin/assignment``.
    public func apply(to base: Thresholds) throws(ThresholdOverrideError) -> Thresholds {
        var t = base
        if let file {
            do throws(ThresholdOverrideError) { t = try t.applying(jsonText: file.text, source: file.name) } catch {
                throw ThresholdOverrideError(error.description, origin: .file)
            }
        }
        for assignment in assignments { t = try assignment.apply(to: t) }
        if let first = t.problems.first {
            let source = assignments.isEmpty ? (file?.name ?? "thresholds") : "--set"
            throw ThresholdOverrideError("\(source): \(first)", origin: assignments.isEmpty ? .file : .assignment)
        }
        return t
    }
}

extension ThresholdOverrides {
    /// These overrides with `assignments` applied after their own.
    public func adding(_ assignments: [ThresholdAssignment]) -> ThresholdOverrides {
        ThresholdOverrides(file: file, assignments: self.assignments + assignments)
    }
}
