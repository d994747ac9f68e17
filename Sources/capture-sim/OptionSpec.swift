/// One command-line option, declared once: the parser accepts exactly the declared options
/// (``CommandLineArguments``), the help lists them (``HelpText``), and a mistyped one is matched against
/// them (``Suggestion``), so help and parser cannot drift apart.
struct OptionSpec: Sendable {
    /// The name without its dashes, e.g. "out".
    let name: String
    /// The placeholder of its value in the help, e.g. "DIR"; nil for a flag (no value).
    let value: String?
    /// What it does; a "\n" starts a continuation line.
    let help: String
    /// Whether it may be given more than once (each value kept).
    let repeatable: Bool

    /// An option that takes a value: `--name VALUE` or `--name=VALUE`.
    static func option(_ name: String, _ value: String, _ help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, repeatable: repeatable)
    }

    /// A flag: `--name`, no value.
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help, repeatable: false)
    }

    /// How the help shows it, e.g. `--out DIR`.
    var synopsis: String { value.map { "--\(name) \($0)" } ?? "--\(name)" }
}
