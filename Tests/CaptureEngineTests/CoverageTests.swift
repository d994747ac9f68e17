import CaptureEngine
import Testing

@Suite struct CoverageTests {
    /// Every 2.10 code but 81 ("No configuration found!", a failure of ARKit's session configuration that
    /// no input of the simulator stands for; docs/engine.md, "Rule provenance (2.10)").
    @Test func everyOneOfThe59CodesBut81CanBeProducedFromInputs() throws {
        var produced = Set<Int>()
        func add(_ s: ScriptedInputs, _ c: SessionConfiguration = SessionConfiguration()) throws {
            produced.formUnion(try stamps(s, configuration: c).map(\.code))
        }
        func addFaulty(_ storage: FaultyStorage) throws {
            produced.formUnion(try run(Scenarios.happyPath(), storage: storage).events.map(\.code))
        }
        try add(Scenarios.happyPath())
        try add(Scenarios.notEnoughData())
        try add(Scenarios.drift(jumpMeters: 11))
        try add(Scenarios.floor(seconds: 2))
        try add(Scenarios.ceiling(), Scenarios.nonLiDAR)
        try add(Scenarios.horizontal())
        try add(Scenarios.sideways(speed: -0.5))
        try add(Scenarios.sideways(speed: 0.5))
        try add(Scenarios.fastRotation(degreesPerSecond: 120))
        try add(Scenarios.proximity())
        try add(Scenarios.trackingLimited())
        try add(Scenarios.relocation(lostSeconds: 61))
        try add(Scenarios.relocationWithoutSnapshot())
        try add(Scenarios.backgroundBeforeAnyFrame())
        try add(Scenarios.background(), SessionConfiguration(options: ScanOptions(backgroundResume: false)))
        try add(Scenarios.frozenPose())
        try add(Scenarios.system())
        try add(Scenarios.speech())
        try add(Scenarios.speechDenied())
        try add(Scenarios.reverseLandscape())
        try add(Scenarios.storage())
        try addFaulty(FaultyStorage(failOpen: .depthFrames))
        try addFaulty(FaultyStorage(failOpen: .folder))
        try addFaulty(FaultyStorage(failOpen: .scanLog))
        try addFaulty(FaultyStorage(failWrite: .depthFrames))
        try addFaulty(FaultyStorage(failWrite: .arkitData))
        try addFaulty(FaultyStorage(failWrite: .config))
        try addFaulty(FaultyStorage(invalidZips: 2))
        let all = Set(SDKProfile.standard.codeTable.map(\.code))
        #expect(all.count == 59)
        #expect(all.subtracting(produced).sorted() == [81])
    }
}
