import CaptureEngine
import JSONSupport

/// The outcome of comparing a run's events with a scene's expectations.
public struct ExpectationResult: Equatable, Sendable {
    /// Every difference, the first one first; empty when the scene passes.
    public var problems: [String]
    /// Expected-versus-actual lines aligned for reading (empty when the scene passes).
    public var diff: [String]
    /// The code of the first problem when it is an expected code that never occurred (so `check` can say
    /// what its detector measured instead).
    public var neverOccurred: Int? = nil

    public var passed: Bool { problems.isEmpty }
}

extension SceneExpectations {
    /// Compares events with the expected sequence and forbidden codes (golden files are compared by
    /// ``GoldenEvents``).
    public func check(_ events: [Event]) -> ExpectationResult {
        var problems: [String] = []
        var diff: [String] = []
        var neverOccurred: Int?
        var next = 0
        var matched: [(Expected, Event?)] = []
        for expected in sequence {
            var found: Event?
            while next < events.count {
                let e = events[next]
                next += 1
                if expected.matches(e) {
                    found = e
                    break
                }
            }
            matched.append((expected, found))
            if found == nil && problems.isEmpty {
                let same = events.filter { $0.code == expected.code }
                if same.isEmpty {
                    problems.append("expected \(expected), but \(expected.code) never occurred")
                    neverOccurred = expected.code
                } else {
                    let times = same.prefix(3).map { NumberFormatting.fixed($0.time, decimals: 3) + " s" }.joined(separator: ", ")
                    problems.append("expected \(expected) (in order), got \(expected.code) at \(times)")
                }
            }
        }
        for rule in forbidden {
            if let e = events.first(where: { rule.matches($0) }) {
                problems.append("forbidden \(rule) occurred at \(NumberFormatting.fixed(e.time, decimals: 3)) s: \(e.message)")
            }
        }
        if !problems.isEmpty {
            diff.append(Self.row("expected", "actual"))
            for (expected, found) in matched {
                diff.append(Self.row(expected.description, found.map(Self.describe) ?? "(missing)", mark: found == nil))
            }
            for rule in forbidden {
                for e in events where rule.matches(e) {
                    diff.append(Self.row("no \(rule)", Self.describe(e), mark: true))
                }
            }
        }
        return ExpectationResult(problems: problems, diff: diff, neverOccurred: neverOccurred)
    }

    static func describe(_ e: Event) -> String {
        "\(e.code) at \(NumberFormatting.fixed(e.time, decimals: 3)) s  \(e.message)"
    }

    static func row(_ left: String, _ right: String, mark: Bool = false) -> String {
        let width = 34
        let l = left.count >= width ? left : left + String(repeating: " ", count: width - left.count)
        return (mark ? "! " : "  ") + l + " | " + right
    }
}
