import CaptureEngine

/// A file-operation failure a scene asks the storage to inject (scene key `faults`), as plain data: the
/// sensor does not act on it; whoever runs the scene wires it into its `ScanStorage` (the fields and raw
/// values match `CaptureBundle.StorageFault` one to one).
public struct SceneFault: Sendable, Equatable {
    /// The file that fails (`arkitData`, `config`, `depthFrames`, `scanLog`, `folder`, `zip`).
    public var file: ScanFile
    /// The operation that fails (scene key `when`).
    public var operation: Operation
    /// Only at or after this time on the session clock, seconds (nil: the first time it can).
    public var atSeconds: Double?

    /// The operation that fails.
    public enum Operation: String, Sendable, CaseIterable {
        /// Opening or creating the file (or folder).
        case open
        /// Writing to it.
        case write
        /// The zip is written but fails validation.
        case invalidZip
    }

    public init(file: ScanFile, operation: Operation, atSeconds: Double? = nil) {
        self.file = file
        self.operation = operation
        self.atSeconds = atSeconds
    }
}
