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
        var matched: [(Expected, Event?)] = []
        for (expected, found) in zip(sequence, Self.align(sequence, events)) {
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

    /// For each expected entry, the event it is matched with, or nil where it is missing: a longest common
    /// subsequence of the expected entries and the events (as `diff` aligns lines), so one missing code
    /// marks only itself; among the longest, each entry takes the earliest event it can (so when every
    /// entry is found, as in order from the start).
    static func align(_ expected: [Expected], _ events: [Event]) -> [Event?] {
        let n = expected.count, m = events.count
        // best[i][j]: the most entries of expected[i...] matched in order within events[j...].
        var best = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        if n > 0, m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    best[i][j] = max(best[i + 1][j], best[i][j + 1],
                                     expected[i].matches(events[j]) ? 1 + best[i + 1][j + 1] : 0)
                }
            }
        }
        var found = [Event?](repeating: nil, count: n)
        var i = 0, j = 0
        while i < n, j < m {
            if expected[i].matches(events[j]), best[i][j] == 1 + best[i + 1][j + 1] {
                found[i] = events[j]
                i += 1
                j += 1
            } else if best[i][j + 1] == best[i][j] {
                j += 1
            } else {
                i += 1
            }
        }
        return found
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
