import Foundation
import Testing
import TestSupport

/// The malformed-input corpus (Tests/CaptureSimTests/Malformed, one small file per case): each case's
/// command must give its documented exit code and a message naming the file and the place (standard error; `check` reports on standard output).
@Suite struct MalformedInputTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var exit: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let folder = PackageFolder.root.appendingPathComponent("Tests/CaptureSimTests/Malformed")

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("cases.json")),
              let cases = try? JSONDecoder().decode([Case].self, from: data) else { return [] }
        return cases
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: cases)
    func eachCaseGivesItsExitCodeAndNamesTheFileAndPlace(_ item: Case) throws {
        let temporary = try TemporaryFolder("malformed")
        defer { temporary.remove() }
        let arguments = item.arguments.map { $0.replacingOccurrences(of: "{tmp}", with: temporary.path) }
            + (item.arguments.first == "run" ? ["--no-progress"] : [])
        let r = try CommandLineTool.run(arguments, in: Self.folder)
        #expect(r.status == item.exit, "\(r.stderr)")
        // `check` reports each scene on standard output, the other commands on standard error.
        #expect(item.message.isEmpty || (r.stderr + r.stdout).contains(item.message), "\(r.stderr)")
        // Nothing is written where the case's command was run, nor in the temporary folder but --out.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).allSatisfy { $0 == "out" })
    }
}
