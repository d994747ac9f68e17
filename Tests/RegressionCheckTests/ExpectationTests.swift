import CaptureEngine
import Foundation
import JSONSupport
import FoundationXML
import RegressionCheck
import Testing

@Suite struct ExpectationTests {
    private func json(_ text: String) -> JSONValue? {
        (try? JSONParser.parse(Array(text.utf8)))?.jsonValue
    }

    private let events = [
        Event(time: 0.25, meaning: .landscape), Event(time: 0.5, meaning: .recordingStarted),
        Event(time: 12.25, meaning: .fastRotation), Event(time: 12.25, meaning: .errorSound),
        Event(time: 20, meaning: .finishedWithEnoughData), Event(time: 20, meaning: .zipped, parameters: EventParameters(zipPath: "a.zip")),
        Event(time: 20, meaning: .finished),
    ]

    @Test func sequenceWithTimeWindowPasses() throws {
        let e = try SceneExpectations(expect: json(#"{"sequence": [0, 1, {"code": 87, "between": [12.0, 13.5]}, 2, 7, 5], "forbid": [29, 30]}"#), golden: nil, source: "s.json")
        #expect(e.check(events).passed)
    }

    @Test func eventOutsideItsWindowFailsNamingCodeAndTimes() throws {
        let e = try SceneExpectations(expect: json(#"{"sequence": [{"code": 87, "between": [13.0, 13.5]}]}"#), golden: nil, source: "s.json")
        let result = e.check(events)
        #expect(result.problems == ["expected 87 between 13 and 13.5 s (in order), got 87 at 12.250 s"])
        #expect(result.diff == [
            "  expected                           | actual",
            "! 87 between 13 and 13.5 s           | (missing)",
        ])
    }

    /// Issue 48, item 9: expected `0 1 87 85 2 7 5` with 87 missing marks only 87 missing; the codes after
    /// it are matched with the events that have them, as `diff` aligns lines.
    @Test func oneMissingCodeLeavesTheRestAligned() throws {
        let e = try SceneExpectations(expect: json(#"{"sequence": [0, 1, 29, 87, 2, 7, 5]}"#), golden: nil, source: "s.json")
        let result = e.check(events)
        #expect(result.problems == ["expected 29, but 29 never occurred"])
        #expect(result.diff == [
            "  expected                           | actual",
            "  0                                  | 0 at 0.250 s  Device in landscape orientation",
            "  1                                  | 1 at 0.500 s  Recording started",
            "! 29                                 | (missing)",
            "  87                                 | 87 at 12.250 s  Too fast rotations. Showing fast movement warning",
            "  2                                  | 2 at 20.000 s  Recording finished, saving the scan files",
            "  7                                  | 7 at 20.000 s  Zipping finished: a.zip",
            "  5                                  | 5 at 20.000 s  Finished recording - CubiCapture is finished",
        ])
    }

    @Test func forbiddenCodeFails() throws {
        let e = try SceneExpectations(expect: json(#"{"forbid": [87]}"#), golden: nil, source: "s.json")
        #expect(e.check(events).problems == ["forbidden 87 occurred at 12.250 s: Too fast rotations. Showing fast movement warning"])
    }

    @Test func orderMatters() throws {
        let e = try SceneExpectations(expect: json(#"{"sequence": [2, 87]}"#), golden: nil, source: "s.json")
        #expect(!e.check(events).passed)
    }

    @Test func malformedExpectationsNameTheJSONPath() {
        #expect(throws: InputError(file: "s.json", location: "expect.sequence[1]", reason: "expected one of SDK 2.10's event codes (see `capture-sim codes --sdk 2.10`)")) {
            try SceneExpectations(expect: json(#"{"sequence": [0, 4]}"#), golden: nil, source: "s.json")
        }
        #expect(throws: InputError(file: "s.json", location: "expect.sequence[0].between", reason: "expected [earliest, latest] in seconds")) {
            try SceneExpectations(expect: json(#"{"sequence": [{"code": 87, "between": [5]}]}"#), golden: nil, source: "s.json")
        }
        #expect(throws: InputError(file: "s.json", location: "expect.order", reason: "expected only \"sequence\" and \"forbid\" (unknown key)")) {
            try SceneExpectations(expect: json(#"{"order": []}"#), golden: nil, source: "s.json")
        }
    }

    @Test func goldenTextRoundTripsAndDiffNamesFirstDifference() {
        let golden = GoldenEvents.text(events)
        #expect(GoldenEvents.compare(golden: golden, events: events).passed)
        var changed = events
        changed[2].time = 12.5
        let result = GoldenEvents.compare(golden: golden, events: changed)
        #expect(result.problems == ["event 3: expected 87 at 12.250 s, got 87 at 12.500 s"])
        #expect(result.diff.contains("! 87 at 12.250 s                     | 87 at 12.500 s"))
    }

    @Test func junitIsWellFormedWithOneCasePerScene() throws {
        let report = JUnitReport(suiteName: "capture-sim check", cases: [
            JUnitReport.Case(name: "drift", className: "Scenes", seconds: 0.25, failure: nil, details: ""),
            JUnitReport.Case(name: "a<b>&\"c\"", className: "Scenes", seconds: 1, failure: "expected 13 & got <none>", details: "! line"),
        ])
        let doc = try XMLDocument(xmlString: report.xml)
        let cases = try doc.nodes(forXPath: "//testsuite/testcase")
        #expect(cases.count == 2)
        #expect(try doc.nodes(forXPath: "//testcase/failure").count == 1)
        #expect(try doc.nodes(forXPath: "//testsuite/@failures").first?.stringValue == "1")
    }

    @Test func junitRecordsTheOverridesAsTheSuitesProperties() throws {
        let report = JUnitReport(suiteName: "capture-sim check",
                                 cases: [JUnitReport.Case(name: "drift", className: "Scenes", seconds: 0.25, failure: nil, details: "")],
                                 properties: [("--thresholds", "ci/strict.json"), ("--set", "fastRotation.degreesPerSecond=99")])
        let doc = try XMLDocument(xmlString: report.xml)
        let names = try doc.nodes(forXPath: "//testsuite/properties/property/@name").map(\.stringValue)
        let values = try doc.nodes(forXPath: "//testsuite/properties/property/@value").map(\.stringValue)
        #expect(names == ["--thresholds", "--set"])
        #expect(values == ["ci/strict.json", "fastRotation.degreesPerSecond=99"])
        // Without overrides there is no properties element.
        let plain = JUnitReport(suiteName: "s", cases: [])
        #expect(!plain.xml.contains("<properties>"))
    }

    @Test func shardsAreDisjointAndCoverEverything() {
        let names = (0..<200).map { "Scenes/scene-\($0).json" }
        for n in 1...5 {
            var seen = Set<String>()
            for i in 1...n {
                let part = names.filter { Shard(index: i, count: n).contains($0) }
                #expect(seen.isDisjoint(with: part))
                seen.formUnion(part)
            }
            #expect(seen.count == names.count)
        }
        #expect(Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        #expect(Shard(parsing: "4/3") == nil)
        #expect(Shard(parsing: "0/3") == nil)
    }
}
