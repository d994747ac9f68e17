/// A file operation that failed, naming the scan file (which selects the SDK's code) and why.
public struct ScanStorageError: Error, Equatable, CustomStringConvertible {
    /// The file that could not be written.
    public var file: ScanFile
    /// True when starting a stream failed (57 depth, 90 scan log, 58 folder), false for a write (54, 56, 59, 51).
    public var opening: Bool
    /// What went wrong, with the path.
    public var reason: String

    public init(file: ScanFile, opening: Bool, reason: String) {
        self.file = file
        self.opening = opening
        self.reason = reason
    }

    public var description: String { reason }

    /// The outcome to feed back to the session.
    public var outcome: StorageOutcome { opening ? .openFailed(file) : .writeFailed(file) }
}

/// The result of zipping the scan files.
public enum ZipResult: Equatable, Sendable {
    /// The zip is written and passed validation.
    case valid(path: String)
    /// The zip was written but failed validation.
    case invalid
}

/// Where a session's files go. The session decides *when* (``HostAction``); a storage performs the I/O.
/// Tests inject faults by implementing it; `NullScanStorage` writes nothing.
public protocol ScanStorage {
    /// Every frame, system and user input the session was given (storage outcomes excluded), in order,
    /// with whether the session recorded it; a bundle keeps them as its input log so a replay can
    /// reproduce the session exactly. Called before ``appendFrame(_:at:)`` for the same frame.
    mutating func observe(_ input: SessionInput, recorded: Bool)
    /// Recording started: create the scan folder and open the streams.
    mutating func beginRecording(at time: Double) throws(ScanStorageError)
    /// Append one recorded frame.
    mutating func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError)
    /// Write the scan files from what the session recorded, with `log` giving the scan log through the
    /// session's end (zip progress, 7, 5) for a storage that writes `scan.log` (others ignore it).
    mutating func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                                 log: ScanLogProjection) throws(ScanStorageError)
    /// Zip the written files and validate the zip (`rezip` is true on the second attempt).
    mutating func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult
    /// Remove every file this scan created, and nothing else.
    mutating func removeScanFiles()
}

extension ScanStorage {
    /// Writes the scan files with the scan log as recorded so far (no projection, ``ScanLogProjection/none``).
    public mutating func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration) throws(ScanStorageError) {
        try writeScanFiles(record, configuration: configuration, log: .none)
    }
}

/// Storage that writes nothing and always succeeds: for runs that only want events.
public struct NullScanStorage: ScanStorage {
    /// The path reported with code 7.
    public var zipPath: String

    public init(zipPath: String = "scan.zip") { self.zipPath = zipPath }

    public mutating func observe(_ input: SessionInput, recorded: Bool) {}
    public mutating func beginRecording(at time: Double) throws(ScanStorageError) {}
    public mutating func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) {}
    public mutating func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                                        log: ScanLogProjection) throws(ScanStorageError) {}
    public mutating func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult { .valid(path: zipPath) }
    public mutating func removeScanFiles() {}
}
