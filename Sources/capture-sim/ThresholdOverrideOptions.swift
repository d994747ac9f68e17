import CaptureEngine
import Foundation

/// `--thresholds FILE` and `--set KEY=VALUE`, shared by every command that runs the engine.
struct ThresholdOverrideOptions {
    var file: String?
    var assignments: [String]

    /// `--set KEY=VALUE` (repeatable) and `--thresholds FILE`.
    static let options: [OptionSpec] = [
        .option("set", "KEY=VALUE", "override a threshold, e.g. --set fastRotation.degreesPerSecond=120;\nVALUE may be a factor of the default, e.g. 1.1x (repeatable)", repeatable: true),
        .option("thresholds", "FILE", "apply a (partial) thresholds JSON file (before --set)"),
    ]

    init(_ parsed: CommandLineArguments) {
        file = parsed.value("thresholds")
        assignments = parsed.values("set")
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
        do { return try ThresholdOverrides(file: text, assignments: assignments).adding(extra) }
        catch { throw UsageError(error.description) }
    }

    /// Applies the file, then the assignments in order, and validates the result.
    func apply(to base: Thresholds) throws -> Thresholds {
        try Self.apply(try overrides(), to: base)
    }

    /// Applies `overrides` to `base`: a problem with the file is unreadable input (exit 3), one with an
    /// assignment a usage error (exit 2).
    static func apply(_ overrides: ThresholdOverrides, to base: Thresholds) throws -> Thresholds {
        do { return try overrides.apply(to: base) }
        catch { throw error.origin == .file ? CommandFailure(error.description, exitCode: .badInput) : UsageError(error.description) }
    }

    var isEmpty: Bool { file == nil && assignments.isEmpty }
}
