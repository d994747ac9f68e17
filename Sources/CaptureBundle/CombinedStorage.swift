import CaptureEngine

/// Writes one scan to two storages at once (e.g. the CubiCapture layout and the raw RGBD package).
///
/// Every call goes to both, the first storage's failure wins; a zip is reported when both are
/// complete, with the first storage's path. Removing removes both.
public final class CombinedStorage<First: ScanStorage, Second: ScanStorage>: ScanStorage {
    /// The storage whose zip path is reported and whose failures win.
    public var first: First
    /// The other storage.
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public func observe(_ input: SessionInput, recorded: Bool) {
        first.observe(input, recorded: recorded)
        second.observe(input, recorded: recorded)
    }

    /// Both begin even when one fails (a scan-log failure is not fatal); the first error is thrown.
    public func beginRecording(at time: Double) throws(ScanStorageError) {
        var failure: ScanStorageError?
        do { try first.beginRecording(at: time) } catch { failure = error }
        do { try second.beginRecording(at: time) } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    public func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) {
        try first.appendFrame(frame, at: time)
        try second.appendFrame(frame, at: time)
    }

    /// Both write their files, each with the scan log's projection, even when one fails (a failure may
    /// not be fatal to the scan); the first error is thrown.
    public func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                               log: ScanLogProjection) throws(ScanStorageError) {
        var failure: ScanStorageError?
        do { try first.writeScanFiles(record, configuration: configuration, log: log) } catch { failure = error }
        do { try second.writeScanFiles(record, configuration: configuration, log: log) } catch { failure = failure ?? error }
        if let failure { throw failure }
    }

    public func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult {
        let result = try first.zip(rezip: rezip)
        guard case .valid = result else { return result }
        _ = try second.zip(rezip: rezip)
        return result
    }

    public func removeScanFiles() {
        first.removeScanFiles()
        second.removeScanFiles()
    }
}
