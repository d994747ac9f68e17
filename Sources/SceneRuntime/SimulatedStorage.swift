import CaptureEngine

/// Storage that writes nothing but fails where a ``FaultPlan`` says, exactly as the bundle writers
/// would: what `check` and `run` without `--out` use, so fault scenes emit their codes without files.
public struct SimulatedStorage: ScanStorage {
    /// The path reported with code 7.
    public var zipPath: String
    /// The faults still to fire.
    public private(set) var faults: FaultPlan
    /// Session time of the latest operation (the zip has no time of its own).
    private var now = 0.0

    public init(zipPath: String, faults: FaultPlan = .none) {
        self.zipPath = zipPath
        self.faults = faults
    }

    public mutating func observe(_ input: SessionInput, recorded: Bool) { now = input.time }

    public mutating func beginRecording(at time: Double) throws(ScanStorageError) {
        now = time
        for file in [ScanFile.folder, .depthFrames, .scanLog] where faults.fires(file, .open, at: time) {
            throw ScanStorageError(file: file, opening: true, reason: "injected: cannot open \(file.rawValue)")
        }
    }

    public mutating func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) {
        now = time
        if faults.fires(.depthFrames, .write, at: time) {
            throw ScanStorageError(file: .depthFrames, opening: false, reason: "injected: cannot append a depth frame")
        }
    }

    public mutating func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                                        log: ScanLogProjection) throws(ScanStorageError) {
        var first: ScanStorageError?
        for file in [ScanFile.arkitData, .config, .scanLog, .feedback, .mesh] where faults.fires(file, .write, at: now) {
            if first == nil { first = ScanStorageError(file: file, opening: false, reason: "injected: cannot write \(file.rawValue)") }
        }
        if let first { throw first }
    }

    public mutating func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult {
        if faults.fires(.zip, .write, at: now) {
            throw ScanStorageError(file: .zip, opening: false, reason: "injected: cannot write the zip")
        }
        return faults.fires(.zip, .invalidZip, at: now) ? .invalid : .valid(path: zipPath)
    }

    public mutating func removeScanFiles() {}
}
