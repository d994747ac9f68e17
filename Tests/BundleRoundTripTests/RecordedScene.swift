import CaptureBundle
import CaptureEngine
import Foundation
import RegressionCheck
import SceneRuntime
import SyntheticSensor
import TestSupport

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
    let output: TemporaryFolder
    var folder: String { output.path }

    /// Runs `Scenes/<name>` with the scene's configuration, changed by `adjust`.
    init(name: String, adjust: (inout SessionConfiguration) -> Void = { _ in }) throws {
        scene = try Scene.load(path: PackageFolder.path("Scenes/" + name))
        let capture = SyntheticCapture(scene: scene,
                                       options: CaptureOptions(depthEveryNthFrame: RecordedScene.depthEveryNthFrame))
        output = try TemporaryFolder("round-trip")
        var configuration = scene.configuration
        adjust(&configuration)
        settings = BundleSettings(outputFolder: output.path, name: scene.name, metadata: scene.metadata, session: configuration,
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
    var leftovers: [String] { output.tree() }

    func remove() { output.remove() }
}
