import Foundation
import TestSupport
import Testing

/// README's "Use it from Swift": its two code blocks (a `Package.swift` depending on this package, and a
/// `main.swift` that replays a log through `CaptureSession.step`) built as a package of their own and run.
@Suite struct SwiftPackageUseTests {
    /// The ```swift blocks of README's "Use it from Swift" section, in order.
    static func readmeBlocks() throws -> [String] {
        let readme = try String(contentsOfFile: PackageFolder.path("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Use it from Swift\n"))
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test func theReadmePackageBuildsAgainstTheLibraryProductsAndPrintsReplaysEvents() throws {
        let blocks = try Self.readmeBlocks()
        #expect(blocks.count == 2)
        let folder = try TemporaryFolder("swift-use")
        defer { folder.remove() }
        // The dependency's identity is its folder's name: ../capture-sim, as the README writes it.
        try FileManager.default.createSymbolicLink(atPath: folder.file("capture-sim"), withDestinationPath: PackageFolder.root.path)
        let package = folder.file("replay-events")
        try FileManager.default.createDirectory(atPath: package + "/Sources/replay-events", withIntermediateDirectories: true)
        try blocks[0].write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try blocks[1].write(toFile: package + "/Sources/replay-events/main.swift", atomically: true, encoding: .utf8)
        let build = try CommandLineTool.runProgram("/usr/bin/env", ["swift", "build", "--package-path", package, "-j", "2"])
        #expect(build.status == 0, "\(build.output)")
        let log = PackageFolder.path("Tests/CaptureReplayTests/Fixtures/arkit-logger-letters.txt")
        let run = try CommandLineTool.runProgram(package + "/.build/debug/replay-events", [log])
        #expect(run.status == 0, "\(run.output)")
        let replay = try CommandLineTool.run(["replay", log, "--json"])
        let expected = try replay.lines.map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return "\(object["code"] as? Int ?? -1)"
        }
        let codes = run.lines.map { String($0.split(separator: " ")[1]) }
        #expect(!codes.isEmpty && codes == expected, "\(run.stdout)")
    }
}
