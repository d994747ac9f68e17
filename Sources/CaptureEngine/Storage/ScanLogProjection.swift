/// The session's scan log as it will read at the end of the session, for the `scan.log` a bundle writes
/// before it zips.
///
/// Zipping takes modelled time (the scan's bytes over ``Thresholds/Storage/zipBytesPerSecond``): the
/// session logs the zip's progress every 10 %, then 7 and 5, at times after the files are written. The
/// files are written (and zipped) before those lines exist, so a writer asks the projection for them: it
/// steps a copy of the session through the outcome of writing the files and a valid zip at the path the
/// writer will zip to, and returns that copy's whole log. When the zip then proves valid, the session
/// logs exactly these lines; when it does not (53, one re-zip), the re-zipped bundle keeps the log
/// written for the first attempt.
public struct ScanLogProjection: Sendable {
    /// A copy of the session as the host is asked to write the files; nil: no projection (the log so far).
    let session: CaptureSession?

    /// The projection of a session that has just asked for ``HostAction/writeScanFiles``.
    public init(session: CaptureSession) { self.session = session }

    private init() { session = nil }

    /// No projection: ``lines(afterWriting:zipPath:current:)`` returns the log so far.
    public static let none = ScanLogProjection()

    /// The whole log through the session's end, had the files been written with `outcome`
    /// (``StorageOutcome/filesWritten``, or the failure of a file the scan is saved without) and the zip
    /// then found valid at `zipPath`; `current` (the log so far) without a session.
    public func lines(afterWriting outcome: StorageOutcome, zipPath: String, current: [ScanLogLine]) -> [ScanLogLine] {
        guard var copy = session else { return current }
        let time = copy.lastInputTime ?? 0
        guard let written = try? copy.step(SessionInput(time: time, .storage(outcome))) else { return current }
        if written.action == .zip {
            _ = try? copy.step(SessionInput(time: time, .storage(.zipped(path: zipPath))))
        }
        return copy.record.scanLog
    }
}
