import Foundation

/// The package's folder (where `Package.swift`, `Scenes/` and `Tests/` are), for tests that read the
/// project's own files.
public enum PackageFolder {
    /// The package's root folder.
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The path of a file given relative to the package's root, e.g. `Tests/CaptureSimTests/Malformed`.
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The path of `Scenes/<name>.json`, e.g. `scene("apartment")`.
    public static func scene(_ name: String) -> String {
        path("Scenes/\(name).json")
    }

    /// The file names of every `Scenes/*.json` (top level only), sorted.
    public static var sceneNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("Scenes"))) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The paths of every `Scenes/*.json` (top level only), sorted.
    public static var sceneFiles: [String] {
        sceneNames.map { path("Scenes/" + $0) }
    }
}
