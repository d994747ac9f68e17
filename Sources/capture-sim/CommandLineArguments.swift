import JSONSupport

/// The arguments of one command parsed against its declared options (``OptionSpec``): `--flag`,
/// `--option VALUE`, `--option=VALUE` and positional arguments; `--` ends the options.
///
/// Anything not declared is a usage error (exit 2) that names the nearest declared option.
struct CommandLineArguments {
    /// Positional arguments in order.
    private(set) var positionals: [String] = []
    private var values: [(name: String, value: String)] = []
    private var flags: Set<String> = []

    /// Parses `arguments` (without the command name) against `options`.
    init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = options.map(\.name)
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
                if !onlyPositionals, arg.hasPrefix("-"), arg != "-", arg.count > 1, Double(arg) == nil {
                    throw UsageError("unknown option '\(arg)'" + Suggestion.hint(for: String(arg.drop { $0 == "-" }), among: names, prefix: "--"))
                }
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = byName[name] else {
                throw UsageError("unknown option '--\(name)'" + Suggestion.hint(for: name, among: names, prefix: "--"))
            }
            if spec.value == nil {
                guard inline == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else { throw UsageError("--\(name) needs a value (\(spec.value!))") }
                value = arguments[i]
                i += 1
            }
            values.append((name, value))
        }
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an option, if given (the last one when given more than once).
    func value(_ name: String) -> String? { values.last(where: { $0.name == name })?.value }

    /// An option whose value is a path to write, if given; an empty one is a usage error (exit 2) before
    /// any work, not a failed write at the end of it.
    func path(_ name: String) throws(UsageError) -> String? {
        guard let text = value(name) else { return nil }
        guard !text.isEmpty else { throw UsageError("--\(name) is empty: give a path") }
        return text
    }

    /// Every value of a repeatable option, in order.
    func values(_ name: String) -> [String] { values.filter { $0.name == name }.map(\.value) }

    /// Whether the option or flag was given.
    func given(_ name: String) -> Bool { flag(name) || value(name) != nil }

    /// An option's value as a number, with a usage error naming the option when it is not one.
    func double(_ name: String) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let d = Double(text), d.isFinite else { throw UsageError("--\(name) expects a number, got '\(text)'") }
        return d
    }

    /// An option's value as an integer.
    func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let i = Int(text) else { throw UsageError("--\(name) expects an integer, got '\(text)'") }
        return i
    }

    /// The one positional argument, or nil; a usage error naming the first extra one.
    func singlePositional() throws(UsageError) -> String? {
        guard positionals.count <= 1 else { throw UsageError("unexpected argument '\(positionals[1])'") }
        return positionals.first
    }

    /// A usage error unless no positional argument was given.
    func requireNoPositionals() throws(UsageError) {
        if let first = positionals.first { throw UsageError("unexpected argument '\(first)'") }
    }
}
