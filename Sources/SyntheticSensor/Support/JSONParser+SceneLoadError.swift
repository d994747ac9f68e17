import CaptureEngine
import JSONSupport

extension JSONParser {
    /// Parses a scene file's text as strict JSON (a key may appear once per object); `source` names the
    /// file in errors, e.g. `Scenes/x.json:3:14: invalid JSON: expected ',' or ']'`.
    public static func parse(_ text: String, source: String) throws(SceneLoadError) -> JSONNode {
        do throws(JSONSyntaxError) {
            return try parse(Array(text.utf8))
        } catch {
            throw SceneLoadError("\(source):\(error.line):\(error.column): invalid JSON: \(error.problem)")
        }
    }
}
