import CaptureEngine
import CaptureReplay

extension ReplayOptions {
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
