import CaptureEngine

/// A log read for replay: the session's configuration, its time-ordered inputs and what was odd about it.
public struct ReplayLog: Sendable {
    /// The file (or bundle folder) read.
    public var file: String
    /// Its format.
    public var format: ReplayFormat
    /// The configuration to run the session with: a bundle's own options, device and thresholds; for
    /// other logs the defaults with ``SessionConfiguration/landscapeGating`` off.
    public var configuration: SessionConfiguration
    /// The inputs in time order. For logs other than bundles: a `recordPressed` action at the first
    /// frame's time, then one frame per pose (tracking normal, no depth).
    public var inputs: ReplayInputs
    /// What was reported while reading (gaps, skipped time stamps, non-finite poses, truncation).
    public var diagnostics: [ReplayDiagnostic]

    public init(file: String, format: ReplayFormat, configuration: SessionConfiguration, inputs: ReplayInputs,
                diagnostics: [ReplayDiagnostic]) {
        self.file = file
        self.format = format
        self.configuration = configuration
        self.inputs = inputs
        self.diagnostics = diagnostics
    }
}
