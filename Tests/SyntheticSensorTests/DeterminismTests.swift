import CaptureEngine
import Foundation
import Testing
@testable import SyntheticSensor
import TestSupport

@Suite struct DeterminismTests {
    /// The apartment's whole walk with a depth map on every 250th frame (21 maps): every kind of input,
    /// without rendering thousands of maps in the debug build.
    static let sparseDepth = CaptureOptions(depthEveryNthFrame: 250)

    /// A hash of every input: times, poses, tracking, depth and confidence bytes, system samples, actions.
    private func fingerprint(_ capture: SyntheticCapture) -> (UInt64, Int) {
        var iterator = capture.makeIterator()
        let (hash, count, _) = fingerprint(&iterator)
        return (hash, count)
    }

    /// The fingerprint of what `iterator` gives, to its end, with the inputs and the colour images counted.
    private func fingerprint(_ iterator: inout SyntheticCaptureIterator) -> (UInt64, Int, images: Int) {
        var h: UInt64 = 0
        var count = 0, images = 0
        func mix(_ v: UInt64) { h = SeededRandom.hash(h ^ v) }
        while let input = iterator.next() {
            count += 1
            mix(input.time.bitPattern)
            switch input.kind {
            case .frame(let f):
                for v in f.transform.matrix.columnMajor { mix(v.bitPattern) }
                mix(UInt64(String(describing: f.tracking).hashValueStable))
                if let d = f.depth {
                    for x in d.depth { mix(UInt64(x.bitPattern)) }
                    for c in d.confidence { mix(UInt64(c)) }
                }
                for x in f.featureDepths ?? [] { mix(UInt64(x.bitPattern)) }
                if let c = f.color {
                    images += 1
                    mix(UInt64(c.width))
                    for b in c.rgb { mix(UInt64(b)) }
                }
            case .system(let s):
                mix(UInt64(bitPattern: s.storageFreeBytes ?? -1))
                mix(UInt64(s.thermal?.rawValue ?? 9))
            case .user(let a):
                mix(UInt64(String(describing: a).hashValueStable))
            case .storage:
                mix(7)
            }
        }
        return (h, count, images)
    }

