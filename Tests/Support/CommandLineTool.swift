import Foundation

/// Runs the built `capture-sim` binary (and other programs: `ffprobe`, `python3`) for end-to-end tests:
/// finds it next to the test bundle (or in `.build/debug`, or `make test`'s `.build-test/release`), runs it in the package folder and captures
/// exit status, standard output and standard error.
public enum CommandLineTool {
    /// The built tool.
    public static var executable: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("capture-sim"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("capture-sim"),
            PackageFolder.root.appendingPathComponent(".build/debug/capture-sim"),
            PackageFolder.root.appendingPathComponent(".build-test/release/capture-sim"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// What one run gave.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
        /// Standard output's lines (without the last newline).
        public var lines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(stdout.hasSuffix("\n") ? 1 : 0).map { $0 }
        }
        /// Standard output then standard error, without surrounding white space (for messages and
        /// `contains` checks).
        public var output: String {
            (stdout + stderr).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Runs the tool with arguments in `directory` (default: the package folder).
    public static func run(_ arguments: [String], in directory: URL = PackageFolder.root) throws -> Result {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        return try runProgram(executable.path, arguments, in: directory)
    }

    /// Runs any program (an absolute path; `/usr/bin/env` to search `PATH`) with arguments in `directory`
    /// (default: the package folder).
    public static func runProgram(_ path: String, _ arguments: [String], in directory: URL = PackageFolder.root) throws -> Result {
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

    /// Starts the tool in the package folder without waiting for it, its output discarded.
    public static func start(_ arguments: [String]) throws -> Process {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = PackageFolder.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
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
}
