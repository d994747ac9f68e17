import CaptureEngine
import Testing

@Suite struct SystemAndSpeechTests {
    @Test func systemMonitorReportsFirstValuesThenChanges() throws {
        let events = try run(Scenarios.system(), storage: NullScanStorage()).events
        #expect(events.map { Stamp($0.time, $0.code) } == [
            Stamp(0, 70), Stamp(0, 75), Stamp(0, 76), Stamp(0.25, 0), Stamp(0.5, 1),
            Stamp(1.5, 71), Stamp(2.5, 72), Stamp(2.5, 74), Stamp(2.5, 76),
            Stamp(3.5, 73), Stamp(3.5, 75), Stamp(3.5, 77),
        ])
        #expect(events.filter { $0.meaning == .processorCount }.map(\.message)
                == ["Active processor count is 6 of 6", "Active processor count is 4 of 6"])
    }

    @Test func thermalCriticalShutsReconstructionDown() throws {
        let (_, driver) = try run(Scenarios.system(), storage: NullScanStorage())
        #expect(driver.session.record.reconstructionShutDownAt == 3.5)
        #expect(driver.session.record.thermalHistory.map(\.state) == [.nominal, .fair, .serious, .critical])
    }

    @Test func thermalCriticalWithoutMeshVisualisationShutsNothingDown() throws {
        let config = SessionConfiguration(options: ScanOptions(meshVisualisation: false))
        let (_, driver) = try run(Scenarios.system(), configuration: config, storage: NullScanStorage())
        #expect(driver.session.record.reconstructionShutDownAt == nil)
    }

    @Test func roomLabelsRunTheDocumentedSequence() throws {
        let (events, driver) = try run(Scenarios.speech(), storage: NullScanStorage())
        #expect(events.map(\.code).drop { $0 <= 1 } == [
            47, 48, 40, 41, 42, 40, 45, 40, 46, 40, 41, 43, 40, 44,
        ])
        #expect(events.first { $0.meaning == .speechChosen }?.message == "Recognition result 'Kitchen' was chosen.")
        let labels = driver.session.record.roomLabels
        #expect(labels.map(\.label) == ["Kitchen"])
        #expect(labels.map(\.time) == [3.5])
    }

    @Test func deniedMicrophonePermissionStopsSpeech() throws {
        let codes = try stamps(Scenarios.speechDenied()).map(\.code)
        #expect(codes == [0, 1, 47, 49])
    }

    @Test func speechIsIgnoredWithoutTheOption() throws {
        let config = SessionConfiguration(options: ScanOptions(speechRecognition: false))
        #expect(try stamps(Scenarios.speech(), configuration: config).map(\.code) == [0, 1])
    }

    @Test func feedbackItemsHaveStartEndAndPose() throws {
        let (_, driver) = try run(Scenarios.floor(seconds: 2), storage: NullScanStorage())
        let items = driver.session.record.feedback
        #expect(items.count == 1)
        #expect(items.first?.meaning == .scanningFloor)
        #expect(items.first?.start == 3.0)
        #expect(items.first?.end == 3.5)
        #expect(abs(CameraPose.pitch(items.first!.pose) - Angle.radians(fromDegrees: -60)) < 1e-9)
    }
}
