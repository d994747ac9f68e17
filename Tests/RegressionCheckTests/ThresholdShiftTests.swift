import CaptureEngine
import Foundation
import RegressionCheck
import Testing

/// The walk that proves every threshold is guarded runs in release, in `make test`:
/// `capture-sim check Scenes --shift-each` raises and lowers each numeric key by 10 % and fails when some
/// key's shifts fail no scene (``ThresholdShiftWalk``). These tests check, without running scenes, that the
/// walk covers every key and that each key has a boundary scene in `Scenes/boundaries/` naming it.
@Suite struct ThresholdShiftTests {
    /// `Scenes/boundaries`, found from this file's place in the package.
    private static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenes/boundaries")

    /// The text of every boundary scene.
    private static func boundaryScenes() throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted().map {
            ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test func theWalkCoversEveryNumericThreshold() {
        // Every key but the switch and the choice (what drift does), which no factor shifts.
        #expect(ThresholdShiftWalk.keys == Thresholds.keyPaths.filter { $0 != "ceiling.enabledOnLiDAR" && $0 != "drift.action" })
        #expect(Set(ThresholdShiftWalk.keys).isSubset(of: Set(Thresholds.keyPaths)))
    }

    /// A threshold no boundary scene names has no scene made to pin it (the walk would then have to be
    /// lucky); every key is named in some boundary scene's description.
    @Test func everyNumericThresholdIsNamedByABoundaryScene() throws {
        let scenes = try Self.boundaryScenes()
        let unnamed = ThresholdShiftWalk.keys.filter { key in !scenes.contains { $0.text.contains("\"\(key)\"") || $0.text.contains(key) } }
        #expect(unnamed.isEmpty, "no boundary scene names \(unnamed)")
    }

    @Test func scenesNamingTheKeyRunFirst() {
        let walk = ThresholdShiftWalk(files: ["a.json", "b.json", "c.json"], jobs: 1)
        let order = walk.order(for: "drift.meters", descriptions: ["a.json": "x", "b.json": "guards drift.meters", "c.json": "drift.metersX"])
        #expect(order == ["b.json", "c.json", "a.json"])
    }

    @Test func aShiftOutsideTheRangeIsNotRun() {
        // 0.8 x 1.5 is beyond a fraction's range [0, 1]: the walk reports it and runs nothing for it.
        let walk = ThresholdShiftWalk(files: [], shift: 0.5, jobs: 1)
        let outcome = walk.walk(key: "sideways.lateralFraction", files: [])
        #expect(outcome.invalidShifts == ["x1.5"])
        #expect(outcome.scenesRun == 0)
        #expect(!outcome.isGuarded)
    }
}
