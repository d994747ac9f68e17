import Foundation

/// A fresh folder under the system's temporary directory (mkdtemp), removed by `remove()`.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array(((NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/") + "capture-bundle-test-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Every file and folder below this one, relative, sorted.
    func tree() -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    func bytes(_ relative: String) -> [UInt8] {
        (FileManager.default.contents(atPath: path + "/" + relative)).map { Array($0) } ?? []
    }
}
