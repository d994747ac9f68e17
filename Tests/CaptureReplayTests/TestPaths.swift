import Foundation

/// Where the tests find their fixtures and the built tool, and where they write scratch files.
enum TestPaths {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

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

    /// The built `capture-sim` next to the test bundle (the build folder), or in `.build/debug`.
    static var tool: String? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("capture-sim"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("capture-sim"),
            packageRoot.appendingPathComponent(".build/debug/capture-sim"),
        ]
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
