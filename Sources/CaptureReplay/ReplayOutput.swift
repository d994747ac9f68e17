import CaptureEngine
import JSONSupport

/// How `capture-sim replay` prints events: the text form every command uses, or one JSON object per line,
/// with the trace of each event under it when asked.
public enum ReplayOutput {
    /// The lines printed for one event. Text: `Event.line`, then with `trace` the event's trace line
    /// (see ``traceLine(_:)``) indented by 4 spaces when the event has a trace. JSON: `Event.json` on one
    /// line (it carries the trace already).
    public static func lines(for event: Event, json: Bool, trace: Bool) -> [String] {
        if json { return [event.json.serialized()] }
        var lines = [event.line]
        if trace, let why = traceLine(event) { lines.append("    " + why) }
        return lines
    }

    /// Why an event fired, e.g. `87 at 31.200 s: yaw rate 112 deg/s over 0.5 s > 90 deg/s`; nil for an
    /// event without a trace.
    public static func traceLine(_ event: Event) -> String? {
        guard let trace = event.trace else { return nil }
        return "\(event.code) at \(NumberFormatting.fixed(event.time, decimals: 3)) s: \(trace.summary)"
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
