import CaptureEngine
import Testing

/// Input streams held in portrait, as CubiCapture 3.x records.
extension ScriptedInputs {
    /// The portrait pose at eye height looking along -Z, slightly down.
    static func portrait(x: Double = 0, z: Double = 0, heading: Double = 0, pitch: Double = -20) -> RigidTransform {
        pose(x: x, z: z, heading: heading, pitch: pitch, roll: -90)
    }

    /// `pose` with a tremor of the heading (micro-degrees) and the position (nanometres) when `odd`.
    static func trembling(_ pose: RigidTransform, _ odd: Bool) -> RigidTransform {
        RigidTransform(rotation: Quaternion(angle: odd ? 1e-8 : 0, axis: SIMD3(0, 1, 0)) * pose.rotation,
                       translation: pose.translation + SIMD3(odd ? 1e-9 : 0, 0, 0))
    }

    /// Frames near one pose with a tremor of both the heading (micro-degrees) and the position
    /// (nanometres) on every other frame, so neither part of the transform is ever frozen.
    mutating func steady(_ seconds: Double, _ pose: RigidTransform = portrait(), tracking: TrackingState = .normal) {
        var odd = false
        frames(seconds, tracking: tracking) { _ in
            odd.toggle()
            return Self.trembling(pose, odd)
        }
    }

    /// Frames turning the phone (with the tremor) over `seconds`, the pose given as a function of the
    /// fraction of the way (0 to 1): a person's turn, not one frame's jump (which would be angular drift).
    mutating func turning(_ seconds: Double, _ pose: @escaping (Double) -> RigidTransform) {
        var odd = false
        frames(seconds) { dt in
            odd.toggle()
            return Self.trembling(pose(dt / seconds), odd)
        }
    }

    /// Portrait for half a second, then record pressed: recording from 0.5 s.
    mutating func startRecordingInPortrait() {
        steady(0.5)
        user(.recordPressed)
    }

    /// Inputs that start recording in portrait and then hold still for `seconds`.
    static func recordingInPortrait(steadyFor seconds: Double) -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecordingInPortrait()
        s.steady(seconds)
        return s
    }
}

/// CubiCapture 3.1.3's profile: its code table and the behaviours where it differs from 2.10.
@Suite struct SDK31Tests {
    private let v3_1 = SessionConfiguration(sdk: .v3_1)
    private let frame = ScriptedInputs.frameInterval

    private func stamps31(_ s: ScriptedInputs, _ configuration: SessionConfiguration? = nil) throws -> [Stamp] {
        try stamps(s, configuration: configuration ?? v3_1)
    }

    // MARK: Table

