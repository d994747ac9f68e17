import CaptureEngine

/// Named input scripts, each producing a known set of codes; the coverage test checks that together they
/// produce every one of the SDK's 59 codes.
enum Scenarios {
    static let nonLiDAR = SessionConfiguration(device: DeviceCapabilities(hasLiDAR: false))

    static func happyPath() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(12)
        s.stop()
        return s
    }

    static func notEnoughData() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(5)
        s.stop()
        return s
    }

    static func drift(jumpMeters: Double) -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.hold(1, ScriptedInputs.pose(x: jumpMeters))
        return s
    }

    static func floor(seconds: Double) -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.hold(seconds, ScriptedInputs.pose(pitch: -60))
        s.hold(1)
        return s
    }

    static func ceiling() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.hold(2, ScriptedInputs.pose(pitch: 60))
        s.hold(1)
        return s
    }

    static func horizontal() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.hold(5.5, ScriptedInputs.pose(pitch: 0))
        s.hold(1)
        return s
    }

    /// Walks along the camera's left (speed < 0) or right axis for two seconds, then stands for two.
    static func sideways(speed: Double) -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.walk(2, velocity: SIMD3(speed, 0, 0))
        s.hold(2, ScriptedInputs.pose(x: speed * 2))
        return s
    }

    /// Turns at `degreesPerSecond` for two seconds, pauses half a second, turns again for two seconds.
    static func fastRotation(degreesPerSecond: Double) -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.frames(2) { dt in ScriptedInputs.pose(heading: degreesPerSecond * dt) }
        let h = degreesPerSecond * 2
        s.hold(0.5, ScriptedInputs.pose(heading: h))
        s.frames(2) { dt in ScriptedInputs.pose(heading: h + degreesPerSecond * dt) }
        return s
    }

    static func proximity() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1, depth: uniformDepth(2))
        s.hold(1, depth: uniformDepth(0.3))
        s.hold(1, depth: uniformDepth(2))
        s.hold(1, depth: uniformDepth(0))
        return s
    }

    static func trackingLimited() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.hold(1, tracking: .limited(.insufficientLight))
        s.hold(1)
        s.hold(1, tracking: .limited(.excessiveMotion))
        s.hold(1)
        return s
    }

    /// Tracking lost at 5.0 s for `lostSeconds`, then normal again at the same place.
    static func relocation(lostSeconds: Double) -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(4.5)
        s.hold(lostSeconds, tracking: .notAvailable)
        s.hold(1)
        return s
    }

    static func relocationWithoutSnapshot() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(0.5)
        s.hold(1, tracking: .notAvailable)
        return s
    }

    static func backgroundBeforeAnyFrame() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.user(.background)
        s.skip(2)
        s.user(.foreground)
        s.hold(1)
        return s
    }

    static func background() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(4.5)
        s.user(.background)
        s.skip(3)
        s.user(.foreground)
        s.hold(1)
        return s
    }

    static func frozenPose() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.frozen(2, ScriptedInputs.pose(x: 0.01))
        return s
    }

    static func nonFinitePose() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        var bad = ScriptedInputs.pose()
        bad.translation.x = .nan
        s.hold(0.5, bad)
        return s
    }

    static func system() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.system(SystemSample(thermal: .nominal, lowPowerMode: false, activeProcessors: 6, processorCount: 6))
        s.startRecording()
        s.hold(1)
        s.system(SystemSample(thermal: .fair))
        s.hold(1)
        s.system(SystemSample(thermal: .serious, lowPowerMode: true, activeProcessors: 4))
        s.hold(1)
        s.system(SystemSample(thermal: .critical, lowPowerMode: false, memoryWarning: true))
        s.hold(1)
        return s
    }

    static func speech() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.user(.speechStarted(permissionGranted: true))
        s.hold(1)
        s.user(.speechResults(["Kitchen", "Chicken"]))
        s.hold(1)
        s.user(.speechChosen(index: 0))
        s.hold(1)
        s.user(.speechStarted(permissionGranted: true))
        s.user(.speechResults([]))
        s.user(.speechStarted(permissionGranted: true))
        s.user(.speechResults([String(repeating: "x", count: 41)]))
        s.user(.speechStarted(permissionGranted: true))
        s.user(.speechResults(["Bath"]))
        s.user(.speechCancelled)
        s.user(.speechStarted(permissionGranted: true))
        s.user(.speechAborted)
        s.hold(1)
        return s
    }

    static func speechDenied() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        s.hold(1)
        s.user(.speechStarted(permissionGranted: false))
        s.hold(1)
        s.user(.speechStarted(permissionGranted: true))
        s.hold(1)
        return s
    }

    static func reverseLandscape() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.hold(0.5, ScriptedInputs.pose(roll: 180))
        s.hold(0.5)
        s.hold(0.5, ScriptedInputs.pose(roll: 180))
        s.hold(0.5)
        return s
    }

    /// Storage falls by 1 MB per second from 700 MB while recording, sampled once a second.
    static func storage() -> ScriptedInputs {
        var s = ScriptedInputs()
        s.startRecording()
        for second in 1...200 {
            s.skip(1)
            s.system(SystemSample(storageFreeBytes: 700_000_000 - Int64(second) * 1_000_000))
        }
        return s
    }
}
