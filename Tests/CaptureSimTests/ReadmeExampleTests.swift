import Foundation
import TestSupport
import Testing

/// README.md's examples, run as written (Tests/Readers/readme_examples.py) with the built tool first on
/// PATH, in a scratch folder; the long ones and those that need your own capture are marked in the README
/// and skipped.
@Suite struct ReadmeExampleTests {
    @Test func everyExampleRunsAsWrittenAndExitsAsTheReadmeSays() throws {
        let tool = try #require(CommandLineTool.executable).path
        let result = try CommandLineTool.runProgram("/usr/bin/env", ["python3", PackageFolder.path("Tests/Readers/readme_examples.py"),
                                                                    tool, PackageFolder.path("README.md"), PackageFolder.root.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("readme examples: "), "\(result.stdout)")
    }
}
