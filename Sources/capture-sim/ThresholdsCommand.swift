import CaptureEngine
import Foundation

/// `capture-sim thresholds`: the detector thresholds as JSON.
struct ThresholdsCommand: Command {
    static let name = "thresholds"
    static let summary = "Print the detector thresholds as JSON (what --thresholds FILE accepts)"
    static let usage = ["thresholds [--thresholds FILE] [--set KEY=VALUE ...] [--keys | --ranges]"]
    static let discussion = """
        Prints the thresholds every detector uses, as JSON with sorted keys. With --thresholds and --set,
        prints the result of applying them to the defaults, so an override file can be checked.
        """
    static let keysFlag = Flag.flag("keys", "list the settable keys, one per line")
    static let rangesFlag = Flag.flag("ranges", "list each numeric key with its valid range, e.g. \"fastRotation.windowSeconds (0, 60]\";\na value outside it is refused from --set (exit 2), a file or a scene (exit 3)")
    static let options: [OptionSpec] = ThresholdOverrideOptions.options + [keysFlag.spec, rangesFlag.spec]
    static let exitStatus: [ExitStatus] = [
        .success("printed"), .usage, .badInput("the thresholds file cannot be read or holds a malformed or out-of-range value"),
    ]

    var overrides: ThresholdOverrideOptions
    var keysOnly: Bool
    var ranges: Bool

    init(_ parsed: CommandLineArguments) throws(UsageError) {
        try parsed.requireNoPositionals()
        overrides = try ThresholdOverrideOptions(parsed)
        keysOnly = try parsed[Self.keysFlag]
        ranges = try parsed[Self.rangesFlag]
        guard !(keysOnly && ranges) else { throw UsageError("--keys and --ranges exclude each other") }
    }

    func run() throws -> ExitCode {
        if keysOnly {
            Thresholds.keyPaths.forEach { print($0) }
            return .success
        }
        if ranges {
            for key in Thresholds.keyPaths { if let range = Thresholds.fieldsByKey[key]?.range { print("\(key) \(range)") } }
            return .success
        }
        print(try overrides.apply(to: Thresholds()).jsonText())
        return .success
    }
}
