import Benchmarks
import BundleIO
import CaptureEngine
import JSONSupport
import RegressionCheck
import ScanReport
import SceneGenerator

/// The tool's documented exit codes.
enum ExitCode: Int32 {
    /// Success. `run`: the scene ran, whatever its events (a scan the session aborted or removed exits 0
    /// too, unless `--out` asked for its bundle); `check`: every scene passed.
    case success = 0
    /// `check`: at least one scene failed; `inspect`: the bundle is invalid.
    case failure = 1
    /// Usage error: unknown command or option, missing or malformed argument.
    case usage = 2
    /// Unreadable or malformed input file (scene, log, thresholds, bundle).
    case badInput = 3
    /// Output could not be written or published: `run --out` published no bundle (unwritable path, full
    /// disk, existing bundle without --force, or, with `--out` only, a failed or aborted scan); `report`
    /// could not write its page.
    case outputFailed = 4

    /// The one map from what a command throws to the exit code and the message printed: a usage error 2,
    /// bad input (``InputError``, naming file and place) 3, a failed write (``FileSystemError``,
    /// ``LibraryCallError``) 4, a report page that cannot be made (``ReportPageError``) 3 or 4, thresholds
    /// that cannot be applied (``ThresholdOverrideError``: a file's 3, an assignment's 2), a benchmark's
    /// (``BenchmarkError``) 2, 3 or 1, a generated scene that does not load (``GeneratedSceneError``, a generator
    /// bug) 1, a ``CommandFailure`` its own code, anything else 1.
    static func of(_ error: any Error) -> (code: ExitCode, message: String) {
        switch error {
        case let usage as UsageError: return (.usage, usage.description)
        case let failure as CommandFailure: return (failure.exitCode, failure.description)
        case let thresholds as ThresholdOverrideError: return (thresholds.origin == .file ? .badInput : .usage, thresholds.description)
        case let benchmark as BenchmarkError:
            switch benchmark.kind {
            case .usage: return (.usage, benchmark.reason)
            case .badInput: return (.badInput, benchmark.reason)
            case .failure: return (.failure, benchmark.reason)
            }
        case let page as ReportPageError: return (page.kind == .input ? .badInput : .outputFailed, page.description)
        case let input as InputError: return (.badInput, input.description)
        case let scenes as SceneFileError: return (.badInput, scenes.description)
        case let output as FileSystemError: return (.outputFailed, "cannot write " + output.description)
        case let library as LibraryCallError: return (.outputFailed, library.description)
        case let generated as GeneratedSceneError: return (.failure, generated.description)
        default: return (.failure, "\(error)")
        }
    }
}

/// One line of a command's EXIT STATUS: a code and what it means for that command.
struct ExitStatus: Sendable {
    /// The code as the help shows it: "0", or "128+N" for the signal statuses.
    var code: String
    var meaning: String

    init(_ code: ExitCode, _ meaning: String) {
        self.code = String(code.rawValue)
        self.meaning = meaning
    }

    /// `0      meaning`, the meanings in one column, continuation lines aligned under them.
    var line: String {
        code.padding(toLength: 7, withPad: " ", startingAt: 0)
            + meaning.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: 9))
    }

    /// 128+N: the command was ended by signal N after removing its partial output.
    static func signal(_ meaning: String) -> ExitStatus {
        var status = ExitStatus(.success, meaning)
        status.code = "128+N"
        return status
    }

    static let usage = ExitStatus(.usage, "usage error: unknown option, missing or malformed argument")
    static func success(_ meaning: String = "done") -> ExitStatus { ExitStatus(.success, meaning) }
    static func badInput(_ meaning: String) -> ExitStatus { ExitStatus(.badInput, meaning) }
    static func outputFailed(_ meaning: String) -> ExitStatus { ExitStatus(.outputFailed, meaning) }
    static func failure(_ meaning: String) -> ExitStatus { ExitStatus(.failure, meaning) }
}

/// A usage error: printed with the command's usage line, exit 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// An error that ends the command with a message and an exit code.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    var exitCode: ExitCode
    init(_ description: String, exitCode: ExitCode) {
        self.description = description
        self.exitCode = exitCode
    }
}
