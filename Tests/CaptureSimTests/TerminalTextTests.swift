@testable import capture_sim
import Testing

/// ``TerminalText``: every control character but line feed and tab is written as JSON's `\uXXXX`.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAreEscapedAndEverythingElseKept() {
        #expect(TerminalText.escaped("plain text, ünïcode ✓\tand\nlines") == "plain text, ünïcode ✓\tand\nlines")
        #expect(TerminalText.escaped("\u{1B}]0;title\u{07}") == "\\u001b]0;title\\u0007")
        #expect(TerminalText.escaped("\u{1B}[2J\u{0}\r\u{7F}") == "\\u001b[2J\\u0000\\u000d\\u007f")
        #expect(TerminalText.escaped("C1: \u{9B}31m \u{85}") == "C1: \\u009b31m \\u0085")
        #expect(TerminalText.escaped("\u{A0}") == "\u{A0}")
    }

    @Test func aLineOfJSONStaysTheSameJSON() {
        // The serializer escapes the C0 range already; DEL and C1 become escapes JSON reads back as themselves.
        #expect(TerminalText.escaped(#"{"name": "a\u001bb", "x": "\#u{7F}"}"#) == #"{"name": "a\u001bb", "x": "\u007f"}"#)
    }
}
