import CaptureEngine
import Foundation
import JSONSupport
import RegressionCheck
import SyntheticSensor

/// Loads a scene file for a command (an ``InputError`` naming the file and JSON path: exit 3).
func loadScene(_ path: String) throws(InputError) -> Scene {
    try Scene.load(path: path)
}

/// The default scene of `run` and the scene folder of `check`: `Scenes/` in the working directory.
enum DefaultPaths {
    static let scenesFolder = "Scenes"
    static let defaultScene = "Scenes/apartment.json"
}

/// Scene expectations read from a scene's `expect` and `golden` entries.
func expectations(of scene: Scene) throws(InputError) -> SceneExpectations {
    try SceneExpectations(expect: scene.expect, golden: scene.golden, sdk: scene.sdk, source: scene.source)
}
