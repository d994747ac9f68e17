import CaptureEngine
import Foundation

/// `--thresholds FILE` and `--set KEY=VALUE`, shared by every command that runs the engine.
struct ThresholdOverrideOptions {
    var file: String?
    /// `--set` as given, for reports that list the overrides.
    var texts: [String]
    /// `--set`, parsed once when the command line is.
    var assignments: [ThresholdAssignment]

    /// `--set KEY=VALUE` (repeatable) and `--thresholds FILE`.
    static let set = Option.text("set", "KEY=VALUE", "override a threshold, e.g. --set fastRotation.degreesPerSecond=120;\nVALUE may be a factor of the default, e.g. 1.1x (repeatable)", repeatable: true)
    static let thresholds = Option.text("thresholds", "FILE", "apply a (partial) thresholds JSON file (before --set)")
    static let options: [OptionSpec] = [set.spec, thresholds.spec]

    /// Reads the options; an unknown key or a malformed value in `--set` is a usage error now, before any
    /// work.
    init(_ parsed: CommandLineArguments) throws(UsageError) {
        file = try parsed[Self.thresholds]
        texts = try parsed.all(Self.set)
        do throws(ThresholdOverrideError) { assignments = try ThresholdOverrides(assignments: texts).assignments } catch {
            throw UsageError(error.description)
        }
    }

    /// The overrides for the library's one applier (``ThresholdOverrides``), the file read now, with
    /// `extra` assignments after the `--set` ones.
    func overrides(adding extra: [ThresholdAssignment] = []) throws -> ThresholdOverrides {
        var text: (name: String, text: String)?
        if let file {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw CommandFailure("\(file): cannot read thresholds file", exitCode: .badInput)
            }
            text = (file, contents)
        }
        return ThresholdOverrides(file: text, assignments: assignments).adding(extra)
    }

    /// Applies the file, then the assignments in order, and validates the result: a problem with the file
    /// is unreadable input (exit 3), one with an assignment a usage error (exit 2; ``ExitCode/of(_:)``).
    func apply(to base: Thresholds) throws -> Thresholds {
        try overrides().apply(to: base)
    }

    var isEmpty: Bool { file == nil && assignments.isEmpty }
}
