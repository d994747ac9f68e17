import Foundation

/// Where the tests find their fixtures and where they write scratch files.
enum TestPaths {
    /// A file in `Tests/CaptureReplayTests/Fixtures`.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The real ARKit log.
    static var letters: String { fixture("arkit-logger-letters.txt") }

    /// A new empty folder under the system's temporary folder, unique per call.
    static func scratchFolder(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("capture-replay-tests-\(ProcessInfo.processInfo.processIdentifier)")
            .appendingPathComponent("\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }
}
