import Foundation

/// Runs the built `capture-sim` binary for end-to-end tests: finds it next to the test bundle (or in
/// `.build/debug`), runs it in the package folder and captures exit status, standard output and error.
public enum CommandLineTool {
    /// The package folder (where `Scenes/` is).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The built tool.
    public static var executable: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("capture-sim"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("capture-sim"),
            packageRoot.appendingPathComponent(".build/debug/capture-sim"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// What one run gave.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(stdout.hasSuffix("\n") ? 1 : 0).map { $0 } }
    }

    /// Runs the tool with arguments in `directory` (default: the package folder).
    public static func run(_ arguments: [String], in directory: URL = packageRoot) throws -> Result {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        return try runProgram(executable.path, arguments, in: directory)
    }

    /// Runs any program with arguments in `directory` (default: the package folder).
    public static func runProgram(_ path: String, _ arguments: [String], in directory: URL = packageRoot) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let errData = ReadAll(err)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.wait(), as: UTF8.self))
    }

    /// Reads a pipe on another thread.
    private final class ReadAll: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)
        init(_ pipe: Pipe) {
            Thread.detachNewThread { [self] in
                data = pipe.fileHandleForReading.readDataToEndOfFile()
                done.signal()
            }
        }
        func wait() -> Data {
            done.wait()
            return data
        }
    }

    /// A new empty temporary folder.
    public static func temporaryFolder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("capture-sim-\(label)-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
