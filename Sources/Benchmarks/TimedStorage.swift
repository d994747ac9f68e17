import CaptureEngine
import CaptureBundle
import Foundation

/// A ``ScanStorage`` that passes every call to another and adds up the wall time of each kind of call,
/// for `bench bundle`'s split by stage. It changes nothing the storage writes.
struct TimedStorage<Base: ScanStorage>: ScanStorage {
    /// The storage doing the work.
    var base: Base
    /// Seconds in ``observe(_:recorded:)`` (the input log's JSON, encoded and written as it comes).
    var observeSeconds = 0.0
    /// Seconds in ``appendFrame(_:at:)`` (each recorded frame's depth, encoded and written).
    var appendSeconds = 0.0
    /// Seconds in ``beginRecording(at:)`` and ``writeScanFiles(_:configuration:log:)``.
    var filesSeconds = 0.0
    /// Seconds in ``zip(rezip:)`` (zip and validation).
    var zipSeconds = 0.0
    private let clock = ContinuousClock()

    init(_ base: Base) { self.base = base }

    mutating func observe(_ input: SessionInput, recorded: Bool) {
        let start = clock.now
        base.observe(input, recorded: recorded)
        observeSeconds += (clock.now - start).inSeconds
    }

    mutating func beginRecording(at time: Double) throws(ScanStorageError) {
        let start = clock.now
        defer { filesSeconds += (clock.now - start).inSeconds }
        try base.beginRecording(at: time)
    }

    mutating func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) {
        let start = clock.now
        defer { appendSeconds += (clock.now - start).inSeconds }
        try base.appendFrame(frame, at: time)
    }

    mutating func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                                 log: ScanLogProjection) throws(ScanStorageError) {
        let start = clock.now
        defer { filesSeconds += (clock.now - start).inSeconds }
        try base.writeScanFiles(record, configuration: configuration, log: log)
    }

    mutating func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult {
        let start = clock.now
        defer { zipSeconds += (clock.now - start).inSeconds }
        return try base.zip(rezip: rezip)
    }

    mutating func removeScanFiles() { base.removeScanFiles() }
}

/// A timed storage settles as the storage it times.
extension TimedStorage: BundlePublishing where Base: BundlePublishing {
    var publicationProblem: String? { base.publicationProblem }
    func confirmPublication() { base.confirmPublication() }
    func withdrawPublication() { base.withdrawPublication() }
}