    @Test func theTableHasThe75CodesOfThe313ReadmeAndNoneOf210sRemovedOnes() {
        let codes = SDKProfile.v3_1.codeTable.map(\.code)
        #expect(codes.count == 75)
        #expect(Set(codes).count == 75)
        #expect(codes == [1, 2, 3, 4, 7, 8, 9, 10, 17, 21, 22, 23, 24, 27, 28, 29, 30, 51, 53, 54, 55, 56, 58, 62, 63,
                          70, 71, 72, 73, 76, 77, 78, 79, 80, 81, 82, 84, 85, 87, 88, 90, 106, 107, 110, 112, 113, 115,
                          120, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 140, 141, 142, 143, 144,
                          150, 151, 152, 155, 156, 160, 161, 170, 200])
        for removed in [0, 5, 13, 15, 18, 26, 31, 32, 40, 49, 57, 59, 66, 74, 75, 83, 86] {
            #expect(SDKProfile.v3_1.meaning(forCode: removed) == nil, "\(removed)")
        }
        #expect(SDKProfile.v3_1.eventTypeName(for: .wrongOrientationTooLong) == "tooLongInWrongOrientation")
        #expect(SDKProfile.v3_1.documentation(for: .positionDrift)
                == "The device position is changing too fast, forcing a relocation")
    }

    @Test func errorsAreTheCodesThatAbortA31Scan() {
        let sdk = SDKProfile.v3_1
        let errors = sdk.codeTable.filter { sdk.severity(of: $0.meaning) == .error }.map(\.code)
        #expect(errors == [3, 4, 51, 54, 58, 62, 80, 81, 82, 106, 107, 110, 120, 126, 127, 128, 136, 137, 138,
                           140, 141, 142, 143, 144, 150, 151, 152, 160, 161, 170, 200])
        #expect(sdk.codeTable.allSatisfy { !sdk.playsErrorSound(after: $0.meaning) })
    }

    // MARK: Orientation

    @Test func recordingStartsInPortraitAndLandscapeShowsTheWrongOrientationWarning() throws {
        var s = ScriptedInputs()
        s.steady(0.5, ScriptedInputs.pose())
        s.steady(0.5)
        s.user(.recordPressed)
        s.steady(0.5)
        #expect(try stamps31(s) == [Stamp(0, 17), Stamp(0.5, 24), Stamp(1.0, 1)])
    }

    /// README 3.1.3, "Device Orientation": "any attempts to scan in landscape will result in a warning
    /// shown on-screen and the scan being terminated after a short time". The press starts the scan; the
    /// 5 s count from the press, not from when the phone turned (8 s before).
    @Test func aRecordPressInLandscapeStartsTheScanWhichIsTerminatedFiveSecondsLater() throws {
        var s = ScriptedInputs()
        s.steady(8, ScriptedInputs.pose())
        s.user(.recordPressed)
        s.steady(6, ScriptedInputs.pose())
        let (events, driver) = try run(s, configuration: v3_1, storage: NullScanStorage())
        #expect(events.map { Stamp($0.time, $0.code) }.filter { $0.code != 70 && $0.code != 76 && $0.code != 78 }
                == [Stamp(0, 17), Stamp(8, 1), Stamp(13, 4)])
        #expect(driver.session.phase == .aborted)
    }

    @Test func aRecordPressInLandscapeTurnedToPortraitInTimeGoesOn() throws {
        var s = ScriptedInputs()
        s.steady(1, ScriptedInputs.pose())
        s.user(.recordPressed)
        s.steady(2, ScriptedInputs.pose())
        s.turning(0.5) { f in ScriptedInputs.pose(roll: -90 * f) }
        s.steady(9)
        s.stop()
        #expect(try stamps31(s).map(\.code) == [17, 1, 24, 2, 7])
    }

    @Test func heldInLandscapeWhileRecordingFor5SecondsAbortsWith4() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        s.turning(0.5) { f in ScriptedInputs.pose(roll: -90 + 90 * f) }
        s.steady(6, ScriptedInputs.pose())
        let (events, driver) = try run(s, configuration: v3_1, storage: NullScanStorage())
        #expect(events.map(\.code) == [1, 17, 4])
        #expect(events[2].time - events[1].time == 5)
        #expect(driver.session.phase == .aborted)
    }

    @Test func backInPortraitBeforeTheLimitClearsWith24AndTheScanGoesOn() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        s.turning(0.5) { f in ScriptedInputs.pose(roll: -90 + 90 * f) }
        s.steady(4, ScriptedInputs.pose())
        s.turning(0.5) { f in ScriptedInputs.pose(roll: -90 * f) }
        s.steady(6)
        s.stop()
        #expect(try stamps31(s).map(\.code) == [1, 17, 24, 2, 7])
    }

    // MARK: Drift

    /// A jump in position (130) or in heading (129) forces a relocation (131) that recovers at the next
    /// frame (133, then 28: "The scanning state is back to normal (after relocation)").
    @Test(arguments: [(DriftKind.position, 130), (.angular, 129)])
    func driftForcesARelocationThatRecoversWith133(kind: DriftKind, code: Int) throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 4)
        s.steady(frame, kind == .position ? ScriptedInputs.portrait(x: 11) : ScriptedInputs.portrait(heading: 90))
        s.steady(1)
        #expect(try stamps31(s) == [Stamp(0.5, 1), Stamp(4.5, code), Stamp(4.5, 131), Stamp(4.5 + frame, 133),
                                    Stamp(4.5 + frame, 28)])
        let events = try run(s, configuration: v3_1, storage: NullScanStorage()).events
        #expect(events.first { $0.code == code }?.severity == .warning)
    }

    /// drift.action abort: the drift code is an error that aborts the scan (didAbortScan), no relocation.
    @Test(arguments: [(DriftKind.position, 130), (.angular, 129)])
    func withDriftActionAbortDriftAbortsTheScan(kind: DriftKind, code: Int) throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 4)
        s.steady(frame, kind == .position ? ScriptedInputs.portrait(x: 11) : ScriptedInputs.portrait(heading: 90))
        s.steady(1)
        var configuration = v3_1
        configuration.thresholds.drift.action = .abort
        let (events, driver) = try run(s, configuration: configuration, storage: NullScanStorage())
        let drift = try #require(events.last)
        #expect(drift.code == code && drift.severity == .error && drift.delegateCall == "didAbortScan")
        #expect(driver.session.phase == .aborted && driver.session.record.relocations.isEmpty)
    }

    enum DriftKind: Sendable { case position, angular }

    @Test func aRealFastTurnIsNotAngularDrift() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 2)
        // 720 deg/s for half a second: fast turning (87), not drift.
        s.frames(0.5) { dt in ScriptedInputs.portrait(heading: 720 * dt) }
        s.steady(2, ScriptedInputs.portrait(heading: 360))
        #expect(try stamps31(s).map(\.code) == [1, 87])
    }

    @Test func aDriftThatStaysTimesOutWith80() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 4)
        s.steady(61, ScriptedInputs.portrait(x: 11))
        #expect(try stamps31(s) == [Stamp(0.5, 1), Stamp(4.5, 130), Stamp(4.5, 131), Stamp(64.5, 80)])
    }

    @Test func driftRelocationSetsTheTrackingFlag() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 4)
        s.steady(frame, ScriptedInputs.portrait(x: 11))
        s.steady(1)
        let (_, driver) = try run(s, configuration: v3_1, storage: NullScanStorage())
        #expect(driver.session.record.relocations == [RelocationRecord(cause: .drift, start: 4.5, end: 4.5 + frame, recovered: true)])
        #expect(driver.session.record.trackingFlag)
    }

    // MARK: Relocation and interruption

    @Test func trackingLostStartsAnAutomaticRelocation132() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 4)
        s.steady(2, tracking: .notAvailable)
        s.steady(1)
        #expect(try stamps31(s) == [Stamp(0.5, 1), Stamp(4.5, 132), Stamp(6.5, 133), Stamp(6.5, 28)])
    }

    @Test func recordingPausesWhileRelocatingUnder31AndRecordsThroughUnder210() throws {
        // Issue 48: 3.1 recorded all frames through a relocation; 136-138 and 141/142 say it pauses.
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 4)
        s.steady(2, tracking: .notAvailable)
        s.steady(1)
        let (events, driver) = try run(s, configuration: v3_1, storage: FaultyStorage())
        #expect(events.map { Stamp($0.time, $0.code) } == [Stamp(0.5, 1), Stamp(4.5, 132), Stamp(6.5, 133), Stamp(6.5, 28)])
        let record = driver.session.record
        // 4 s before and 1 s after at 64 Hz, the relocation's 2 s not: frames, bytes and time.
        #expect(driver.storage.appended == record.recordedFrameCount)
        #expect(abs(Double(record.recordedFrameCount) - 5 / frame) <= 2)
        #expect(abs(record.recordedSeconds - 5) <= 2 * frame + 1e-9)
        #expect(record.scanLog.map(\.text).filter { $0.hasPrefix("Recording ") } == ["Recording paused while relocating", "Recording resumed"])
        // 2.10 records through its relocation.
        let (_, through) = try run(s, configuration: SessionConfiguration(landscapeGating: false), storage: FaultyStorage())
        #expect(abs(Double(through.session.record.recordedFrameCount) - 7 / frame) <= 2)
    }

    @Test func runningOutOfStorageWithoutLiDARIsTheVideoFrameWrite143() throws {
        // Issue 48: a 3.1 phone without LiDAR got 151, "The depth data frame could not be written".
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 2)
        s.system(SystemSample(storageFreeBytes: 1_000))
        s.steady(0.5)
        var noLiDAR = v3_1
        noLiDAR.device = DeviceCapabilities(hasLiDAR: false)
        #expect(try stamps31(s, noLiDAR).map(\.code) == [1, 143])
        #expect(try stamps31(s).map(\.code) == [1, 151])
    }

    @Test func backgroundInterruptsWith134AndResumesWith135ThenRelocatesEvenWithoutBackgroundResume() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 4)
        s.user(.background)
        s.skip(3)
        s.user(.foreground)
        s.steady(1)
        let expected = [Stamp(0.5, 1), Stamp(4.5, 134), Stamp(7.5, 135), Stamp(7.5, 131), Stamp(7.5, 133), Stamp(7.5, 28)]
        #expect(try stamps31(s) == expected)
        let noResume = SessionConfiguration(options: ScanOptions(backgroundResume: false), sdk: .v3_1)
        #expect(try stamps31(s, noResume) == expected)
    }

    // MARK: Frozen pose

    /// The translation unchanged while the orientation moves by 1e-8 rad aborts with 126; the
    /// orientation unchanged while the translation moves by 1 nm, with 127.
    @Test(arguments: [(FrozenPart.translation, 126), (.orientation, 127)])
    func onePartOfThePoseFrozenAborts(part: FrozenPart, code: Int) throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        var odd = false
        let still = ScriptedInputs.portrait()
        s.frames(2) { _ in
            odd.toggle()
            return part == .translation
                ? RigidTransform(rotation: Quaternion(angle: odd ? 1e-8 : 0, axis: SIMD3(0, 1, 0)) * still.rotation, translation: still.translation)
                : RigidTransform(rotation: still.rotation, translation: still.translation + SIMD3(odd ? 1e-9 : 0, 0, 0))
        }
        #expect(try stamps31(s) == [Stamp(0.5, 1), Stamp(2.5 - frame, code)])
    }

    enum FrozenPart: Sendable { case translation, orientation }

    @Test func aWhollyFrozenTransformAborts128() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        s.frozen(2, ScriptedInputs.portrait())
        #expect(try stamps31(s) == [Stamp(0.5, 1), Stamp(2.5 - frame, 128)])
    }

    // MARK: Tracking, warnings

    @Test func insufficientFeaturesWarnsWith10AndNoErrorSound() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        s.steady(1, tracking: .limited(.insufficientFeatures))
        s.steady(1)
        // 3.1.3's 28 is "back to normal (after relocation)": a limited state clears without a code.
        #expect(try stamps31(s) == [Stamp(0.5, 1), Stamp(1.5, 10)])
        // 2.10 has no code for it.
        var l = ScriptedInputs()
        l.startRecording()
        l.hold(1)
        l.hold(1, tracking: .limited(.insufficientFeatures))
        l.hold(1)
        #expect(try stamps(l).map(\.code) == [0, 1])
    }

    @Test func sidewaysInPortraitFiresWhenLandscapeDoesIn210() throws {
        var portrait = ScriptedInputs()
        portrait.startRecordingInPortrait()
        portrait.steady(1)
        var odd = false
        portrait.frames(2) { dt in
            odd.toggle()
            return ScriptedInputs.trembling(ScriptedInputs.portrait(x: 0.5 * dt), odd)
        }
        portrait.steady(2, ScriptedInputs.portrait(x: 1))
        let got = try stamps31(portrait)
        #expect(got.map(\.code) == [1, 30, 27])
        // 2.10's scenario starts recording at 0.5 s too, walks from 1.5 s: the same times.
        let landscape = try stamps(Scenarios.sideways(speed: 0.5)).filter { $0.code == 30 || $0.code == 27 }
        #expect(Array(got.dropFirst()) == landscape)
    }

    @Test func tiltUpWarnsOnLiDARWith22AndClearsWith23Only() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        s.turning(1) { f in ScriptedInputs.portrait(pitch: -20 + 80 * f) }
        s.steady(2, ScriptedInputs.portrait(pitch: 60))
        s.turning(1) { f in ScriptedInputs.portrait(pitch: 60 - 80 * f) }
        s.steady(1)
        #expect(try stamps31(s).map(\.code) == [1, 22, 23])
    }

    @Test func noSpeechLowPowerOrTooFarCodes() throws {
        var s = ScriptedInputs()
        s.startRecordingInPortrait()
        s.system(SystemSample(thermal: .nominal, lowPowerMode: true, activeProcessors: 6, processorCount: 6))
        s.steady(1)
        s.user(.speechStarted(permissionGranted: true))
        s.user(.speechResults(["Kitchen"]))
        s.user(.speechChosen(index: 0))
        for _ in 0..<64 {
            s.frame(CameraFrame(transform: ScriptedInputs.trembling(ScriptedInputs.portrait(), true), depth: uniformDepth(0)))
            s.frame(CameraFrame(transform: ScriptedInputs.portrait(), depth: uniformDepth(0)))
        }
        s.steady(1)
        let (events, driver) = try run(s, configuration: v3_1, storage: NullScanStorage())
        #expect(events.map(\.code) == [1, 70, 76])
        #expect(driver.session.record.roomLabels.isEmpty)
        #expect(driver.session.record.feedback.isEmpty)
    }

    @Test func closingTheViewWhileRecordingAbortsWith110() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 2)
        s.user(.closeView)
        s.steady(1)
        let (events, driver) = try run(s, configuration: v3_1, storage: NullScanStorage())
        #expect(events.map { Stamp($0.time, $0.code) } == [Stamp(0.5, 1), Stamp(2.5, 110)])
        #expect(events.last?.delegateCall == "didAbortScan")
        #expect(driver.session.phase == .aborted)
        // 2.10 has no code for it: the scan is removed (15) and CubiCapture finished (5).
        var l = ScriptedInputs()
        l.startRecording()
        l.hold(2)
        l.user(.closeView)
        l.hold(1)
        #expect(try stamps(l) == [Stamp(0.25, 0), Stamp(0.5, 1), Stamp(2.5, 15), Stamp(2.5, 5)])
    }

    // MARK: Delegate calls

    @Test func eventJSONNamesTheDelegateCallsUnder31Only() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 12)
        s.stop()
        let complete = try run(s, configuration: v3_1, storage: NullScanStorage(zipPath: "out/scan.zip")).events
        #expect(complete.map(\.code) == [1, 2, 7])
        #expect(complete.map(\.delegateCall) == [nil, nil, "didCompleteScan"])
        #expect(complete[2].json.serialized().contains("\"severity\":\"info\",\"delegate\":\"didCompleteScan\""))

        var short = ScriptedInputs()
        short.startRecordingInPortrait()
        short.steady(3)
        short.stop()
        let aborted = try run(short, configuration: v3_1, storage: NullScanStorage()).events
        #expect(aborted.map(\.code) == [1, 3])
        #expect(aborted[1].json.serialized().contains("\"severity\":\"error\",\"delegate\":\"didAbortScan\",\"canContinue\":false"))

        let old = try run(Scenarios.happyPath(), storage: NullScanStorage()).events
        #expect(old.allSatisfy { $0.delegateCall == nil && !$0.json.serialized().contains("delegate") })
    }

    @Test func everyErrorEndsThe31Session() throws {
        var wrong = ScriptedInputs()
        wrong.startRecordingInPortrait()
        wrong.turning(0.5) { f in ScriptedInputs.pose(roll: -90 + 90 * f) }
        wrong.steady(7, ScriptedInputs.pose())
        wrong.steady(1)
        var frozen = ScriptedInputs()
        frozen.startRecordingInPortrait()
        frozen.frozen(2, ScriptedInputs.portrait())
        frozen.steady(1)
        for script in [wrong, frozen] {
            let (events, driver) = try run(script, configuration: v3_1, storage: NullScanStorage())
            let firstError = try #require(events.firstIndex { $0.severity == .error })
            #expect(firstError == events.count - 1)
            #expect(driver.session.isOver)
        }
    }

    // MARK: Battery, camera permission, frame delivery

    /// System samples carrying only a battery charge, one a second from 0 s.
    private func batterySamples(_ levels: [Int]) -> ScriptedInputs {
        var s = ScriptedInputs()
        for level in levels {
            s.system(SystemSample(batteryPercent: level))
            s.skip(1)
        }
        return s
    }

    @Test func batteryReports79AtTheFirstChargeThenEachFallAtOrBelowLowPercent() throws {
        let s = batterySamples([50, 30, 21, 20, 20, 19, 25, 18])
        let events = try run(s, configuration: v3_1, storage: NullScanStorage()).events
        #expect(events.map { Stamp($0.time, $0.code) } == [Stamp(0, 79), Stamp(3, 79), Stamp(5, 79), Stamp(7, 79)])
        #expect(events.map(\.message) == ["There is 50% of battery charge left", "There is 20% of battery charge left",
                                          "There is 19% of battery charge left", "There is 18% of battery charge left"])
        #expect(events.allSatisfy { $0.severity == .info })
        var lower = v3_1
        lower.thresholds.battery.lowPercent = 19
        #expect(try stamps31(s, lower) == [Stamp(0, 79), Stamp(5, 79), Stamp(7, 79)])
    }

    @Test func batteryHasNoCodeUnder210() throws {
        #expect(try stamps(batterySamples([50, 20, 10])).isEmpty)
    }

    @Test func deniedCameraAbortsWith120AtTheFirstInputUnder31() throws {
        var s = ScriptedInputs()
        s.system(SystemSample(thermal: .nominal, activeProcessors: 6, processorCount: 6))
        s.user(.recordPressed)
        s.steady(1)
        var denied = v3_1
        denied.cameraPermission = .denied
        let (events, driver) = try run(s, configuration: denied, storage: NullScanStorage())
        #expect(events.map { Stamp($0.time, $0.code) } == [Stamp(0, 120)])
        #expect(events[0].json.serialized().contains("\"severity\":\"error\",\"delegate\":\"didAbortScan\",\"canContinue\":false"))
        #expect(driver.session.phase == .aborted)
    }

    @Test func deniedCameraHasNoCodeUnder210AndTheSessionGoesOnWithoutFrames() throws {
        var s = ScriptedInputs()
        s.system(SystemSample(thermal: .nominal, lowPowerMode: false, activeProcessors: 6, processorCount: 6))
        s.skip(1)
        s.user(.recordPressed)
        var denied = SessionConfiguration()
        denied.cameraPermission = .denied
        let (events, driver) = try run(s, configuration: denied, storage: NullScanStorage())
        #expect(events.map { Stamp($0.time, $0.code) } == [Stamp(0, 70), Stamp(0, 75), Stamp(0, 76)])
        #expect(driver.session.phase == .waitingForLandscape)
        #expect(driver.session.record.scanLog.contains { $0.text == "Camera permission denied: no camera frames" })
    }

    @Test func noFrameForNotReceivingSecondsWhileRecordingAbortsWith62WhenItWasDue() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        s.skip(2.5)
        s.steady(1)
        // The last frame before the gap is at 1.484375 s: 62 is due 2 s later, found at the next frame.
        let (events, driver) = try run(s, configuration: v3_1, storage: NullScanStorage())
        #expect(events.map { Stamp($0.time, $0.code) } == [Stamp(0.5, 1), Stamp(3.484375, 62)])
        #expect(events[1].severity == .error)
        #expect(events[1].trace?.threshold == 2)
        #expect(driver.session.phase == .aborted)
        // Under 2.10 the gap changes nothing.
        var landscape = ScriptedInputs()
        landscape.startRecording()
        landscape.hold(1)
        landscape.skip(2.5)
        landscape.hold(1)
        #expect(try stamps(landscape) == [Stamp(0.25, 0), Stamp(0.5, 1)])
    }

    @Test func aGapShorterThanNotReceivingSecondsGives63NotAnAbort() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 1)
        s.skip(1.5)
        s.steady(1)
        // The first frame after the gap (3 s) finds one frame in its 1 s window: 63/64 skipped.
        #expect(try stamps31(s) == [Stamp(0.5, 1), Stamp(3, 63)])
    }

    @Test func skippedFramesGive63OnceForEachStretchAtOrAboveTheShare() throws {
        var config = v3_1
        config.thresholds.frames.expectedRateHz = 64
        var s = ScriptedInputs()
        s.startRecordingInPortrait()
        func halfRate(_ seconds: Double) {
            var odd = false
            for _ in 0..<Int(seconds * 32) {
                odd.toggle()
                s.frame(CameraFrame(transform: ScriptedInputs.trembling(ScriptedInputs.portrait(), odd)))
                s.skip(ScriptedInputs.frameInterval)
            }
        }
        s.steady(2)
        halfRate(2)
        s.steady(2)
        halfRate(2)
        s.steady(1)
        // Every other frame from 2.5 s: the window (t - 1 s, t] holds 32 of 64 frames first at 3.5 s.
        // Back to every frame at 4.5 s, below the share at once; half rate again from 6.5 s: 7.5 s.
        #expect(try stamps31(s, config) == [Stamp(0.5, 1), Stamp(3.5, 63), Stamp(7.5, 63)])
        var stricter = config
        stricter.thresholds.frames.skippedFraction = 0.55
        #expect(try stamps31(s, stricter) == [Stamp(0.5, 1)])
    }

    @Test func framesAreNotWatchedInTheBackground() throws {
        var s = ScriptedInputs.recordingInPortrait(steadyFor: 4)
        s.user(.background)
        s.skip(10)
        s.user(.foreground)
        s.steady(3)
        // Ten seconds without frames in the background, then three with: no 62, no 63.
        let got = try stamps31(s)
        #expect(got == [Stamp(0.5, 1), Stamp(4.5, 134), Stamp(14.5, 135), Stamp(14.5, 131), Stamp(14.5, 133), Stamp(14.5, 28)])
    }
}
