@testable import capture_sim
import Testing

/// Options declared once as typed keys (`Option`, `Flag`): read back converted, refused with the
/// option's name, and never read without being declared.
@Suite struct OptionTests {
    @Test func aKeyTheCommandDidNotDeclareThrowsWhenRead() throws {
        let parsed = try CommandLineArguments(["--json"], options: [RunCommand.jsonFlag.spec])
        #expect(try parsed[RunCommand.jsonFlag])
        expectUsageError("--force is read but not declared by this command") { try parsed[RunCommand.forceFlag] }
        expectUsageError("--seed is read but not declared by this command") { try parsed[RunCommand.seedOption] }
    }

    @Test func valuesConvertToTheirTypeOrNameTheOptionAndTheText() throws {
        let parsed = try RunCommand.parse(["--seed", "7", "--format=both", "--out", "o", "--truth", "depth,labels"])
        #expect(try parsed[RunCommand.seedOption] == 7)
        #expect(try parsed[RunCommand.formatOption] == .both)
        #expect(try parsed[RunCommand.truthOption] == [.depth, .labels])
        #expect(try parsed[RunCommand.depthEveryOption] == nil)
        expectUsageError("--format expects cubicapture, raw-rgbd or both, got 'zip'") {
            try RunCommand.parse(["--format", "zip"])[RunCommand.formatOption]
        }
        expectUsageError("--seed expects a non-negative integer, got '-1'") {
            try RunCommand.parse(["--seed", "-1"])[RunCommand.seedOption]
        }
    }

    @Test func aRepeatableOptionGivesEveryValueInOrder() throws {
        let parsed = try CommandLineArguments(["--set", "a=1", "--set", "b=2"], options: ThresholdOverrideOptions.options)
        #expect(try parsed.all(ThresholdOverrideOptions.set) == ["a=1", "b=2"])
        #expect(try parsed.isGiven(ThresholdOverrideOptions.set.spec) && !(try parsed.isGiven(ThresholdOverrideOptions.thresholds.spec)))
    }
}

/// Expects `body` to throw the usage error `message`.
private func expectUsageError(_ message: String, sourceLocation: SourceLocation = #_sourceLocation,
                              _ body: () throws -> Any?) {
    #expect(sourceLocation: sourceLocation) { _ = try body() } throws: { ($0 as? UsageError)?.description == message }
}

private extension RunCommand {
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineArguments {
        try CommandLineArguments(arguments, options: options)
    }
}
