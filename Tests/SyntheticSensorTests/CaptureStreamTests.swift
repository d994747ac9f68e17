import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor

@Suite struct CaptureStreamTests {
    private func inputs(_ script: String, extra: String = "") throws -> [SessionInput] {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: script, extra: extra), source: "test.json")
        return Array(SyntheticCapture(scene: scene, options: CaptureOptions(depthEveryNthFrame: 1_000_000)))
    }

    private func actions(_ inputs: [SessionInput]) -> [(Double, UserAction)] {
        inputs.compactMap { if case .user(let a) = $0.kind { ($0.time, a) } else { nil } }
    }

    @Test func stopPressesRecordThenConfirmsASecondLaterAndTheStreamEndsTwoSecondsAfter() throws {
        let all = try inputs("""
            [ { "action": "present", "position": [3, 2.5], "orientation": "landscapeRight" }, { "action": "record" },
              { "action": "pause", "seconds": 3 }, { "action": "stop" }, { "action": "pause", "seconds": 30 } ]
            """)
        let a = actions(all)
        #expect(a.map(\.1) == [.recordPressed, .recordPressed, .stopConfirmed])
        #expect(a[1].0 == 3 && a[2].0 == 4)
        #expect(abs(all.last!.time - 6) < 0.02)
    }

    private func frameTimes(_ inputs: [SessionInput]) -> [Double] {
        inputs.compactMap { if case .frame = $0.kind { $0.time } else { nil } }
    }

    @Test func dropFramesLeavesAGapOrAnEvenShareOfFrames() throws {
        let gap = frameTimes(try inputs("""
            [ { "action": "pause", "seconds": 1 }, { "action": "dropFrames", "seconds": 0.5 }, { "action": "pause", "seconds": 1 } ]
            """))
        // 60 Hz: frames 0...59, none of 60...89 (1 s to 1.5 s), 90...149.
        #expect(gap.count == 120)
        #expect(!gap.contains { $0 >= 1.0 && $0 < 1.49 })
        let share = frameTimes(try inputs("""
            [ { "action": "pause", "seconds": 1 }, { "action": "dropFrames", "share": 0.25, "seconds": 1 }, { "action": "pause", "seconds": 1 } ]
            """))
        // A quarter of the 60 frames from 1 s to 2 s dropped, one in every four.
        #expect(share.count == 180 - 15)
        #expect(share.filter { $0 >= 1 - 1e-9 && $0 < 2 - 1e-9 }.count == 45)
    }

    @Test func aDeniedCameraDeliversNoFramesAndTheBatteryIsSampled() throws {
        let all = try inputs("""
            [ { "action": "pause", "seconds": 2 }, { "action": "battery", "percent": 12 } ]
            """, extra: "\n  \"device\": { \"batteryPercent\": 40, \"cameraPermission\": \"denied\" },")
        #expect(frameTimes(all).isEmpty)
        let battery = all.compactMap { if case .system(let s) = $0.kind { s.batteryPercent } else { nil } }
        #expect(battery == [40, 12])
    }

    @Test func roomLabelExpandsIntoTheSpeechSequence() throws {
        let a = actions(try inputs("""
            [ { "action": "roomLabel", "permissionGranted": false, "label": "Hall", "outcome": "chosen", "results": ["Hall", "Hallway"], "choose": 1 },
              { "action": "roomLabel", "outcome": "aborted" }, { "action": "roomLabel", "outcome": "noResults" },
              { "action": "roomLabel", "outcome": "cancelled", "label": "Bath" } ]
            """))
        #expect(a.map(\.1) == [
            .speechStarted(permissionGranted: false), .speechResults(["Hall", "Hallway"]), .speechChosen(index: 1),
            .speechStarted(permissionGranted: true), .speechAborted,
            .speechStarted(permissionGranted: true), .speechResults([]),
            .speechStarted(permissionGranted: true), .speechResults(["Bath", "bath area"]), .speechCancelled,
        ])
        #expect(a[1].0 - a[0].0 == 2.5 && a[2].0 - a[1].0 == 1.5)
    }

    @Test func backgroundStopsFramesAndSamplesUntilForeground() throws {
        let all = try inputs("""
            [ { "action": "present", "orientation": "landscapeRight" }, { "action": "pause", "seconds": 2 },
              { "action": "background", "seconds": 3 }, { "action": "pause", "seconds": 2 } ]
            """)
        let a = actions(all)
        #expect(a.map(\.1) == [.background, .foreground])
        #expect(a[0].0 == 2 && a[1].0 == 5)
        let during = all.filter { $0.time > 2 && $0.time < 5 }
        #expect(during.count == 0)
        let frames = all.filter { if case .frame = $0.kind { true } else { false } }
        #expect(frames.count == 4 * 60)
    }

    @Test func scriptedTrackingLossFreezeAndDriftShowInTheFrames() throws {
        let all = try inputs("""
            [ { "action": "present", "orientation": "landscapeRight" }, { "action": "pause", "seconds": 1 },
              { "action": "trackingLost", "seconds": 2, "relocates": false, "newOriginOffset": [3, 0, 0] },
              { "action": "freeze", "seconds": 1.5 }, { "action": "drift", "offset": [0, 0, 12] }, { "action": "pause", "seconds": 1 } ]
            """)
        var frames: [(Double, CameraFrame)] = []
        for input in all { if case .frame(let f) = input.kind { frames.append((input.time, f)) } }
        func frame(at t: Double) -> CameraFrame { frames.min { abs($0.0 - t) < abs($1.0 - t) }!.1 }
        #expect(frame(at: 0.2).tracking == .limited(.initializing))
        #expect(frame(at: 0.8).tracking == .normal)
        #expect(frame(at: 2).tracking == .notAvailable)
        #expect(frame(at: 1.5).transform == frame(at: 2.5).transform)
        // After the loss: a new origin 3 m along +X.
        #expect(abs(frame(at: 3.1).transform.translation.x - frame(at: 0.9).transform.translation.x - 3) < 0.05)
        // Frozen: identical transforms with normal tracking.
        #expect(frame(at: 3.3).transform == frame(at: 4.3).transform && frame(at: 3.3).tracking == .normal)
        // Drift: 12 m along +Z from 4.5 s.
        #expect(abs(frame(at: 4.8).transform.translation.z - frame(at: 4.3).transform.translation.z - 12) < 0.05)
    }

    @Test func thermalStateRisesToFairAfterEightMinutesOfRecordingWithReconstruction() throws {
        let all = try inputs("""
            [ { "action": "present", "orientation": "landscapeRight" }, { "action": "record" }, { "action": "pause", "seconds": 500 } ]
            """)
        let thermal = all.compactMap { input -> (Double, ThermalState)? in
            if case .system(let s) = input.kind, let t = s.thermal { (input.time, t) } else { nil }
        }
        #expect(thermal.count == 2)
        #expect(thermal[0] == (0, .nominal))
        #expect(thermal[1].1 == .fair && abs(thermal[1].0 - 480) < 0.05)
    }

    @Test func scriptedSystemChangesBecomeSamples() throws {
        let all = try inputs("""
            [ { "action": "lowPower", "on": true }, { "action": "processors", "active": 4 }, { "action": "memoryWarning" },
              { "action": "storage", "freeBytes": 1000 }, { "action": "thermal", "state": "serious" } ]
            """, extra: "\n  \"device\": { \"processorCount\": 8, \"trackingInitializingSeconds\": 0 },")
        let samples = all.compactMap { input -> SystemSample? in if case .system(let s) = input.kind { s } else { nil } }
        #expect(samples[0] == SystemSample(thermal: .nominal, storageFreeBytes: 64_000_000_000, lowPowerMode: false, activeProcessors: 8, processorCount: 8))
        #expect(samples[1] == SystemSample(lowPowerMode: true))
        #expect(samples[2] == SystemSample(activeProcessors: 4, processorCount: 8))
        #expect(samples[3] == SystemSample(memoryWarning: true))
        #expect(samples[4] == SystemSample(storageFreeBytes: 1000))
        #expect(samples[5] == SystemSample(thermal: .serious))
    }
}
