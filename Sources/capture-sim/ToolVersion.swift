import CaptureEngine

/// The tool's version, as `capture-sim --version` prints it and `make dist` names its tarball.
enum ToolVersion {
    /// The release number (semantic versioning).
    static let number = "0.9.0"

    /// `--version`'s text: the number, then the SDK profiles the engine imitates (the default first).
    static var text: String {
        let profiles = SDKProfile.allCases.map { $0 == .standard ? "\($0.name) (default)" : $0.name }
        return "capture-sim \(number)\nSDK profiles: " + profiles.joined(separator: ", ")
    }
}
