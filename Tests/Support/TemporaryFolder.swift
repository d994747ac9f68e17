import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under the system's temporary directory (`mkdtemp`), for one test's files; the test
/// removes it with ``remove()`` (`defer { folder.remove() }`).
public struct TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// The folder's URL.
    public var url: URL { URL(fileURLWithPath: path) }

    /// Makes a new empty folder named `capture-sim-<label>-XXXXXX`.
    public init(_ label: String = "test") throws {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((base + "capture-sim-\(label)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a copy of `Scenes/<base>.json` named `name` (without its expectations and golden file) into
    /// the folder as `<name>.json` and returns its path.
    public func sceneCopy(of base: String = "too-far", named name: String) throws -> String {
        let data = try Data(contentsOf: PackageFolder.root.appendingPathComponent("Scenes/\(base).json"))
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw CocoaError(.fileReadCorruptFile) }
        object["name"] = name
        object["expect"] = nil
        object["golden"] = nil
        let scene = file(name + ".json")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: scene))
        return scene
    }

    /// The path of `relative` inside the folder.
    public func file(_ relative: String) -> String { path + "/" + relative }

    /// Every file and folder below this one, relative, sorted.
    public func tree() -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    /// The bytes of `relative` (empty when it cannot be read).
    public func bytes(_ relative: String) -> [UInt8] {
        FileManager.default.contents(atPath: file(relative)).map { Array($0) } ?? []
    }
}
