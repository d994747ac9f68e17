/// The report's summary: labelled values, the files of the input with their sizes, and the validity
/// `inspect` gives (for bundles).
public struct ReportSummary: Sendable {
    /// Label and value rows, in order (scene, device, duration, frames, ...).
    public var rows: [(label: String, value: String)] = []
    /// Files of the input and their sizes, bytes.
    public var files: [(name: String, bytes: Int64)] = []
    /// `inspect`'s verdict for a bundle: nil for inputs that are not bundles.
    public var validity: (valid: Bool, problems: [String])?
    /// `inspect`'s summary lines for a bundle.
    public var inspection: [String] = []

    public init() {}
}
