import CaptureEngine
import JSONSupport

/// `capture-sim codes`: an SDK version's event-code table.
struct CodesCommand: Command {
    static let name = "codes"
    static let summary = "Print an SDK version's event-code table (2.10: 59 codes, 3.1: 75 codes)"
    static let usage = ["codes [--sdk VERSION] [--sources] [--json]"]
    static let discussion = """
        Prints every event code of the SDK version the engine imitates: code, severity, the SDK
        documentation's description. With --sources, prints instead every rule of the engine under that
        profile with the public text it follows, or why it is a guess and which thresholds hold its
        numbers (the provenance table of docs/engine.md).
        """
    static let sdkOption = Option.sdk("the SDK profile (\(SDKProfile.knownNames); default \(SDKProfile.standard.name))")
    static let sourcesFlag = Flag.flag("sources", "the rules and their sources instead of the codes")
    static let jsonFlag = Flag.flag("json", "one JSON object per line: {\"code\",\"name\",\"severity\",\"message\",\"documentation\"}\n(name: the SDK's own name for the code in 3.1, the engine's meaning in 2.10;\nwith --sources: {\"codes\",\"rule\",\"source\"})")
    static let options: [OptionSpec] = [sdkOption.spec, sourcesFlag.spec, jsonFlag.spec]
    static let exitStatus: [ExitStatus] = [.success("printed"), .usage]

    var json = false
    var sources = false
    var sdk = SDKProfile.standard

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        json = try parsed[Self.jsonFlag]
        sources = try parsed[Self.sourcesFlag]
        sdk = try parsed[Self.sdkOption] ?? sdk
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
