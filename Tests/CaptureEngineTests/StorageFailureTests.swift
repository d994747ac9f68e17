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
}
