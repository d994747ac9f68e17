/// A small parser for `--flag`, `--option VALUE`, `--option=VALUE` and positional arguments.
///
/// Each command declares what it accepts; anything else is a usage error (exit 2).
struct CommandLineArguments {
    /// Positional arguments in order.
    private(set) var positionals: [String] = []
    private var values: [(name: String, value: String)] = []
    private var flags: Set<String> = []

    /// Parses `arguments` (without the command name). `options` take a value; `flags` do not.
    init(_ arguments: [String], options: Set<String>, flags: Set<String>) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
                if !onlyPositionals, arg.hasPrefix("-"), arg != "-", arg.count > 1, Double(arg) == nil {
                    throw UsageError("unknown option '\(arg)'")
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
            if flags.contains(name) {
                guard inline == nil else { throw UsageError("--\(name) takes no value") }
                self.flags.insert(name)
            } else if options.contains(name) {
                if let inline { values.append((name, inline)); continue }
                guard i < arguments.count else { throw UsageError("--\(name) needs a value") }
                values.append((name, arguments[i]))
                i += 1
            } else {
                throw UsageError("unknown option '--\(name)'")
            }
        }
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value of an option, if given.
    func value(_ name: String) -> String? { values.last(where: { $0.name == name })?.value }

    /// Every value of a repeatable option, in order.
    func values(_ name: String) -> [String] { values.filter { $0.name == name }.map(\.value) }

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
}
