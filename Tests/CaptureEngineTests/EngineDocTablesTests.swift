import CaptureEngine
import Foundation
import Testing

/// docs/engine.md carries four tables the code also prints: the rule provenance of each profile
/// (`capture-sim codes --sources`), the default thresholds (`capture-sim thresholds`) and their valid
/// ranges (`capture-sim thresholds --ranges`). These tests hold each of them equal to what the code
/// gives, so a changed rule or threshold cannot leave the document behind.
@Suite struct EngineDocTablesTests {
    /// docs/engine.md's text.
    static func engineDoc() throws -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return try String(contentsOf: url.appendingPathComponent("docs/engine.md"), encoding: .utf8)
    }

    /// The lines of the section under `heading` (up to the next `## ` heading).
    static func section(_ heading: String, in text: String) throws -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == heading }, "no '\(heading)' in docs/engine.md")
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    /// The first Markdown table of a section, its lines joined.
    static func table(_ heading: String, in text: String) throws -> String {
        let lines = try section(heading, in: text)
        let first = try #require(lines.firstIndex { $0.hasPrefix("|") }, "no table under '\(heading)'")
        return lines[first...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
    }

    /// Every profile has its section, "## Rule provenance (NAME)" (a new profile cannot be left out).
    @Test(arguments: SDKProfile.allCases)
    func theProvenanceTableIsWhatCodesSourcesPrints(profile: SDKProfile) throws {
        let heading = "## Rule provenance (\(profile.name))"
        let documented = try Self.table(heading, in: try Self.engineDoc())
        let printed = RuleSource.markdownTable(profile.ruleSources)
        let a = documented.split(separator: "\n"), b = printed.split(separator: "\n")
        for (k, (d, p)) in zip(a, b).enumerated() where d != p {
            Issue.record("docs/engine.md, \(heading), row \(k): '\(d)' but `codes --sdk \(profile.name) --sources` prints '\(p)'")
            break
        }
        #expect(a.count == b.count)
    }

    @Test func theDefaultThresholdsAreWhatThresholdsPrints() throws {
        let lines = try Self.section("## Default thresholds", in: try Self.engineDoc())
        let open = try #require(lines.firstIndex { $0 == "```json" })
        let close = try #require(lines[(open + 1)...].firstIndex { $0 == "```" })
        #expect(lines[(open + 1)..<close].joined(separator: "\n") == Thresholds().jsonText())
    }

    @Test func theValidRangesAreWhatThresholdsRangesPrints() throws {
        #expect(try Self.table("## Valid ranges", in: try Self.engineDoc()) == Thresholds.rangesMarkdownTable)
    }
}
