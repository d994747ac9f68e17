import CaptureEngine
import RegressionCheck

/// An option declared once with the type of its value: its ``OptionSpec`` gives the parser, the help
/// and the suggestions; `try parsed[key]` gives the value converted, or a usage error naming the option.
/// A key the command did not declare throws too (``CommandLineArguments/subscript(_:)-(Option<Value>)``).
struct Option<Value>: Sendable {
    let spec: OptionSpec
    /// The value from the option's text, or a usage error that names the option.
    let convert: @Sendable (String) throws(UsageError) -> Value

    /// An option whose text converts with `convert`.
    static func option(_ name: String, _ placeholder: String, _ help: String, repeatable: Bool = false,
                       convert: @escaping @Sendable (String) throws(UsageError) -> Value) -> Option {
        Option(spec: .option(name, placeholder, help, repeatable: repeatable), convert: convert)
    }
}

extension Option where Value == String {
    /// Any text.
    static func text(_ name: String, _ placeholder: String, _ help: String, repeatable: Bool = false) -> Option {
        .option(name, placeholder, help, repeatable: repeatable) { $0 }
    }

    /// A path: an empty one is a usage error (`whenEmpty`) before any work, not a failed write at the end
    /// of it.
    static func path(_ name: String, _ placeholder: String, _ help: String, whenEmpty: String? = nil) -> Option {
        .option(name, placeholder, help) { (text) throws(UsageError) in
            guard !text.isEmpty else { throw UsageError(whenEmpty ?? "--\(name) is empty: give a path") }
            return text
        }
    }
}

extension Option where Value == Int {
    /// An integer, then `validate`'s check of it (a usage error naming the bound).
    static func integer(_ name: String, _ placeholder: String, _ help: String,
                        validate: @escaping @Sendable (Int) throws(UsageError) -> Void = { _ in }) -> Option {
        .option(name, placeholder, help) { (text) throws(UsageError) in
            guard let value = Int(text) else { throw UsageError("--\(name) expects an integer, got '\(text)'") }
            try validate(value)
            return value
        }
    }
}

extension Option where Value == UInt64 {
    /// A seed: a non-negative 64-bit integer.
    static func seed(_ help: String, placeholder: String = "N") -> Option {
        .option("seed", placeholder, help) { (text) throws(UsageError) in
            guard let value = UInt64(text) else { throw UsageError("--seed expects a non-negative integer, got '\(text)'") }
            return value
        }
    }
}

extension Option where Value == Double {
    /// A finite number, then `validate`'s check of it (a usage error naming the bound).
    static func number(_ name: String, _ placeholder: String, _ help: String,
                       validate: @escaping @Sendable (Double) throws(UsageError) -> Void = { _ in }) -> Option {
        .option(name, placeholder, help) { (text) throws(UsageError) in
            guard let value = Double(text), value.isFinite else { throw UsageError("--\(name) expects a number, got '\(text)'") }
            try validate(value)
            return value
        }
    }

    /// `--fps N`: a positive frame rate, frames per second.
    static func framesPerSecond(_ help: String) -> Option {
        .number("fps", "N", help) { (fps) throws(UsageError) in
            guard fps > 0 else { throw UsageError("--fps expects a positive number of frames per second, got '\(fps)'") }
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the type's cases by its raw value; the error lists them.
    static func choice(_ name: String, _ placeholder: String, _ help: String) -> Option {
        .option(name, placeholder, help) { (text) throws(UsageError) in
            guard let value = Value(rawValue: text) else {
                let names = Value.allCases.map(\.rawValue)
                let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
                throw UsageError("--\(name) expects \(list), got '\(text)'")
            }
            return value
        }
    }
}

extension Option where Value == Shard {
    /// `--shard I/N`.
    static func shard(_ help: String) -> Option {
        .option("shard", "I/N", help) { (text) throws(UsageError) in
            guard let shard = Shard(parsing: text) else { throw UsageError("--shard expects I/N with 1 <= I <= N, got '\(text)'") }
            return shard
        }
    }
}

extension Option where Value == SDKProfile {
    /// `--sdk VERSION`: a known SDK profile.
    static func sdk(_ help: String) -> Option {
        .option("sdk", "VERSION", help) { (name) throws(UsageError) in
            guard let profile = SDKProfile(name: name) else {
                throw UsageError("--sdk: '\(name)' is not an SDK version; expected one of \(SDKProfile.knownNames)")
            }
            return profile
        }
    }
}