    @Test func sameSceneAndSeedGiveIdenticalInputs() throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        let options = Self.sparseDepth
        let a = fingerprint(SyntheticCapture(scene: scene, options: options))
        let b = fingerprint(SyntheticCapture(scene: scene, options: options))
        #expect(a.0 == b.0)
        #expect(a.1 == b.1 && a.1 > 3000)
    }

    @Test func renderingAheadGivesTheSameInputs() throws {
        // A scan that goes to the background and back, and one that drops frames with depth every 12th
        // frame (5 Hz) and the LiDAR refreshing at 2 Hz, smoothed: the map rendered ahead is the next one
        // that a frame which comes renders, past the background, the dropped frames and the refresh's skips.
        var dropping = try Scene.load(path: PackageFolder.scene("3.1/frames-skipped"))
        dropping.lidar.refreshHz = 2
        dropping.lidar.smoothed = true
        let scenes = [(try Scene.load(path: PackageFolder.scene("background-resume")), CaptureOptions(depthEveryNthFrame: 30, renderBands: 1)),
                      (dropping, CaptureOptions(depthEveryNthFrame: 12, renderBands: 1))]
        for (scene, options) in scenes {
            var ahead = options
            ahead.rendersAhead = true
            let inline = fingerprint(SyntheticCapture(scene: scene, options: options))
            let rendered = fingerprint(SyntheticCapture(scene: scene, options: ahead))
            #expect(inline.0 == rendered.0 && inline.1 == rendered.1, "\(scene.name)")
            // Every map rendered ahead is taken: the frames that come and the refresh are foreseen.
            var iterator = SyntheticCapture(scene: scene, options: ahead).makeIterator()
            while iterator.next() != nil {}
            #expect(iterator.rendersAheadTaken > 10 && iterator.rendersAheadDropped == 0, "\(scene.name)")
        }
    }

    @Test func renderingColourAheadGivesTheSameImages() throws {
        // The colour image rendered ahead (with the exposure the image before it left) is the next one a
        // frame that comes renders: past the background and past dropped frames, with motion blur.
        let scenes = [try Scene.load(path: PackageFolder.scene("background-resume")), try Scene.load(path: PackageFolder.scene("3.1/frames-skipped"))]
        for scene in scenes {
            let options = CaptureOptions(depthEveryNthFrame: 1_000_000, colorImages: true, camera: CameraSettings(width: 64, height: 48))
            var ahead = options
            ahead.rendersAhead = true
            var inlineIterator = SyntheticCapture(scene: scene, options: options).makeIterator()
            let inline = fingerprint(&inlineIterator)
            var iterator = SyntheticCapture(scene: scene, options: ahead).makeIterator()
            let rendered = fingerprint(&iterator)
            #expect(inline.0 == rendered.0 && inline.1 == rendered.1, "\(scene.name)")
            // Every image after the first is rendered ahead and taken (the inline run renders each itself).
            let images = rendered.images
            #expect(inline.images == images && inlineIterator.colorRendersAheadTaken == 0)
            #expect(images > 100 && iterator.colorRendersAheadTaken == images - 1 && iterator.colorRendersAheadDropped == 0,
                    "\(scene.name): \(images) images, \(iterator.colorRendersAheadTaken) taken, \(iterator.colorRendersAheadDropped) dropped")
            // Every image after the second is shaded ahead too, before the image before it sets its exposure.
            #expect(iterator.colorShadesAheadTaken == images - 2 && iterator.colorShadesAheadDropped == 0,
                    "\(scene.name): \(iterator.colorShadesAheadTaken) shaded ahead, \(iterator.colorShadesAheadDropped) dropped")
        }
    }

    @Test func differentSeedGivesDifferentInputs() throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        let options = Self.sparseDepth
        let a = fingerprint(SyntheticCapture(scene: scene, options: options))
        let b = fingerprint(SyntheticCapture(scene: scene, seed: scene.seed + 1, options: options))
        #expect(a.0 != b.0)
        #expect(a.1 == b.1)
    }

    @Test func nonLiDARDeviceGetsFeatureDepthsInsteadOfDepthMaps() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: """
            [ { "action": "present", "position": [3, 2.5], "orientation": "landscapeRight" }, { "action": "pause", "seconds": 1 } ]
            """, extra: "\n  \"device\": { \"hasLiDAR\": false },"), source: "x.json")
        var frames = 0
        for input in SyntheticCapture(scene: scene) {
            guard case .frame(let f) = input.kind else { continue }
            frames += 1
            #expect(f.depth == nil)
            #expect(f.featureDepths?.count == 48)
            #expect(f.featureDepths?.allSatisfy { $0 > 0.5 && $0 < 5 } == true)
        }
        #expect(frames == 60)
    }

    @Test func streamIsTimeOrderedAndStartsWithAFullSystemSample() throws {
        let scene = try Scene.load(path: PackageFolder.scene("apartment"))
        var previous = -Double.infinity
        var first: SessionInput? = nil
        var storageSamples: [Int64] = []
        for input in SyntheticCapture(scene: scene, options: Self.sparseDepth) {
            if first == nil { first = input }
            #expect(input.time >= previous)
            previous = input.time
            if case .system(let s) = input.kind, let free = s.storageFreeBytes { storageSamples.append(free) }
        }
        guard case .system(let s)? = first?.kind else { Issue.record("first input is not a system sample"); return }
        #expect(s.thermal == .nominal && s.storageFreeBytes == 64_000_000_000 && s.processorCount == 6 && s.activeProcessors == 6 && s.lowPowerMode == false)
        // Storage falls while recording (about 8.9 MB/s at 60 Hz with depth on every frame; this run has
        // depth on every 250th frame, so ~21 kB/s of JSON plus the depth frames).
        #expect(storageSamples.count > 60)
        #expect(storageSamples.last! < storageSamples.first!)
    }

    @Test func recordingConsumesStorageAtTheBundleWriteRate() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: """
            [ { "action": "present", "position": [3, 2.5], "orientation": "landscapeRight" }, { "action": "record" },
              { "action": "pause", "seconds": 10 }, { "action": "stop" } ]
            """), source: "x.json")
        var free: [Double: Int64] = [:]
        for input in SyntheticCapture(scene: scene, options: CaptureOptions(depthEveryNthFrame: 1_000_000)) {
            if case .system(let s) = input.kind, let f = s.storageFreeBytes { free[input.time] = f }
        }
        // Between the samples at 2 s and 7 s: 300 frames of JSON (depth only on frame 0, before) and 5 s
        // of the default camera's video (640x480 at 30 fps: 14,919 bytes an image), to the byte.
        let used = free[2.0]! - free[7.0]!
        let rate = StorageModel.videoBytesPerSecond(camera: CameraSettings())
        #expect(rate == 14_919 * 30)
        #expect(abs(Double(used - 300 * StorageModel.jsonBytesPerFrame) - 5 * rate) <= 1)
        #expect(StorageModel.bytes(forFrameWithDepth: true) == 8 + 256 * 192 * 3 + 414)
    }

    @Test func theVideoIsCountedWhetherOrNotItsImagesAreRendered() throws {
        let scene = try Scene(jsonText: TestScenes.sceneText(script: """
            [ { "action": "present", "position": [3, 2.5], "orientation": "landscapeRight" }, { "action": "record" },
              { "action": "pause", "seconds": 10 }, { "action": "stop" } ]
            """), source: "x.json")
        let camera = CameraSettings(width: 64, height: 48)
        func freeStorage(images: Bool) -> [Double: Int64] {
            var free: [Double: Int64] = [:]
            let options = CaptureOptions(depthEveryNthFrame: 1_000_000, colorImages: images, camera: camera)
            for input in SyntheticCapture(scene: scene, options: options) {
                if case .system(let s) = input.kind, let f = s.storageFreeBytes { free[input.time] = f }
            }
            return free
        }
        let free = freeStorage(images: true)
        #expect(free == freeStorage(images: false))
        // Between the samples at 2 s and 7 s: 300 frames of JSON and 5 s of a 64x48 video, whose bytes
        // per image scale from 640x480's by the pixel count to the power 0.67.
        let rate = StorageModel.videoBytesPerSecond(camera: camera)
        #expect(abs(rate - 14_919 * pow(0.01, 0.67) * 30) < 1e-6)
        #expect(abs(Double(free[2.0]! - free[7.0]! - 300 * StorageModel.jsonBytesPerFrame) - 5 * rate) <= 1)
        // The session is given the same rate.
        #expect(SyntheticCapture(scene: scene, options: CaptureOptions(camera: camera)).configuration.videoBytesPerSecond == rate)
    }
}

private extension String {
    /// A hash that does not change between runs (Swift's `hashValue` is seeded per process).
    var hashValueStable: UInt64 {
        var h: UInt64 = 1469598103934665603
        for b in utf8 { h = (h ^ UInt64(b)) &* 1099511628211 }
        return h
    }
}
