import BundleIO
import CaptureBundle
import Foundation
import JSONSupport

/// `capture-sim`: the command-line tool.
@main
enum CaptureSim {
    /// A word of the command list: a command, or a group of subcommands.
    enum Entry {
        case command(any Command.Type)
        case group(any CommandGroup.Type)

        var name: String {
            switch self {
            case .command(let type): return type.name
            case .group(let type): return type.name
            }
        }

        var summary: String {
            switch self {
            case .command(let type): return type.summary
            case .group(let type): return type.summary
            }
        }
    }

    /// Every command, in the order `--help` lists them.
    static var entries: [Entry] { [
        .command(RunCommand.self),
        .command(CheckCommand.self),
        .command(SweepCommand.self),
        .command(CodesCommand.self),
        .command(ThresholdsCommand.self),
        .command(ReplayCommand.self),
        .command(InspectCommand.self),
        .command(ExportCommand.self),
        .command(ReportCommand.self),
        .command(GenerateCommand.self),
        .group(LiDARCommand.self),
        .group(BenchCommand.self),
    ] }

    /// The options every command takes, before or after its own.
    static let globalOptions: [OptionSpec] = [
        .flag("quiet", "no progress bars and no summary lines on standard error (errors still are)"),
        .flag("help", "a command's options; also 'capture-sim help COMMAND'"),
        .flag("version", "the tool's version and the SDK profiles it knows (capture-sim --version)"),
    ]

    static func main() {
        MemoryTuning.apply()
        var args = Array(CommandLine.arguments.dropFirst())
        if let end = args.firstIndex(of: "--") {
            ConsoleOutput.quiet = args[..<end].contains("--quiet")
            args = args[..<end].filter { $0 != "--quiet" } + args[end...]
        } else {
            ConsoleOutput.quiet = args.contains("--quiet")
            args.removeAll { $0 == "--quiet" }
        }
        if args.isEmpty { args = defaultArguments }
        end(dispatch(args))
    }

    /// Runs what the arguments ask for and returns the exit status.
    static func dispatch(_ arguments: [String]) -> Int32 {
        var args = arguments
        if args == ["--help"] || args == ["-h"] || args == ["help"] {
            print(helpText)
            return 0
        }
        if args == ["--version"] {
            print(ToolVersion.text)
            return 0
        }
        if args.first == "help" {
            return help(Array(args.dropFirst()))
        }
        let name = args.removeFirst()
        guard let entry = entries.first(where: { $0.name == name }) else {
            printError("capture-sim: unknown command '\(name)'" + Suggestion.hint(for: name, among: entries.map(\.name))
                       + "\nSee 'capture-sim --help' for the commands.")
            return ExitCode.usage.rawValue
        }
        switch entry {
        case .command(let type):
            return run(type, label: name, arguments: args)
        case .group(let group):
            return runGroup(group, arguments: args)
        }
    }

    /// `capture-sim GROUP SUBCOMMAND ...`.
    static func runGroup(_ group: any CommandGroup.Type, arguments args: [String]) -> Int32 {
        let name = group.name
        let names = group.subcommands.map { $0.name }
        guard let word = args.first, !word.hasPrefix("-") else {
            if args.contains("--help") || args.contains("-h") {
                print(group.help)
                return 0
            }
            printError("capture-sim \(name): which subcommand? one of \(names.joined(separator: ", "))\nSee 'capture-sim \(name) --help'.")
            return ExitCode.usage.rawValue
        }
        guard let type = group.subcommands.first(where: { $0.name == word }) else {
            printError("capture-sim \(name): unknown subcommand '\(word)' (one of \(names.joined(separator: ", ")))"
                       + Suggestion.hint(for: word, among: names) + "\nSee 'capture-sim \(name) --help'.")
            return ExitCode.usage.rawValue
        }
        return run(type, label: "\(name) \(word)", arguments: Array(args.dropFirst()))
    }

    /// Parses, validates and runs one command; prints its error and returns the exit status.
    static func run(_ type: any Command.Type, label: String, arguments: [String]) -> Int32 {
        let own = arguments.firstIndex(of: "--").map { Array(arguments[..<$0]) } ?? arguments
        if own.contains("--help") || own.contains("-h") {
            print(type.help)
            return 0
        }
        do {
            let command = try type.init(parsing: arguments)
            return try command.run().rawValue
        } catch {
            let (code, message) = ExitCode.of(error)
            printError("capture-sim \(label): \(message)" + (code == .usage ? "\nSee 'capture-sim \(label) --help'." : ""))
            return code.rawValue
        }
    }

    /// `capture-sim help [COMMAND [SUBCOMMAND]]`.
    static func help(_ words: [String]) -> Int32 {
        guard let name = words.first else {
            print(helpText)
            return 0
        }
        guard let entry = entries.first(where: { $0.name == name }) else {
            printError("capture-sim help: unknown command '\(name)'" + Suggestion.hint(for: name, among: entries.map(\.name)))
            return ExitCode.usage.rawValue
        }
        switch entry {
        case .command(let type):
            guard words.count == 1 else {
                printError("capture-sim help: \(name) has no subcommands")
                return ExitCode.usage.rawValue
            }
            print(type.help)
        case .group(let group):
            guard words.count > 1 else {
                print(group.help)
                return 0
            }
            guard words.count == 2, let type = group.subcommands.first(where: { $0.name == words[1] }) else {
                printError("capture-sim help: unknown subcommand '\(words.dropFirst().joined(separator: " "))' of \(name)"
                           + Suggestion.hint(for: words[1], among: group.subcommands.map { $0.name }))
                return ExitCode.usage.rawValue
            }
            print(type.help)
        }
        return 0
    }

    /// Exits with `status` once no signal handler is taking back a bundle (a handler that is ends the
    /// process by its signal instead; ``PublicationRegistry/closeBeforeExit()``).
    static func end(_ status: Int32) -> Never {
        fflush(nil)
        PublicationRegistry.closeBeforeExit()
        exit(status)
    }

    /// What `capture-sim` with no arguments runs.
    static var defaultArguments: [String] { ["run"] }

    static var helpText: String {
        let width = entries.map { $0.name.count }.max() ?? 0
        var lines = [
            "capture-sim: a headless capture-session simulator of a LiDAR room-scanning SDK.",
            "",
            "USAGE: capture-sim <command> [options]",
            "       capture-sim              (runs the default apartment scene)",
            "       capture-sim help <command>",
            "",
            "COMMANDS:",
        ]
        lines += entries.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        lines += ["", "GLOBAL OPTIONS:"] + HelpText.optionLines(globalOptions)
        lines += ["", "See 'capture-sim <command> --help' or 'capture-sim help <command>' for a command's options."]
        return lines.joined(separator: "\n")
    }
}

/// Writes a line to standard error (an error or a warning: printed even with `--quiet`).
func printError(_ text: String) {
    FileHandle.standardError.write(Data((TerminalText.escaped(text) + "\n").utf8))
}

/// Writes a summary line to standard error (what was written where, counts): not with `--quiet`.
func printInfo(_ text: String) {
    guard !ConsoleOutput.quiet else { return }
    printError(text)
}

/// What `--quiet` turned off.
enum ConsoleOutput {
    /// `--quiet`: no progress bars, no summary lines on standard error.
    nonisolated(unsafe) static var quiet = false
}
