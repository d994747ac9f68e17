import CaptureEngine
import Foundation
import JSONSupport

/// A golden file: every event of a scene's run, one JSON object per line in the one event shape
/// (`{"time","code","message","severity"}`), so any change of code, time or message is a difference.
public enum GoldenEvents {
    /// The golden text for events (times as the event JSON writes them), traces left out.
    public static func text(_ events: [Event]) -> String {
        events.map { e -> String in
            var plain = e
            plain.trace = nil
            return plain.json.serialized() + "\n"
        }.joined()
    }

    /// Compares a run with golden text; returns the problems and an aligned line-by-line diff.
    public static func compare(golden: String, events: [Event]) -> ExpectationResult {
        let expected = golden.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let actual = text(events).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard expected != actual else { return ExpectationResult(problems: [], diff: []) }
        var diff: [String] = []
        var first: String?
        for i in 0..<max(expected.count, actual.count) {
            let e = i < expected.count ? summary(expected[i]) : "(none)"
            let a = i < actual.count ? summary(actual[i]) : "(none)"
            let differs = i >= expected.count || i >= actual.count || expected[i] != actual[i]
            if differs && first == nil { first = "event \(i + 1): expected \(e), got \(a)" }
            diff.append(SceneExpectations.row(e, a, mark: differs))
        }
        return ExpectationResult(problems: [first ?? "golden file differs"],
                                 diff: [SceneExpectations.row("golden", "actual")] + diff)
    }

    /// Why `text` is not a golden file (one event object per line, each with a numeric `time` and
    /// `code`), naming the line; nil when it is one.
    public static func formatProblem(_ text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() where !(line.isEmpty && i == lines.count - 1) {
            guard case .object(let members)? = try? JSONParser.parse(Array(line.utf8)),
                  members.contains(where: { if $0.0 == "time", case .number = $0.1 { true } else { false } }),
                  members.contains(where: { if $0.0 == "code", case .number = $0.1 { true } else { false } }) else {
                return "line \(i + 1): expected one event object per line ({\"time\", \"code\", \"message\", \"severity\"})"
            }
        }
        return nil
    }

    /// "87 at 12.500 s" from one golden line.
    private static func summary(_ line: String) -> String {
        guard case .object(let members)? = try? JSONParser.parse(Array(line.utf8)),
              case .number(let code, _)? = members.last(where: { $0.0 == "code" })?.1, code == code.rounded(), abs(code) < 1e9,
              case .number(let time, _)? = members.last(where: { $0.0 == "time" })?.1 else { return line }
        return "\(Int(code)) at \(NumberFormatting.fixed(time, decimals: 3)) s"
    }
}
