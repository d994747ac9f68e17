import CaptureEngine

/// `capture-sim codes`: the SDK's event-code table.
struct CodesCommand: Command {
    static let name = "codes"
    static let summary = "Print the SDK's event-code table (all 59 codes)"
    static let help = """
        USAGE: capture-sim codes [--json]

        Prints every event code the engine knows: code, severity, the message the host app receives and
        the SDK documentation's description.

        OPTIONS:
          --json    one JSON object per line: {"code","name","severity","message","documentation"}
        """

    var json = false

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: [], flags: ["json"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        json = parsed.flag("json")
    }

    func run() throws -> ExitCode {
        for code in EventCode.allCases {
            if json {
                let object: JSONValue = .object([
                    ("code", .integer(code.rawValue)),
                    ("name", .string(String(describing: code))),
                    ("severity", .string(code.severity.rawValue)),
                    ("message", .string(code.message())),
                    ("documentation", .string(code.documentation)),
                ])
                print(object.serialized())
            } else {
                let c = String(code.rawValue)
                let sev = code.severity.rawValue
                print(String(repeating: " ", count: 2 - c.count) + c + "  "
                      + sev + String(repeating: " ", count: 8 - sev.count) + code.documentation)
            }
        }
        return .success
    }
}
