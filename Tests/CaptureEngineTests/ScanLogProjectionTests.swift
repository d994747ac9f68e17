import CaptureEngine
import Testing

/// Storage that keeps the scan log projected when the files are written.
private struct ProjectingStorage: ScanStorage {
    var failWrite: ScanFile?
    var projected: [ScanLogLine] = []

    mutating func observe(_ input: SessionInput, recorded: Bool) {}
    mutating func beginRecording(at time: Double) throws(ScanStorageError) {}
    mutating func appendFrame(_ frame: CameraFrame, at time: Double) throws(ScanStorageError) {}
    mutating func writeScanFiles(_ record: SessionRecord, configuration: SessionConfiguration,
                                 log: ScanLogProjection) throws(ScanStorageError) {
        let failure = failWrite.map { ScanStorageError(file: $0, opening: false, reason: "injected") }
        projected = log.lines(afterWriting: failure?.outcome ?? .filesWritten, zipPath: "scan.zip", current: record.scanLog)
        if let failure { throw failure }
    }
    mutating func zip(rezip: Bool) throws(ScanStorageError) -> ZipResult { .valid(path: "scan.zip") }
    mutating func removeScanFiles() {}
}

/// The scan log a bundle writes before zipping holds the session's whole log.
@Suite struct ScanLogProjectionTests {
    private func recorded(_ seconds: Double) -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(seconds, depth: uniformDepth(1.5))
        s.stop()
        return s
    }

    @Test func theProjectedLogIsTheSessionsWholeLogWithZipProgressAnd7And5() throws {
        let (events, driver) = try run(recorded(12), storage: ProjectingStorage())
        let log = driver.session.record.scanLog
        #expect(driver.storage.projected == log)
        #expect(events.suffix(2).map(\.code) == [7, 5])
        let tail = log.suffix(13).map(\.text)
        #expect(tail.first?.hasPrefix("Zipping ") == true)
        #expect(Array(tail.dropFirst().prefix(10)) == (1...10).map { "Zipping: \($0 * 10) %" })
        #expect(tail.suffix(2) == ["7 Zipping finished: scan.zip", "5 Finished recording - CubiCapture is finished"])
        #expect(log.last?.time == events.last?.time)
        #expect(try #require(log.last?.time) > driver.session.record.recordingEnd ?? .infinity)
    }

    @Test func aFileTheScanIsSavedWithoutIsInTheProjectedLog() throws {
        let (events, driver) = try run(recorded(12), storage: ProjectingStorage(failWrite: .config))
        #expect(events.contains { $0.code == 56 })
        #expect(driver.storage.projected == driver.session.record.scanLog)
    }

    @Test func withoutASessionTheProjectionIsTheLogSoFar() {
        let lines = [ScanLogLine(time: 1, text: "a")]
        #expect(ScanLogProjection.none.lines(afterWriting: .filesWritten, zipPath: "x.zip", current: lines) == lines)
    }
}
