/// One subcommand of `capture-sim`: parse, validate, then run.
protocol Command {
    /// The word that selects it, e.g. "codes".
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// Full `--help` text.
    static var help: String { get }
    /// Parses and validates the arguments that follow the command name.
    init(arguments: [String]) throws(UsageError)
    /// Runs it; returns the exit code.
    func run() throws -> ExitCode
}
