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

    @Test func aZipWhoseWritingFailsEndsWhenItsAttemptWouldHaveEnded() throws {
        // Issue 48: a write fault gave 51 at the instant of 2 while a good zip takes its modelled time.
        let good = try run(Scenarios.happyPath(), storage: FaultyStorage()).events
        let failed = try run(Scenarios.happyPath(), storage: FaultyStorage(failWrite: .zip)).events
        let finished = try #require(good.first { $0.code == 2 }?.time)
        let zipped = try #require(good.first { $0.code == 7 }?.time)
        #expect(zipped > finished)
        #expect(failed.first { $0.code == 51 }?.time == zipped)
        // A zip that cannot even be opened fails at once.
        let unopened = try run(Scenarios.happyPath(), storage: FaultyStorage(failOpen: .zip)).events
        #expect(unopened.first { $0.code == 51 }?.time == finished)
    }

    @Test func aZipWithoutFreeStorageForItsEntriesFailsWith51WhenTheStorageRunsOut() throws {
        // Issue 48: 1.5 GB free, 1.08 GB recorded and the zip succeeded. The zip needs room for the
        // recorded bytes beside the files: with half of them free it fails halfway through.
        let recorded = try run(Scenarios.happyPath(), storage: FaultyStorage()).driver.session.record.recordedBytes
        var s = ScriptedInputs()
        s.system(SystemSample(storageFreeBytes: recorded / 2))
        s.startRecording()
        s.hold(12)
        s.stop()
        let (events, driver) = try run(s, storage: FaultyStorage())
        #expect(events.map(\.code).drop { $0 != 2 } == [2, 51, 15, 5])
        let finished = try #require(events.first { $0.code == 2 }?.time)
        let failed = try #require(events.first { $0.code == 51 })
        let half = Double(recorded / 2) / SessionConfiguration().thresholds.storage.zipBytesPerSecond
        #expect(abs(failed.time - finished - half) < 1e-9)
        #expect(failed.trace?.quantity == "free storage for the zip")
        #expect(driver.storage.removed)
        // With room for every byte it zips.
        var roomy = ScriptedInputs()
        roomy.system(SystemSample(storageFreeBytes: recorded))
        roomy.startRecording()
        roomy.hold(12)
        roomy.stop()
        #expect(try run(roomy, storage: FaultyStorage()).events.map(\.code).drop { $0 != 2 } == [2, 7, 5])
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
