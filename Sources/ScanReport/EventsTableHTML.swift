import CaptureEngine
import JSONSupport

/// The events table: every event with its trace (measured value, comparison, threshold, window).
enum EventsTableHTML {
    /// The hover text of an event: "87 at 22.983 s (warning): message; trace".
    static func tooltip(_ e: Event) -> String {
        var text = "\(e.code) at \(NumberFormatting.fixed(e.time, decimals: 3)) s (\(e.severity.rawValue)): \(e.message)"
        if let t = e.trace { text += "\n" + t.summary }
        return text
    }

    static func render(_ trace: ScanTrace) -> String {
        guard !trace.events.isEmpty else { return "<p class=\"note\">No events.</p>\n" }
        var s = "<table class=\"events\">\n<thead><tr><th>#</th><th>time (s)</th><th>code</th><th>severity</th><th>message</th><th>measured</th><th></th><th>threshold</th><th>unit</th><th>window (s)</th><th>from (s)</th></tr></thead>\n<tbody>\n"
        for (k, item) in trace.events.enumerated() {
            let e = item.event
            s += "<tr class=\"\(e.severity.rawValue)\" data-event=\"\(k)\"><td>\(k + 1)</td><td>\(NumberFormatting.fixed(e.time, decimals: 3))</td><td><span class=\"code \(e.severity.rawValue)\">\(e.code)</span></td><td>\(e.severity.rawValue)</td><td>\(HTMLText.escape(e.message))</td>"
            if let t = e.trace {
                s += "<td title=\"\(HTMLText.escape(t.quantity))\">\(HTMLText.escape(t.quantity)) \(NumberFormatting.compact(t.measured))</td><td>\(HTMLText.escape(t.comparison))</td><td>\(NumberFormatting.compact(t.threshold))</td><td>\(HTMLText.escape(t.unit))</td>"
                s += "<td>\(t.windowSeconds.map { NumberFormatting.compact($0) } ?? "")</td><td>\(t.windowStart.map { NumberFormatting.fixed($0, decimals: 3) } ?? "")</td>"
            } else {
                s += "<td></td><td></td><td></td><td></td><td></td><td></td>"
            }
            s += "</tr>\n"
        }
        return s + "</tbody>\n</table>\n"
    }
}
