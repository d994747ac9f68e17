import Foundation

/// The one temporary folder a fuzz target may write to: created on first use under the system's
/// temporary directory, removed when the process exits. Targets that need a file on disk (libzip opens
/// paths; format detection looks at names) overwrite the same path for every input.
public enum FuzzScratch {
    nonisolated(unsafe) private static var folder: String?

    /// The folder, created on first use.
    public static func path() -> String {
        if let folder { return folder }
        var template = Array((NSTemporaryDirectory() + "/capture-sim-fuzz.XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("cannot create a temporary folder")
        }
        let created = String(cString: made)
        folder = created
        atexit { FuzzScratch.removeFolder() }
        return created
    }

    /// Writes `bytes` to `name` inside the folder (replacing what was there) and returns its path.
    public static func write(_ bytes: UnsafeRawBufferPointer, named name: String) -> String {
        let file = path() + "/" + name
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else {
            fatalError("cannot write \(file)")
        }
        return file
    }

    private static func removeFolder() {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
