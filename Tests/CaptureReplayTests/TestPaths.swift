import Foundation

/// Where the tests find their fixtures.
enum TestPaths {
    /// A file in `Tests/CaptureReplayTests/Fixtures`.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The real ARKit log.
    static var letters: String { fixture("arkit-logger-letters.txt") }
}
