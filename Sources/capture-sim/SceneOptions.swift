import CaptureEngine
import Foundation
import JSONSupport
import RegressionCheck
import SyntheticSensor

/// Loads a scene file for a command, turning loader errors into exit code 3 with the loader's message
/// (which names the file and JSON path).
func loadScene(_ path: String) throws(CommandFailure) -> Scene {
    do {
        return try Scene.load(path: path)
    } catch {
        throw CommandFailure(error.description, exitCode: .badInput)
    }
}

/// The default scene of `run` and the scene folder of `check`: `Scenes/` in the working directory.
enum DefaultPaths {
    static let scenesFolder = "Scenes"
    static let defaultScene = "Scenes/apartment.json"
}

/// Scene expectations read from a scene's `expect` and `golden` entries.
func expectations(of scene: Scene) throws -> SceneExpectations {
    do {
        return try SceneExpectations(expect: scene.expect, golden: scene.golden, sdk: scene.sdk, source: scene.source)
    } catch {
        throw CommandFailure(error.description, exitCode: .badInput)
    }
}

/// A progress bar on standard error, drawn only when it is a terminal.
struct ProgressBar {
    let label: String
    let enabled: Bool

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    func update(_ fraction: Double) {
        guard enabled else { return }
        let width = 30
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data("\r\(TerminalText.escaped(label)) [\(bar)] \(Int(fraction * 100))%".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
