
/// One injected file failure: the next `operation` on `file` at or after `atSeconds` fails.
public struct StorageFault: Equatable, Sendable {
    /// What fails.
    public enum Operation: String, Sendable, CaseIterable {
        /// Opening: creating the scan folder (58) or starting the depth (57) or scan-log (90) stream.
        case open
        /// Writing: a depth frame (59), `arkitData.json` (54), `config.json` (56), `feedback.json`,
        /// the mesh, `scan.log`, or the zip (51).
        case write
        /// The zip is written but damaged (cut to half its length), so its validation fails (53).
        case invalidZip
    }

    /// The file whose operation fails.
    public var file: ScanFile
    /// The operation that fails.
    public var operation: Operation
    /// Seconds on the session clock from which the fault is armed (nil: from the start).
    public var atSeconds: Double?

    public init(file: ScanFile, operation: Operation, atSeconds: Double? = nil) {
        self.file = file
        self.operation = operation
        self.atSeconds = atSeconds
    }
}
