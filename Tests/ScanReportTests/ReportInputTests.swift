import Foundation
import ScanReport
import TestSupport
import Testing

/// The report's assembly and writing, in-process: what `report` and `check --report` call.
@Suite struct ReportInputTests {
    @Test func aPageIsWrittenWholeAndAnExistingOneIsReplacedOnlyWithForce() throws {
        let folder = try TemporaryFolder("report-input")
        defer { folder.remove() }
        let page = folder.file("page.html")
        try ReportInput.write("<html>first</html>", to: page, force: false)
        #expect(throws: ReportPageError(.output, "\(page) exists; use --force to replace it")) {
            try ReportInput.write("<html>second</html>", to: page, force: false)
        }
        #expect(String(decoding: folder.bytes("page.html"), as: UTF8.self) == "<html>first</html>")
        try ReportInput.write("<html>second</html>", to: page, force: true)
        #expect(String(decoding: folder.bytes("page.html"), as: UTF8.self) == "<html>second</html>")
        #expect(folder.tree() == ["page.html"])
    }

    @Test func aSceneFileIsASceneAndABundlesArkitDataIsALog() throws {
        let folder = try TemporaryFolder("report-kind")
        defer { folder.remove() }
        for name in ["room.json", "arkitData.json", "poses.txt"] {
            FileManager.default.createFile(atPath: folder.file(name), contents: Data("{}".utf8))
        }
        #expect(ReportInput.kind(of: folder.file("room.json")) == .scene)
        #expect(ReportInput.kind(of: folder.file("arkitData.json")) == .log)
        #expect(ReportInput.kind(of: folder.file("poses.txt")) == .log)
        #expect(ReportInput.kind(of: folder.path) == .log)
    }
}
