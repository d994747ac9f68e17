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
