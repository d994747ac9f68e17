import CaptureEngine
import CaptureReplay

extension ReplayOptions {
    /// `replay`'s and `report`'s log options.
    static let options: [OptionSpec] = [
        .option("format", "F", "bundle, raw, tum, stray, traj or arkit (default: detected)"),
        .option("fps", "N", "frame rate of a raw poses.csv without its time column, frames per\nsecond (default: its package's manifest.json; a poses.csv with the\ntime column keeps its times)"),
        .option("up", "y|z", "world up axis of TUM (default z) and .traj (default y) logs"),
        .option("sdk", "VERSION", "the SDK profile to replay with (\(SDKProfile.knownNames); default: a bundle's\nown, else \(SDKProfile.standard.name))"),
        .option("from", "S", "replay only inputs at or after S seconds"),
        .option("to", "S", "replay only inputs at or before S seconds"),
    ]

    /// The log options shared by `replay` and `report`: `--format F`, `--fps N`, `--up y|z`, `--sdk V`, `--from S`,
    /// `--to S` (validated: a known format, a positive frame rate, `--to` not before `--from`).
    init(parsing parsed: CommandLineArguments) throws(UsageError) {
        self.init()
        if let text = parsed.value("format") {
            guard let format = ReplayFormat(rawValue: text) else {
                throw UsageError("--format expects one of \(ReplayFormat.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
            }
            self.format = format
        }
        if let fps = try parsed.double("fps") {
            guard fps > 0 else { throw UsageError("--fps expects a positive number of frames per second, got '\(fps)'") }
            framesPerSecond = fps
        }
        if let text = parsed.value("up") {
            guard let up = WorldUpAxis(rawValue: text) else { throw UsageError("--up expects y or z, got '\(text)'") }
            worldUp = up
        }
        if let name = parsed.value("sdk") {
            guard let profile = SDKProfile(name: name) else {
                throw UsageError("--sdk: '\(name)' is not an SDK version; expected one of \(SDKProfile.knownNames)")
            }
            sdk = profile
        }
        from = try parsed.double("from")
        to = try parsed.double("to")
        if let from, let to, to < from {
            throw UsageError("--to \(to) is before --from \(from)")
        }
    }
}
