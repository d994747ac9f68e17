import CaptureEngine
import JSONSupport

extension JSONParser {
    /// Parses a scene file's text as strict JSON (a key may appear once per object); `source` names the
    /// file in errors, e.g. `Scenes/x.json:3:14: invalid JSON: expected ',' or ']'`.
    public static func parse(_ text: String, source: String) throws(InputError) -> JSONNode {
        do throws(JSONSyntaxError) {
            return try parse(Array(text.utf8))
        } catch {
            throw InputError(file: source, line: error.line, column: error.column, reason: "invalid JSON: \(error.problem)")
        }
    }
}

extension JSONObjectReader {
    /// A reader of one object of a scene file at JSON path `path` (`source` names the file in errors):
    /// numbers above ``SceneLimits/maximumMagnitude`` are refused, in it and in the objects it nests.
    static func scene(_ node: JSONNode, source: String, path: String) throws(InputError) -> JSONObjectReader {
        try JSONObjectReader(node, source: source, path: path, maximumMagnitude: SceneLimits.maximumMagnitude)
    }
}
