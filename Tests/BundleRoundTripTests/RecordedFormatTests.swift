import CaptureBundle
import CaptureEngine
import CaptureReplay
import Foundation
import SyntheticSensor
import Testing

/// What `arkitData.json` records so that a replay is exact: a device without LiDAR's feature depths, the
/// session's landscape gating; and the bundle's zip replays as its folder does.
@Suite struct RecordedFormatTests {
    @Test func aBundleWithoutLiDARKeepsEveryFramesFeatureDepthsBitForBit() throws {
        let recorded = try RecordedScene(name: "ceiling.json")
        defer { recorded.remove() }
        #expect(!recorded.scene.configuration.device.hasLiDAR)
        let bundle = try #require(recorded.bundlePath)
        let given = SyntheticCapture(scene: recorded.scene).compactMap { input -> [Float]? in
            if case .frame(let frame) = input.kind { return frame.featureDepths }
            return nil
        }
        let written = try BundleReader(path: bundle).arkitData().frames
        // Frames up to the stop are logged; the capture's frames after it are not.
        #expect(written.count > 1000 && written.count <= given.count)
        let logged = Array(given.prefix(written.count))
        #expect(written.allSatisfy { $0.featureDepths?.count == CaptureOptions().featureRays })
        #expect(written.map(\.featureDepths) == logged.map(Optional.some))

        let replayed = try ReplayReader.read(path: bundle).inputs.compactMap { input -> [Float]? in
            if case .frame(let frame) = input.kind { return frame.featureDepths }
            return nil
        }
        #expect(replayed == logged)
    }

    @Test func aBundleWithoutLandscapeGatingReplaysWithoutIt() throws {
        let recorded = try RecordedScene(name: "sideways-left.json") { $0.landscapeGating = false }
        defer { recorded.remove() }
        let bundle = try #require(recorded.bundlePath)
        #expect(try BundleReader(path: bundle).arkitData().landscapeGating == false)
        let log = try ReplayReader.read(path: bundle)
        #expect(log.configuration.landscapeGating == false)
        let replay = RoundTripReplay(log: log, scene: recorded.scene)
        #expect(!replay.events.isEmpty)
        #expect(RoundTripReplay.firstDifference(replayed: replay.events, run: recorded.run.events) == nil)
    }

    @Test func aGatedBundleSaysSo() throws {
        let recorded = try RecordedScene(name: "ceiling.json")
        defer { recorded.remove() }
        let bundle = try #require(recorded.bundlePath)
        #expect(try BundleReader(path: bundle).arkitData().landscapeGating == true)
        #expect(try ReplayReader.read(path: bundle).configuration.landscapeGating == true)
    }

    @Test func theBundlesZipReplaysAsItsFolderDoes() throws {
        let recorded = try RecordedScene(name: "ceiling.json")
        defer { recorded.remove() }
        let bundle = try #require(recorded.bundlePath)
        #expect(FileManager.default.fileExists(atPath: recorded.zipPath))
        #expect(try ReplayReader.detectFormat(path: recorded.zipPath) == .bundle)
        let fromFolder = try ReplayReader.read(path: bundle)
        let fromZip = try ReplayReader.read(path: recorded.zipPath)
        #expect(fromZip.configuration == fromFolder.configuration)
        #expect(fromZip.inputs.count == fromFolder.inputs.count)
        #expect(fromZip.inputs.frameCount == fromFolder.inputs.frameCount)
        let zipEvents = ReplayRun(log: fromZip).events.map(\.json)
        #expect(!zipEvents.isEmpty)
        #expect(zipEvents == ReplayRun(log: fromFolder).events.map(\.json))
    }

    @Test func aZipWithoutArkitDataIsAnErrorNamingTheZip() throws {
        let recorded = try RecordedScene(name: "ceiling.json")
        defer { recorded.remove() }
        let zip = try BundleReader(path: recorded.zipPath)
        #expect(!zip.has("no-such-file.json"))
        let broken = recorded.folder + "/broken.zip"
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: broken))
        #expect {
            try ReplayReader.read(path: broken)
        } throws: { error in
            "\(error)".contains(broken)
        }
    }
}
