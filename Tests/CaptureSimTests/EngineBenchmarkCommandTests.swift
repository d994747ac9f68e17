import Foundation
import TestSupport
import Testing

/// `bench engine` end to end: the allocation counter (CAllocationCounter, the tool's own malloc) counts
/// the allocations made before the measured loop and finds none in it.
@Suite struct EngineBenchmarkCommandTests {
    @Test func theCounterSeesTheSetUpsAllocationsAndNoneInTheLoop() throws {
        let result = try CommandLineTool.run(["bench", "engine", "--frames", "20000"])
        #expect(result.status == 0, "\(result.output)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("allocations") }, "\(result.stdout)")
        #expect(line.contains("0 in the loop (0.000 bytes/frame)"), "\(line)")
        let words = line.split(separator: " ")
        let before = try #require(words.firstIndex(of: "before").flatMap { Int(words[$0 - 1].filter(\.isNumber)) }, "\(line)")
        #expect(before > 100, "\(line)")
    }
}
