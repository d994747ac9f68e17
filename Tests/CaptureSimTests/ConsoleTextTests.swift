@testable import capture_sim
import JSONSupport
import Testing

/// The small texts of the CLI, in-process: the progress bar's line, did-you-mean and counts.
@Suite struct ConsoleTextTests {
    @Test func theProgressBarSaysTheTimeLeftFromTheElapsedTimeOnceTwoPercentAreDone() {
        #expect(ProgressBar.line(label: "check", fraction: 0.25, elapsedSeconds: 30)
            == "check [#######                       ] 25%  1:30 left")
        // Too early to estimate: under 2 % done, or under a second gone.
        #expect(ProgressBar.line(label: "run", fraction: 0.01, elapsedSeconds: 30) == "run [                              ] 1%")
        #expect(ProgressBar.line(label: "run", fraction: 0.5, elapsedSeconds: 0.5) == "run [###############               ] 50%")
        // Done: no estimate; out-of-range fractions are held to 0...1.
        #expect(ProgressBar.line(label: "fit", fraction: 1.2, elapsedSeconds: 9) == "fit [##############################] 100%")
        #expect(ProgressBar.minutesAndSeconds(3_725) == "1:02:05")
        #expect(ProgressBar.minutesAndSeconds(65) == "1:05")
        // A label from a scene is printed escaped.
        #expect(ProgressBar.line(label: "a\u{1B}]0;x", fraction: 0, elapsedSeconds: 0).hasPrefix("a\\u001b]0;x ["))
    }

    @Test func aTypoWithinTheAllowedEditsOrAnAbbreviationIsMatchedAndAnythingElseIsNot() {
        let commands = ["run", "check", "sweep", "codes", "thresholds", "replay", "inspect", "export", "report", "generate"]
        #expect(Suggestion.closest(to: "chekc", among: commands) == "check")      // a swap of neighbours
        #expect(Suggestion.closest(to: "thresold", among: commands) == "thresholds")
        #expect(Suggestion.closest(to: "gen", among: commands) == "generate")     // an abbreviation
        #expect(Suggestion.closest(to: "xyz", among: commands) == nil)
        #expect(Suggestion.hint(for: "seeed", among: ["seed", "sdk"], prefix: "--") == "; did you mean '--seed'?")
        #expect(Suggestion.hint(for: "zzzzzz", among: ["seed", "sdk"], prefix: "--") == "")
    }

    @Test func countsTakeTheRightNumber() {
        #expect(Counted.text(1, "event") == "1 event")
        #expect(Counted.text(0, "event") == "0 events")
        #expect(Counted.text(2, "entry", plural: "entries") == "2 entries")
    }
}
