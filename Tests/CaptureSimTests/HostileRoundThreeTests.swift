import Foundation
import TestSupport
import Testing

/// Issue 45's third round of attacks, run by Tests/Readers/hostile_round_three.py against the built
/// tool: links planted where `generate` writes (checked with `strace` for `O_EXCL | O_NOFOLLOW`), a
/// signal while `export` writes with unlinks slowed (until it has landed ten times), a pose a world
/// away in `report`, work past `lidar stats`' and a scene's limits, huge clocks and poses, a FIFO in a
/// Stray export, names that forge lines, and the smaller holes. One line a case in the output.
@Suite struct HostileRoundThreeTests {
    @Test func everyAttackOfTheThirdRoundIsRefusedOrHarmless() throws {
        let tool = try #require(CommandLineTool.executable).path
        let result = try CommandLineTool.runProgram("/usr/bin/env", ["python3", PackageFolder.path("Tests/Readers/hostile_round_three.py"), tool])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }
}
