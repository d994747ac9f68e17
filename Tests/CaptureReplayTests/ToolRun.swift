import Foundation
import TestSupport

/// One run of the built `capture-sim`: its exit status and output.
struct ToolRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Runs `capture-sim` with `arguments`, its output captured in files; nil when the tool is not built.
    static func capture(_ arguments: [String]) throws -> ToolRun? {
        guard let tool = CommandLineTool.executable?.path else { return nil }
        let folder = TestPaths.scratchFolder("tool-run")
        let outPath = folder + "/stdout", errPath = folder + "/stderr"
        guard FileManager.default.createFile(atPath: outPath, contents: nil),
              FileManager.default.createFile(atPath: errPath, contents: nil),
              let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return ToolRun(status: process.terminationStatus,
                       standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                       standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}
