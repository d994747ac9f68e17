import Foundation
import Testing
import TestSupport

/// `report`, `check --report` and `sweep --report` through the built tool.
@Suite(.serialized) struct ReportCommandTests {
    @Test func arkitLogFixture() throws {
        let temporary = try TemporaryFolder("report-arkit")
        defer { temporary.remove() }
        let folder = temporary.url
        let log = "Tests/CaptureReplayTests/Fixtures/arkit-logger-letters.txt"
        let out = folder.appendingPathComponent("letters.html").path
        let result = try CommandLineTool.run(["report", log, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        let events = try CommandLineTool.run(["replay", log, "--json"]).lines.count
        #expect(events > 0)
        #expect(ScriptedScan.count("class=\"event-marker ", in: html) == events)
        #expect(html.contains("class=\"extent\""), "no scene: the plan shows the trajectory's extent")
        #expect(!html.contains("http://") && !html.contains("https://"))
        // An existing report is kept without --force (exit 4), replaced with it.
        #expect(try CommandLineTool.run(["report", log, "--out", out]).status == 4)
        #expect(try CommandLineTool.run(["report", log, "--out", out, "--force"]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == html, "same input, same bytes")
    }

    @Test func usageErrors() throws {
        #expect(try CommandLineTool.run(["report"]).status == 2)
        #expect(try CommandLineTool.run(["report", "Scenes/apartment.json"]).status == 2)
        #expect(try CommandLineTool.run(["report", "Scenes/apartment.json", "--out", "/tmp/x.html", "--scene", "Scenes/floor.json"]).status == 2)
        #expect(try CommandLineTool.run(["report", "no-such-log.txt", "--out", "/tmp/x.html"]).status == 3)
    }

    @Test func failingCheckWritesAPagePerFailingScene() throws {
        let temporary = try TemporaryFolder("report-check")
        defer { temporary.remove() }
        let folder = temporary.url
        let result = try CommandLineTool.run(["check", "Scenes/fast-rotation.json", "--set", "fastRotation.degreesPerSecond=400",
                                              "--report", folder.path])
        #expect(result.status == 1)
        let index = try String(contentsOfFile: folder.appendingPathComponent("index.html").path, encoding: .utf8)
        #expect(index.contains("href=\"fast-rotation.html\""))
        let page = try String(contentsOfFile: folder.appendingPathComponent("fast-rotation.html").path, encoding: .utf8)
        #expect(page.contains("class=\"expected-tick\"") || page.contains("class=\"expected-window\""))
        #expect(page.contains("id=\"problems\""))
    }

    @Test func sweepHeatMap() throws {
        let temporary = try TemporaryFolder("report-sweep")
        defer { temporary.remove() }
        let folder = temporary.url
        let out = folder.appendingPathComponent("sweep.html").path
        let result = try CommandLineTool.run(["sweep", "Scenes/fast-rotation.json", "--param", "fastRotation.degreesPerSecond=100,400",
                                              "--report", out])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(ScriptedScan.count("class=\"cell fired\" data-code=\"87\"", in: html) == 1, "87 fires at 100 deg/s, not at 400")
    }
}
