import CaptureEngine
import CaptureReplay

extension ReplayOptions {
    static let formatOption = Option.option("format", "F", "bundle, raw, tum, stray, traj or arkit (default: detected)") { (text) throws(UsageError) in
        guard let format = ReplayFormat(rawValue: text) else {
            throw UsageError("--format expects one of \(ReplayFormat.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
        }
        return format
    }
    static let fpsOption = Option.framesPerSecond("frame rate of a raw poses.csv without its time column, frames per\nsecond (default: its package's manifest.json; a poses.csv with the\ntime column keeps its times)")
    static let upOption = Option<WorldUpAxis>.choice("up", "y|z", "world up axis of TUM (default z) and .traj (default y) logs")
    static let sdkOption = Option.sdk("the SDK profile to replay with (\(SDKProfile.knownNames); default: a bundle's\nown, else \(SDKProfile.standard.name))")
    static let fromOption = Option.number("from", "S", "replay only inputs at or after S seconds")
    static let toOption = Option.number("to", "S", "replay only inputs at or before S seconds")

    /// `replay`'s and `report`'s log options.
    static let options: [OptionSpec] = [formatOption.spec, fpsOption.spec, upOption.spec, sdkOption.spec, fromOption.spec, toOption.spec]
    /// The options that shape how a log is read (not the SDK profile).
    static let logReadingOptions: [OptionSpec] = [formatOption.spec, fpsOption.spec, upOption.spec, fromOption.spec, toOption.spec]

    /// The log options shared by `replay` and `report`: `--format F`, `--fps N`, `--up y|z`, `--sdk V`, `--from S`,
    /// `--to S` (validated: a known format, a positive frame rate, `--to` not before `--from`).
    init(parsing parsed: CommandLineArguments) throws(UsageError) {
        self.init()
        format = try parsed[Self.formatOption] ?? format
        framesPerSecond = try parsed[Self.fpsOption] ?? framesPerSecond
        worldUp = try parsed[Self.upOption] ?? worldUp
        sdk = try parsed[Self.sdkOption] ?? sdk
        from = try parsed[Self.fromOption]
        to = try parsed[Self.toOption]
        if let from, let to, to < from {
            throw UsageError("--to \(to) is before --from \(from)")
        }
    }
}
