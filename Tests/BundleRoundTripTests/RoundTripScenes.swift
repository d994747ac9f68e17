import CaptureBundle
import CaptureEngine
import Foundation
import RegressionCheck
import SyntheticSensor

/// The scenes of `Scenes/` and one scene run into a real bundle, shared by the round-trip tests.
enum RoundTripScenes {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The file names of every `Scenes/*.json` (top level only), sorted.
    static var names: [String] {
        let folder = packageRoot.appendingPathComponent("Scenes").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The path of `Scenes/<name>`.
    static func path(_ name: String) -> String {
        packageRoot.appendingPathComponent("Scenes").appendingPathComponent(name).path
    }
}

/// A scene run with `SceneRun` into a ``CubiCaptureStorage`` writing into a fresh temporary folder, as
/// `capture-sim run SCENE --out FOLDER --depth-every 30` does. Rendering a depth map only every 30th
/// frame keeps the test fast; the replay reads the same inputs back from the bundle, depth maps included.
struct RecordedScene {
    /// A depth map every this many frames on LiDAR devices.
    static let depthEveryNthFrame = 30

    let scene: Scene
    let settings: BundleSettings
    let run: SceneRun<CubiCaptureStorage>
    /// The folder the bundle was written in (removed by ``remove()``).
    let folder: String

    /// Runs `Scenes/<name>` with the scene's configuration, changed by `adjust`.
    init(name: String, adjust: (inout SessionConfiguration) -> Void = { _ in }) throws {
        scene = try Scene.load(path: RoundTripScenes.path(name))
        let capture = SyntheticCapture(scene: scene,
                                       options: CaptureOptions(depthEveryNthFrame: RecordedScene.depthEveryNthFrame))
        folder = try RecordedScene.temporaryFolder()
        var configuration = scene.configuration
        adjust(&configuration)
        settings = BundleSettings(outputFolder: folder, name: scene.name, metadata: scene.metadata, session: configuration,
                                  mesh: configuration.reconstructsScene ? capture.mesh : nil,
                                  faults: FaultPlan(scene.faults))
        run = try SceneRun(capture: capture, configuration: configuration, storage: CubiCaptureStorage(settings: settings))
    }

    /// The bundle folder, when the run left one.
    var bundlePath: String? {
        FileManager.default.fileExists(atPath: settings.bundlePath) ? settings.bundlePath : nil
    }

    /// The bundle's `<uid>.zip`.
    var zipPath: String { run.driver.storage.zipPath }

    /// Everything left in the output folder, relative, sorted.
    var leftovers: [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    private static func temporaryFolder() throws -> String {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((base + "capture-round-trip-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        return String(cString: made)
    }
}
