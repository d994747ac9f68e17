/// A command's `--help` text from its declaration, in one layout for every command:
///
///     USAGE: capture-sim <usage>
///            capture-sim <usage>
///
///     <discussion>
///
///     OPTIONS:
///       --name VALUE   help
///                      continuation
///
///     <SECTION>:
///       ...
///
///     EXIT STATUS:
///       0  meaning
enum HelpText {
    /// A titled block of the help after the options.
    struct Section: Sendable {
        var title: String
        var lines: [String]
    }

    /// The column where the options' help starts.
    static let optionColumn = 24

    static func render(usage: [String], discussion: String, options: [OptionSpec], sections: [Section] = [],
                       exitStatus: [ExitStatus]) -> String {
        var lines: [String] = []
        for (i, line) in usage.enumerated() {
            lines.append((i == 0 ? "USAGE: " : "       ") + "capture-sim " + line)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        let visible = options + [.flag("help", "this help")]
        lines += ["", "OPTIONS:"]
        lines += optionLines(visible)
        for section in sections {
            lines += ["", section.title.uppercased() + ":"]
            lines += section.lines.map { "  " + $0 }
        }
        lines += ["", "EXIT STATUS:"]
        lines += exitStatus.map { "  " + $0.line }
        return lines.joined(separator: "\n")
    }

    /// `--name VALUE` padded to ``optionColumn``, then the help, continuation lines aligned under it.
    static func optionLines(_ options: [OptionSpec]) -> [String] {
        var lines: [String] = []
        for option in options {
            let head = "  " + option.synopsis
            let helpLines = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let indent = String(repeating: " ", count: optionColumn)
            if head.count + 2 <= optionColumn {
                lines.append(head.padding(toLength: optionColumn, withPad: " ", startingAt: 0) + (helpLines.first ?? ""))
            } else {
                lines.append(head)
                lines.append(indent + (helpLines.first ?? ""))
            }
            lines += helpLines.dropFirst().map { indent + $0 }
        }
        return lines
    }
}
