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

    /// Why `text` is not a golden file (one event object per line, each with a whole-number `code` and a
    /// numeric `time`), naming the line; nil when it is one.
    public static func formatProblem(_ text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() where !(line.isEmpty && i == lines.count - 1) {
            guard read(line) != nil else {
                return "line \(i + 1): expected one event object per line ({\"time\", \"code\", \"message\", \"severity\"})"
            }
        }
        return nil
    }

    /// One event of a golden file as read back: its code and time.
    public struct Line: Equatable, Sendable {
        public var code: Int
        /// Seconds on the session clock.
        public var time: Double

        public init(code: Int, time: Double) {
            self.code = code
            self.time = time
        }
    }

    /// The one reader of a golden line (the format check, the comparison's summaries, `check --report`'s
    /// expected events): a JSON object with a whole-number `code` (below 10^9 in magnitude) and a finite
    /// numeric `time`; nil for anything else. The strict parser refuses a key given twice.
    public static func read(_ line: Substring) -> Line? {
        guard case .object(let members)? = try? JSONParser.parse(Array(line.utf8)),
              case .number(let code, _)? = members.first(where: { $0.0 == "code" })?.1,
              code == code.rounded(), abs(code) < 1e9,
              case .number(let time, _)? = members.first(where: { $0.0 == "time" })?.1, time.isFinite else { return nil }
        return Line(code: Int(code), time: time)
    }

    /// Every event of a golden file's text, in order (lines that are no event left out).
    public static func events(in text: String) -> [Line] {
        text.split(separator: "\n").compactMap(read)
    }

    /// "87 at 12.500 s" from one golden line (the line itself when it is no event).
    private static func summary(_ line: String) -> String {
        guard let event = read(Substring(line)) else { return line }
        return "\(event.code) at \(NumberFormatting.fixed(event.time, decimals: 3)) s"
    }
}
