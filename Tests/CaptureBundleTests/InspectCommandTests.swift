@testable import CaptureEngine
import CaptureBundle
import Foundation
import TestSupport
import Testing

/// `capture-sim inspect` as a user runs it: the built tool, its output and exit status.
@Suite struct InspectCommandTests {
    func inspect(_ arguments: [String]) throws -> CommandLineTool.Result {
        try CommandLineTool.run(["inspect"] + arguments)
    }

    func bundle() throws -> TemporaryFolder {
        let out = try TemporaryFolder()
        var storage = CubiCaptureStorage(settings: BundleFixture().settings(folder: out.path))
        BundleFixture().write(to: &storage)
        return out
    }

    @Test func aValidBundleExitsZeroWithItsSummary() throws {
        let out = try bundle()
        defer { out.remove() }
        let result = try inspect([out.path + "/scan"])
        #expect(result.status == 0)
        #expect(result.output.contains("layout          cubiCapture (folder)"))
        #expect(result.output.contains("depth frames    \(BundleFixture().depthFrameIndices.count) (16x12)"))
        #expect(result.output.contains("events          0:1  1:1  2:1  87:1"))
        #expect(result.output.hasSuffix("valid           yes"))
    }

    @Test func jsonOutputIsOneObject() throws {
        let out = try bundle()
        defer { out.remove() }
        let result = try inspect([out.path + "/scan", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["valid"] as? Bool == true)
        #expect(object["recordedFrames"] as? Int == BundleFixture().recordedFrames)
        #expect((object["events"] as? [String: Int])?["87"] == 1)
    }

    @Test func anInvalidBundleExitsOneNamingTheFirstProblem() throws {
        let out = try bundle()
        defer { out.remove() }
        try FileManager.default.removeItem(atPath: out.path + "/scan/feedback.json")
        let result = try inspect([out.path + "/scan"])
        #expect(result.status == 1)
        #expect(result.output.contains("capture-sim inspect: invalid bundle: feedback.json: missing"))
    }

    @Test func anUnreadablePathExitsThreeAndAMissingPathArgumentTwo() throws {
        let out = try TemporaryFolder()
        defer { out.remove() }
        let unreadable = try inspect([out.path + "/nothing"])
        #expect(unreadable.status == 3)
        #expect(unreadable.output.contains("no such file or folder"))
        #expect(try inspect([]).status == 2)
        #expect(try inspect(["a", "b"]).status == 2)
    }
}
