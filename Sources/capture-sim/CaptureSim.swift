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
        ReportCommand.self,
        GenerateCommand.self,
        LiDARCommand.self,
        BenchCommand.self,
    ] }

    static let usage = """
        capture-sim: a headless capture-session simulator of a LiDAR room-scanning SDK.

        USAGE: capture-sim <command> [options]
               capture-sim            (runs the default apartment scene)

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
        let name = args.removeFirst()
        guard let type = commands.first(where: { $0.name == name }) else {
            FileHandle.standardError.write(Data("capture-sim: unknown command '\(name)'\n\n\(helpText)\n".utf8))
            exit(ExitCode.usage.rawValue)
        }
        if args.contains("--help") || args.contains("-h") {
            print(type.help)
            exit(0)
        }
        do {
            let command = try type.init(arguments: args)
            let code = try command.run()
            exit(code.rawValue)
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("capture-sim \(name): \(error.description)\nSee 'capture-sim \(name) --help'.\n".utf8))
            exit(ExitCode.usage.rawValue)
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("capture-sim \(name): \(failure.description)\n".utf8))
            exit(failure.exitCode.rawValue)
        } catch {
            FileHandle.standardError.write(Data("capture-sim \(name): \(error)\n".utf8))
            exit(ExitCode.failure.rawValue)
        }
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
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
