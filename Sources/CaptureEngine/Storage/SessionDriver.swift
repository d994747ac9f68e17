/// Steps a session and performs the I/O it asks for on a ``ScanStorage``, feeding each outcome back to
/// the session at the same time stamp. The one place where the pure session meets files.
public struct SessionDriver<Storage: ScanStorage> {
    /// The session being driven.
    public private(set) var session: CaptureSession
    /// Where its files go.
    public var storage: Storage
    /// Storage failures met so far, with the time they happened (the session turned each into its code).
    public private(set) var storageErrors: [(time: Double, error: ScanStorageError)] = []

    public init(session: CaptureSession, storage: Storage) {
        self.session = session
        self.storage = storage
    }

    /// Feeds one input; returns the events it caused, including those of the I/O it triggered.
    public mutating func feed(_ input: SessionInput) throws(SessionInputError) -> [Event] {
        var result = try session.step(input)
        var events = result.events
        if case .storage = input.kind {} else { storage.observe(input, recorded: result.recordsFrame) }
        if result.recordsFrame, case .frame(let frame) = input.kind {
            do throws(ScanStorageError) {
                try storage.appendFrame(frame, at: input.time)
            } catch {
                storageErrors.append((input.time, error))
                let failed = try session.step(SessionInput(time: input.time, .storage(error.outcome)))
                events += failed.events
                result.action = failed.action
            }
        }
        var action = result.action
        while let next = action {
            let outcome = perform(next, at: input.time)
            guard let outcome else { break }
            let r = try session.step(SessionInput(time: input.time, .storage(outcome)))
            events += r.events
            action = r.action
        }
        return events
    }

    private mutating func perform(_ action: HostAction, at time: Double) -> StorageOutcome? {
        do throws(ScanStorageError) {
            switch action {
            case .startRecordingFiles:
                try storage.beginRecording(at: time)
                return nil
            case .writeScanFiles:
                try storage.writeScanFiles(session.record, configuration: session.configuration,
                                           log: ScanLogProjection(session: session))
                return .filesWritten
            case .zip, .rezip:
                switch try storage.zip(rezip: action == .rezip) {
                case .valid(let path): return .zipped(path: path)
                case .invalid: return .zipInvalid
                }
            case .removeScanFiles:
                storage.removeScanFiles()
                return nil
            }
        } catch {
            storageErrors.append((time, error))
            return error.outcome
        }
    }
}
