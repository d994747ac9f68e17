/// One subcommand of `capture-sim`: declared (name, usage, options, exit statuses), parsed against its
/// declared options, validated, then run. Its `--help` is generated from the declaration (``HelpText``).
protocol Command {
    /// The word that selects it, e.g. "codes".
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The usage lines, each without "capture-sim", e.g. "run [SCENE] [options]".
    static var usage: [String] { get }
    /// What it does, before its options (paragraphs; may be empty).
    static var discussion: String { get }
    /// Every option it accepts.
    static var options: [OptionSpec] { get }
    /// What follows the options in the help (e.g. a list of formats), titled; empty by default.
    static var sections: [HelpText.Section] { get }
    /// What each exit status means for it.
    static var exitStatus: [ExitStatus] { get }
    /// The full `--help` text (generated: see the extension).
    static var help: String { get }
    /// Validates the arguments that follow the command name, parsed against ``options``.
    init(_ arguments: CommandLineArguments) throws(UsageError)
    /// Runs it; returns the exit code. Errors are mapped to exit codes in one place (``ExitCode/of(_:)``).
    func run() throws -> ExitCode
}

extension Command {
    /// Parses the words after the command name against ``options``, then validates them.
    init(parsing arguments: [String]) throws(UsageError) {
        try self.init(CommandLineArguments(arguments, options: Self.options))
    }

    static var sections: [HelpText.Section] { [] }

    /// The full `--help` text.
    static var help: String {
        HelpText.render(usage: usage, discussion: discussion, options: options, sections: sections, exitStatus: exitStatus)
    }
}

/// A command made of subcommands (`bench engine`, `lidar stats`): the word selects the group, the next
/// one the subcommand.
protocol CommandGroup {
    static var name: String { get }
    static var summary: String { get }
    static var discussion: String { get }
    static var subcommands: [any Command.Type] { get }
    /// The group's `--help` (generated: see the extension).
    static var help: String { get }
}

extension CommandGroup {
    /// The group's `--help`: its subcommands with their usage and summary.
    static var help: String {
        var lines = ["USAGE: capture-sim \(name) <subcommand> [options]", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines.append("SUBCOMMANDS:")
        let width = subcommands.map { $0.name.count }.max() ?? 0
        for sub in subcommands {
            lines.append("  " + sub.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + sub.summary)
        }
        lines += ["", "See 'capture-sim \(name) <subcommand> --help' (or 'capture-sim help \(name) <subcommand>') for its options."]
        return lines.joined(separator: "\n")
    }
}
