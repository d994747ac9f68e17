import Foundation

/// Text as the tool prints it to a terminal: control characters a scene, a log or a bundle carries (a
/// scene's name, a uid, a room label, a string in `arkitData.json`) are shown as `\u001b`-style escapes
/// instead of being sent raw, so that no input can move the cursor, clear the screen, set the window
/// title or hide text (`ESC ] 0 ; ... BEL`, `ESC [ 2 J`, NUL, carriage return).
///
/// Escaped: U+0000...U+001F but line feed and tab, U+007F (DEL) and U+0080...U+009F (the C1 controls,
/// which some terminals obey too). The escape is JSON's own `\uXXXX`, so a line of JSON stays valid
/// JSON with the same meaning (its serializer already escapes the C0 range).
enum TerminalText {
    /// `text` with every control character but line feed and tab written as `\uXXXX`.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isEscaped(scalar.value) {
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
        (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
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
