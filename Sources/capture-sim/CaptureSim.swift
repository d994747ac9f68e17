import CaptureBundle
import Foundation

/// `capture-sim`: the command-line tool.
@main
enum CaptureSim {
    /// Every subcommand, in the order `--help` lists them.
    static var commands: [any Command.Type] { [
        RunCommand.self,
        CheckCommand.self,
        SweepCommand.self,
        CodesCommand.self,
        ThresholdsCommand.self,
        ReplayCommand.self,
        InspectCommand.self,
        ExportCommand.self,
        ReportCommand.self,
        GenerateCommand.self,
        LiDARCommand.self,
        BenchCommand.self,
    ] }

    static let usage = """
        capture-sim: a headless capture-session simulator of a LiDAR room-scanning SDK.

        USAGE: capture-sim <command> [options]
               capture-sim            (runs the default apartment scene)
               capture-sim --version  (the version and the SDK profiles it knows)

        COMMANDS:
        """

    static func main() {
        MemoryTuning.apply()
        var args = Array(CommandLine.arguments.dropFirst())
        if args.isEmpty { args = defaultArguments }
        if args == ["--help"] || args == ["-h"] || args == ["help"] {
            print(helpText)
            exit(0)
        }
        if args == ["--version"] {
            print(ToolVersion.text)
            exit(0)
        }
        let name = args.removeFirst()
        guard let type = commands.first(where: { $0.name == name }) else {
            printError("capture-sim: unknown command '\(name)'\n\n\(helpText)")
            exit(ExitCode.usage.rawValue)
        }
        if args.contains("--help") || args.contains("-h") {
            print(type.help)
            exit(0)
        }
        do {
            let command = try type.init(arguments: args)
            let code = try command.run()
            end(code.rawValue)
        } catch let error as UsageError {
            printError("capture-sim \(name): \(error.description)\nSee 'capture-sim \(name) --help'.")
            end(ExitCode.usage.rawValue)
        } catch let failure as CommandFailure {
            printError("capture-sim \(name): \(failure.description)")
            end(failure.exitCode.rawValue)
        } catch {
            printError("capture-sim \(name): \(error)")
            end(ExitCode.failure.rawValue)
        }
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
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        return usage + "\n" + lines.joined(separator: "\n") + "\n\nSee 'capture-sim <command> --help' for a command's options."
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((TerminalText.escaped(text) + "\n").utf8))
}
