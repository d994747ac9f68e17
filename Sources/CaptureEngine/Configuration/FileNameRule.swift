/// The rule for names that become one file or folder name inside an output folder: a scene's name
/// (the bundle folder) and a scan's uid (`<uid>.zip`). Such a name comes from a scene file or a log,
/// so it is checked before anything is written: it must stay a single path component inside `--out`.
public enum FileNameRule {
    /// The longest name accepted, in UTF-8 bytes (file systems allow 255; the partial folder adds
    /// a leading dot and `.partial`, a replaced bundle `.replaced-<pid>`).
    public static let maximumBytes = 200

    /// Why `name` cannot be used as one file or folder name, or nil when it can: it must be
    /// non-empty, at most ``maximumBytes`` bytes, not start with a dot (`.`, `..` and hidden names
    /// are the tool's own), and contain no `/`, backslash, NUL or other control character.
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "a name must not be empty" }
        if name.utf8.count > maximumBytes { return "a name must be at most \(maximumBytes) bytes, found \(name.utf8.count)" }
        if name.hasPrefix(".") { return "a name must not start with '.'" }
        for scalar in name.unicodeScalars {
            if scalar == "/" || scalar == "\\" { return "a name must be one path component (no '/' or '\\')" }
            if scalar.value < 0x20 || scalar.value == 0x7F { return "a name must not contain control characters" }
        }
        return nil
    }
}
