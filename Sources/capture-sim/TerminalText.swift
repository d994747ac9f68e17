import Foundation

/// Text as the tool prints it to a terminal: control characters a scene, a log or a bundle carries (a
/// scene's name, a uid, a room label, a string in `arkitData.json`) are shown as `\u001b`-style escapes
/// instead of being sent raw, so that no input can move the cursor, clear the screen, set the window
/// title or hide text (`ESC ] 0 ; ... BEL`, `ESC [ 2 J`, NUL, carriage return).
///
/// Escaped: U+0000...U+001F but line feed and tab, U+007F (DEL), U+0080...U+009F (the C1 controls,
/// which some terminals obey too) and the bidirectional controls (U+061C, U+200E, U+200F,
/// U+202A...U+202E, U+2066...U+2069: a right-to-left override shows a name's end as its start). The
/// escape is JSON's own `\uXXXX`, so a line of JSON stays valid JSON with the same meaning (its
/// serializer already escapes the C0 range). ``oneLine(_:)`` escapes line feeds and tabs too, for a
/// value printed inside a line of its own (a path, a problem), so that no name can forge a line.
enum TerminalText {
    /// `text` with every control character but line feed and tab written as `\uXXXX`.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else {
            return text
        }
        return escaping(text, isEscaped)
    }

    /// `text` with line feeds and tabs escaped as well: a value shown within one line.
    static func oneLine(_ text: String) -> String {
        escaping(text) { isEscaped($0) || $0 == 0x0A || $0 == 0x09 }
    }

    private static func escaping(_ text: String, _ escapes: (UInt32) -> Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if escapes(scalar.value) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether a scalar value is a control character that is escaped.
    static func isEscaped(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) || isBidirectionalControl(value)
    }

    /// The Unicode bidirectional formatting characters (UAX #9's explicit marks, embeddings,
    /// overrides and isolates).
    static func isBidirectionalControl(_ value: UInt32) -> Bool {
        value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

/// The tool's `print`: Swift's, through ``TerminalText/escaped(_:)``, written straight to standard
/// output (no stdio buffer), so a line reaches a pipe when it is printed (a long `check` in CI shows
/// each scene as it finishes). Every subcommand prints with it, so no output line (human-readable, CSV
/// or JSON) carries a raw control character.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    FileHandle.standardOutput.write(Data((TerminalText.escaped(text) + terminator).utf8))
}
