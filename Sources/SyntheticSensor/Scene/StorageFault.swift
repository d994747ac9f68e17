import CaptureEngine

/// A file-operation failure a scene asks the storage to inject, as plain data: the sensor does not act
/// on it; whoever runs the scene wires it into its `ScanStorage`.
public struct StorageFault: Sendable, Equatable {
    /// The file that fails (`arkitData`, `config`, `depthFrames`, `scanLog`, `folder`, `zip`).
    public var file: ScanFile
    /// When it fails.
    public var when: When
    /// Only at or after this time on the session clock, seconds (nil: the first time it can).
    public var atSeconds: Double?

    /// The operation that fails.
    public enum When: String, Sendable, CaseIterable {
        /// Opening or creating the file (or folder).
        case open
        /// Writing to it.
        case write
        /// The zip is written but fails validation.
        case invalidZip
    }

    public init(file: ScanFile, when: When, atSeconds: Double? = nil) {
        self.file = file
        self.when = when
        self.atSeconds = atSeconds
    }
}
