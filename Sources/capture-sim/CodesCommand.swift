import CaptureEngine
import JSONSupport

/// `capture-sim codes`: an SDK version's event-code table.
struct CodesCommand: Command {
    static let name = "codes"
    static let summary = "Print an SDK version's event-code table (2.10: 59 codes, 3.1: 75 codes)"
    static let help = """
        USAGE: capture-sim codes [--sdk VERSION] [--sources] [--json]

        Prints every event code of the SDK version the engine imitates: code, severity, the message the
        host app receives and the SDK documentation's description. With --sources, prints instead every
        rule of the engine under that profile with the public text it follows, or why it is a guess and
        which thresholds hold its numbers (the provenance table of docs/engine.md).

        OPTIONS:
          --sdk VERSION   the SDK profile (\(SDKProfile.knownNames); default \(SDKProfile.standard.name))
          --sources       the rules and their sources instead of the codes
          --json          one JSON object per line: {"code","name","severity","message","documentation"}
                          (name: the SDK's own name for the code in 3.1, the engine's meaning in 2.10)
                          (with --sources: {"codes","rule","source"})
        """

    var json = false
    var sources = false
    var sdk = SDKProfile.standard

    init(arguments: [String]) throws(UsageError) {
        let parsed = try CommandLineArguments(arguments, options: ["sdk"], flags: ["json", "sources"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        json = parsed.flag("json")
        sources = parsed.flag("sources")
        if let name = parsed.value("sdk") {
            guard let profile = SDKProfile(name: name) else {
                throw UsageError("--sdk: '\(name)' is not an SDK version; expected one of \(SDKProfile.knownNames)")
            }
            sdk = profile
        }
    }

    func run() throws -> ExitCode {
        if sources {
            guard json else {
                print(RuleSource.markdownTable(sdk.ruleSources))
                return .success
            }
            for source in sdk.ruleSources {
                print(JSONValue.object([("codes", .string(source.codes)), ("rule", .string(source.rule)),
                                        ("source", .string(source.source))]).serialized())
            }
            return .success
        }
        let table = sdk.codeTable
        let width = table.map { String($0.code).count }.max() ?? 2
        for (code, meaning) in table {
            let severity = sdk.severity(of: meaning).rawValue
            if json {
                let object: JSONValue = .object([
                    ("code", .integer(code)),
                    ("name", .string(sdk.eventTypeName(for: meaning))),
                    ("severity", .string(severity)),
                    ("message", .string(sdk.message(for: meaning))),
                    ("documentation", .string(sdk.documentation(for: meaning))),
                ])
                print(object.serialized())
            } else {
                let c = String(code)
                print(String(repeating: " ", count: width - c.count) + c + "  "
                      + severity + String(repeating: " ", count: 8 - severity.count) + sdk.documentation(for: meaning))
            }
        }
        return .success
    }
}
