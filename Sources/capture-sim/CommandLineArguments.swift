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
    /// The names the command declared: reading any other key is a usage error (a key used but not declared).
    private var declared: Set<String> = []

    /// Parses `arguments` (without the command name) against `options`.
    init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        declared = Set(options.map(\.name))
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

    /// The option's value converted, if given (the last one when given more than once).
    subscript<Value>(_ option: Option<Value>) -> Value? {
        get throws(UsageError) {
            try check(option.spec)
            guard let text = values.last(where: { $0.name == option.spec.name })?.value else { return nil }
            return try option.convert(text)
        }
    }

    /// Whether the flag was given.
    subscript(_ flag: Flag) -> Bool {
        get throws(UsageError) {
            try check(flag.spec)
            return flags.contains(flag.spec.name)
        }
    }

    /// Every value of a repeatable option, in order, converted.
    func all<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        try check(option.spec)
        var result: [Value] = []
        for (name, text) in values where name == option.spec.name { result.append(try option.convert(text)) }
        return result
    }

    /// Whether the option or flag was given, whatever its value.
    func isGiven(_ spec: OptionSpec) throws(UsageError) -> Bool {
        try check(spec)
        return flags.contains(spec.name) || values.contains { $0.name == spec.name }
    }

    /// A usage error for a key the command reads but did not declare: a programming error every test
    /// of the command's parsing finds.
    private func check(_ spec: OptionSpec) throws(UsageError) {
        guard declared.contains(spec.name) else { throw UsageError("--\(spec.name) is read but not declared by this command") }
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
