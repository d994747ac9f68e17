import CaptureEngine
import Testing

/// A phone critically hot before recording: 3.1.3's 107 "The device is too hot for scanning" (an error;
/// the Android SDK 2.10.1 README: "Scan is now aborted if the thermal state is critical or higher on
/// startup"); iOS 2.10 has no such code and scans on.
@Suite struct TooHotToStartTests {
    private func hotStart() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.system(SystemSample(thermal: .critical))
        s.startRecording()
        s.hold(11)
        s.stop()
        return s
    }

    @Test func under31ThermalCriticalAtStartGives73Then107AndNoScan() throws {
        let (events, driver) = try run(hotStart(), configuration: SessionConfiguration(sdk: .v3_1), storage: NullScanStorage())
        #expect(events.map(\.code) == [73, 107])
        #expect(events[1].severity == .error && events[1].delegateCall == "didAbortScan")
        #expect(driver.session.phase == .aborted && driver.session.record.recordingStart == nil)
    }

    @Test func under210ThermalCriticalAtStartIsReportedAndTheScanGoesOn() throws {
        let codes = try stamps(hotStart()).map(\.code)
        #expect(codes == [73, 0, 1, 2, 7, 5])
    }

    @Test func under31ThermalCriticalWhileRecordingDoesNotAbort() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        s.system(SystemSample(thermal: .critical))
        s.steady(10)
        s.stop()
        #expect(try stamps(s, configuration: SessionConfiguration(sdk: .v3_1)).map(\.code) == [1, 73, 2, 7])
    }
}
