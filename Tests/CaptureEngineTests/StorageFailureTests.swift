import CaptureEngine
import Testing

@Suite struct StorageFailureTests {
    private func codes(_ storage: FaultyStorage, _ script: ScriptedInputs = Scenarios.happyPath()) throws -> ([Int], FaultyStorage) {
        let (events, driver) = try run(script, storage: storage)
        return (events.map(\.code).drop { $0 <= 1 }.map { $0 }, driver.storage)
    }

    @Test func depthStreamThatCannotStartEmits57AndAborts() throws {
        let (c, storage) = try codes(FaultyStorage(failOpen: .depthFrames))
        #expect(c == [57, 15, 5])
        #expect(storage.removed)
    }

    @Test func missingFolderEmits58AndAborts() throws {
        #expect(try codes(FaultyStorage(failOpen: .folder)).0 == [58, 15, 5])
    }

    @Test func scanLogThatCannotStartEmits90AndScanGoesOn() throws {
        let (c, storage) = try codes(FaultyStorage(failOpen: .scanLog))
        #expect(c == [90, 2, 7, 5])
        #expect(!storage.removed)
    }

    @Test func depthFrameWriteFailureEmits59AndAborts() throws {
        #expect(try codes(FaultyStorage(failWrite: .depthFrames)).0 == [59, 15, 5])
    }

    @Test func arkitDataWriteFailureEmits54AndAborts() throws {
        let (c, storage) = try codes(FaultyStorage(failWrite: .arkitData))
        #expect(c == [2, 54, 15, 5])
        #expect(storage.removed)
    }

    @Test func configWriteFailureEmits56AndStillZips() throws {
        #expect(try codes(FaultyStorage(failWrite: .config)).0 == [2, 56, 7, 5])
    }

    @Test func invalidZipIsRezippedOnceWith53() throws {
        #expect(try codes(FaultyStorage(invalidZips: 1)).0 == [2, 53, 7, 5])
    }

    @Test func zipInvalidTwiceEmits51AndAborts() throws {
        let (c, storage) = try codes(FaultyStorage(invalidZips: 2))
        #expect(c == [2, 53, 51, 15, 5])
        #expect(storage.removed)
    }

    @Test func zipWriteFailureEmits51() throws {
        #expect(try codes(FaultyStorage(failWrite: .zip)).0 == [2, 51, 15, 5])
    }

    @Test func aScanLogNotWrittenIs90LikeOneNotStarted() throws {
        #expect(try codes(FaultyStorage(failWrite: .scanLog)).0 == [2, 90, 7, 5])
    }

    @Test func aReZipThatCannotBeWrittenIs51() throws {
        #expect(try codes(FaultyStorage(invalidZips: 1, failRezipWrite: true)).0 == [2, 53, 51, 15, 5])
    }

    @Test func feedbackAndMeshFailuresHaveNoCodeButALogLine() throws {
        for file in [ScanFile.feedback, .mesh] {
            let (events, driver) = try run(Scenarios.happyPath(), storage: FaultyStorage(failWrite: file))
            #expect(events.map(\.code).drop { $0 <= 1 } == [2, 7, 5])
            #expect(driver.session.record.scanLog.contains { $0.text == "Failed to write \(file.rawValue); the bundle is saved without it" })
        }
    }

    // MARK: 3.1 (README 3.1.3, "Capture Events")

    private func codes31(_ storage: FaultyStorage) throws -> [Int] {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 11)
        s.stop()
        let (events, _) = try run(s, configuration: SessionConfiguration(sdk: .v3_1), storage: storage)
        return events.map(\.code).drop { $0 != 1 }.dropFirst().map { $0 }
    }

    @Test func underThe31ProfileTheScanLogNotStartedIs155AndNotWritten90() throws {
        #expect(try codes31(FaultyStorage(failOpen: .scanLog)) == [155, 2, 7])
        #expect(try codes31(FaultyStorage(failWrite: .scanLog)) == [2, 90, 7])
    }

    @Test func underThe31ProfileAReZipInvalidAgainIs161AndOneNotWritten160() throws {
        #expect(try codes31(FaultyStorage(invalidZips: 2)) == [2, 53, 161])
        #expect(try codes31(FaultyStorage(invalidZips: 1, failRezipWrite: true)) == [2, 53, 160])
        #expect(try codes31(FaultyStorage(failWrite: .zip)) == [2, 51])
    }

    @Test func underThe31ProfileFeedbackIs55AndTheMesh115AndTheScanIsZipped() throws {
        #expect(try codes31(FaultyStorage(failWrite: .feedback)) == [2, 55, 7])
        #expect(try codes31(FaultyStorage(failWrite: .mesh)) == [2, 115, 7])
    }
}
