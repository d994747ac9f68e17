import Foundation
import CaptureEngine

/// Writes a ``ScanReportPage`` as one self-contained HTML document: inline SVG, CSS and script, depth
/// thumbnails as data URIs; nothing is fetched. The same page gives the same bytes.
public enum HTMLReportWriter {
    /// Rows of the hover table embedded in the page at most (samples spread evenly over the frames).
    public static let maximumHoverSamples = 1_500

    public static func html(_ page: ScanReportPage) -> String {
        var s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        s += "<title>\(HTMLText.escape(page.title))</title>\n<style>\n\(ReportStyle.css)\n</style>\n</head>\n<body>\n"
        s += "<h1>\(HTMLText.escape(page.title))</h1>\n<p class=\"subtitle\">\(HTMLText.escape(page.subtitle))</p>\n"
        if !page.problems.isEmpty {
            s += "<section id=\"problems\"><h2>Check failed</h2><div class=\"problems\">"
            s += page.problems.map(HTMLText.escape).joined(separator: "\n")
            s += "</div></section>\n"
        }
        s += "<section id=\"plan-section\"><h2>Plan</h2>\n"
        s += PlanViewSVG.render(page)
        s += legend(page)
        s += "</section>\n"
        s += "<section id=\"timeline-section\"><h2>Timeline</h2>\n"
        s += TimelineSVG.render(page)
        s += "<div class=\"legend\"><span><i style=\"background:#e3f4e1;border-radius:0\"></i>recording</span><span><i style=\"background:#fbe1bf;border-radius:0\"></i>relocating</span><span style=\"color:#d12d2d\">- - - threshold</span><span style=\"color:#1f5fa8\">&#8212; measured by the detector</span><span>hover for the pose and values at a time</span></div>\n"
        s += "</section>\n"
        s += "<section id=\"events-section\"><h2>Events (\(page.trace.events.count))</h2>\n<div class=\"events-wrap\">\n"
        s += EventsTableHTML.render(page.trace)
        s += "</div>\n</section>\n"
        s += "<section id=\"depth-section\"><h2>Depth and confidence</h2>\n"
        s += DepthStripHTML.render(page.trace)
        s += "</section>\n"
        s += "<section id=\"summary-section\"><h2>Summary</h2>\n"
        s += summary(page.summary)
        s += "</section>\n"
        s += "<div id=\"tooltip\"></div>\n"
        s += "<script type=\"application/json\" id=\"samples\">" + samplesJSON(page.trace) + "</script>\n"
        s += "<script>\n\(ReportStyle.script)\n</script>\n</body>\n</html>\n"
        return s
    }

    private static func legend(_ page: ScanReportPage) -> String {
        var s = "<div class=\"legend\">"
        s += "<span>path: start<span class=\"ramp\"></span>end</span>"
        for severity in [EventSeverity.info, .warning, .error] {
            s += "<span><i style=\"background:\(ReportColours.severity(severity))\"></i>\(severity.rawValue)</span>"
        }
        if page.plan != nil {
            s += "<span style=\"color:#2b2b2b\">&#9644; wall</span><span style=\"color:#a0672f\">&#9644; door</span><span style=\"color:#3aa0e0\">&#9644; window</span>"
        } else {
            s += "<span>no scene known: the dashed box is the trajectory's extent</span>"
        }
        s += "<span>ticks: viewing direction</span></div>\n"
        return s
    }

    private static func summary(_ summary: ReportSummary) -> String {
        var s = "<table class=\"summary\">\n"
        for row in summary.rows {
            s += "<tr><th>\(HTMLText.escape(row.label))</th><td>\(HTMLText.escape(row.value))</td></tr>\n"
        }
        if let validity = summary.validity {
            s += "<tr><th>valid</th><td>"
            s += validity.valid ? "<span class=\"valid\">yes</span>" : "<span class=\"invalid\">no</span>: " + validity.problems.map(HTMLText.escape).joined(separator: "; ")
            s += "</td></tr>\n"
        }
        s += "</table>\n"
        if !summary.files.isEmpty {
            s += "<h3>Files</h3>\n<table class=\"files\"><thead><tr><th>file</th><th>size</th><th>bytes</th></tr></thead><tbody>\n"
            for f in summary.files {
                s += "<tr><td>\(HTMLText.escape(f.name))</td><td>\(HTMLText.bytes(f.bytes))</td><td>\(f.bytes)</td></tr>\n"
            }
            s += "</tbody></table>\n"
        }
        if !summary.inspection.isEmpty {
            s += "<h3>capture-sim inspect</h3>\n<pre>" + summary.inspection.map(HTMLText.escape).joined(separator: "\n") + "</pre>\n"
        }
        return s
    }

    /// The hover table: times, positions, heading (degrees clockwise from -Z), phase and every lane's
    /// value (null when unmeasured) for frames spread evenly over the session.
    static func samplesJSON(_ trace: ScanTrace) -> String {
        let indices = Decimation.evenIndices(count: trace.frameCount, maximum: maximumHoverSamples)
        func list(_ f: (Int) -> String) -> String { "[" + indices.map(f).joined(separator: ",") + "]" }
        func value(_ v: Float, _ decimals: Int = 3) -> String { v.isFinite ? HTMLText.number(Double(v), decimals: decimals) : "null" }
        var s = "{\"t\":" + list { HTMLText.number(trace.times[$0], decimals: 3) }
        s += ",\"x\":" + list { value(trace.positions[$0].x) }
        s += ",\"y\":" + list { value(trace.positions[$0].y) }
        s += ",\"z\":" + list { value(trace.positions[$0].z) }
        s += ",\"h\":" + list { i in
            let h = trace.headings[i]
            var degrees = Double(atan2(h.x, -h.y)) * 180 / Double.pi
            if degrees < 0 { degrees += 360 }
            return HTMLText.number(degrees, decimals: 1)
        }
        s += ",\"phase\":" + list { ["\"not recording\"", "\"recording\"", "\"relocating\""][Int(min(2, trace.phases[$0]))] }
        let lanes = SignalLane.lanes(for: trace.sdk)
        s += ",\"names\":[" + lanes.map { "\"\($0.title)\"" }.joined(separator: ",") + "]"
        s += ",\"units\":[" + lanes.map { "\"\($0.unit)\"" }.joined(separator: ",") + "]"
        s += ",\"lanes\":[" + lanes.map { lane in list { value(trace.signals[lane.signal.rawValue][$0]) } }.joined(separator: ",") + "]}"
        return s
    }
}
