import CaptureEngine
import JSONSupport

/// How `capture-sim replay` prints events: the text form every command uses, or one JSON object per line,
/// with the trace of each event under it when asked.
public enum ReplayOutput {
    /// The lines printed for one event. Text: `Event.line`, then with `trace` its `Event.traceLine` (the
    /// layout `run --trace` prints) when the event has a trace. JSON: `Event.json` on one line (it
    /// carries the trace already).
    public static func lines(for event: Event, json: Bool, trace: Bool) -> [String] {
        if json { return [event.json.serialized()] }
        var lines = [event.line]
        if trace, let why = event.traceLine { lines.append(why) }
        return lines
    }

    /// Diagnostics as printed on standard error: each as `warning: FILE:LINE: message`, at most
    /// `limitPerKind` of each kind followed by a count of the rest.
    public static func diagnosticLines(_ diagnostics: [ReplayDiagnostic], limitPerKind: Int = 20) -> [String] {
        var shown: [ReplayDiagnostic.Kind: Int] = [:]
        var lines: [String] = []
        for d in diagnostics {
            let n = shown[d.kind, default: 0]
            shown[d.kind] = n + 1
            if n < limitPerKind { lines.append("warning: \(d.description)") }
        }
        for kind in ReplayDiagnostic.Kind.allCases {
            if let n = shown[kind], n > limitPerKind {
                lines.append("warning: \(n - limitPerKind) more \(kind.rawValue) diagnostics not shown")
            }
        }
        return lines
    }
}
