import CaptureEngine
import Foundation
import JSONSupport
import RegressionCheck
import SyntheticSensor

/// Loads a scene file for a command (an ``InputError`` naming the file and JSON path: exit 3).
func loadScene(_ path: String) throws(InputError) -> Scene {
    try Scene.load(path: path)
}

/// The default scene of `run` and the scene folder of `check`: `Scenes/` in the working directory (the
/// project folder), else the scenes installed beside the tool, `<bin>/../share/capture-sim/Scenes` (the
/// layout of `make dist`'s package and its container image).
enum DefaultPaths {
    static let scenesFolder: String = {
        if FileManager.default.fileExists(atPath: "Scenes/apartment.json") { return "Scenes" }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/capture-sim/Scenes").path
        return FileManager.default.fileExists(atPath: installed + "/apartment.json") ? installed : "Scenes"
    }()
    static var defaultScene: String { scenesFolder + "/apartment.json" }
}

/// Scene expectations read from a scene's `expect` and `golden` entries.
func expectations(of scene: Scene) throws(InputError) -> SceneExpectations {
    try SceneExpectations(expect: scene.expect, golden: scene.golden, sdk: scene.sdk, source: scene.source)
}
