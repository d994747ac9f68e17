import CaptureEngine
import Foundation

/// The plan view: the scene's walls, openings and objects (or the trajectory's extent), the walked path
/// coloured by time, heading ticks, and one marker per event (class `event-marker`) coloured by
/// severity with its code and message on hover. Drawn in metres on the floor plane: x to the right,
/// z downwards (ARKit's -Z, the initial viewing direction, is up).
enum PlanViewSVG {
    /// At most this many path points are drawn; longer paths are sampled evenly.
    static let maximumPathPoints = 3_000
    /// Pieces of the path, each in one colour of the time ramp.
    static let colourPieces = 48
    /// Heading ticks drawn at most.
    static let maximumHeadingTicks = 160

    static func render(_ page: ScanReportPage) -> String {
        let trace = page.trace
        let n = trace.frameCount
        var lo = SIMD2(Double.infinity, Double.infinity), hi = -lo
        func include(_ p: SIMD2<Double>) { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        for p in trace.positions { include(SIMD2(Double(p.x), Double(p.z))) }
        if let plan = page.plan {
            for s in plan.segments { include(s.a); include(s.b) }
            for f in plan.footprints { f.corners.forEach(include) }
        }
        if !lo.x.isFinite { lo = SIMD2(-1, -1); hi = SIMD2(1, 1) }
        let size = pointwiseMax(hi - lo, SIMD2(1, 1))
        let margin = max(0.5, max(size.x, size.y) * 0.04)
        let view = (x: lo.x - margin, z: lo.y - margin, w: size.x + 2 * margin, h: size.y + 2 * margin)
        let unit = max(view.w, view.h) / 100  // about one hundredth of the plan: marker and text sizes
        func num(_ v: Double) -> String { HTMLText.number(v, decimals: 3) }

        var s = "<svg id=\"plan\" class=\"plan\" viewBox=\"\(num(view.x)) \(num(view.z)) \(num(view.w)) \(num(view.h))\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\" aria-label=\"plan view from above\">\n"
        s += "<rect x=\"\(num(view.x))\" y=\"\(num(view.z))\" width=\"\(num(view.w))\" height=\"\(num(view.h))\" fill=\"#fbfbf8\"/>\n"
        s += grid(view: view)
        if let plan = page.plan, !plan.isEmpty {
            s += "<g class=\"objects\">\n"
            for f in plan.footprints {
                s += "<polygon points=\"" + f.corners.map { "\(num($0.x)),\(num($0.y))" }.joined(separator: " ")
                s += "\" fill=\"#e4e1da\" stroke=\"#b5b0a5\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"><title>\(HTMLText.escape(f.category))</title></polygon>\n"
            }
            s += "</g>\n<g class=\"walls\">\n"
            for seg in plan.segments {
                let style: String = switch seg.kind {
                case "door": "stroke=\"#a0672f\" stroke-width=\"5\""
                case "window": "stroke=\"#3aa0e0\" stroke-width=\"5\""
                case "opening": "stroke=\"#b8b8b8\" stroke-width=\"2\" stroke-dasharray=\"4 3\""
                default: "stroke=\"#2b2b2b\" stroke-width=\"4\""
                }
                s += "<line class=\"\(seg.kind)\" x1=\"\(num(seg.a.x))\" y1=\"\(num(seg.a.y))\" x2=\"\(num(seg.b.x))\" y2=\"\(num(seg.b.y))\" \(style) stroke-linecap=\"square\" vector-effect=\"non-scaling-stroke\"/>\n"
            }
            s += "</g>\n<g class=\"rooms\">\n"
            for room in plan.rooms {
                s += "<text x=\"\(num(room.centre.x))\" y=\"\(num(room.centre.y))\" font-size=\"\(num(unit * 2.6))\" text-anchor=\"middle\" fill=\"#9a968c\">\(HTMLText.escape(room.name))</text>\n"
            }
            s += "</g>\n"
        } else if n > 0 {
            s += "<rect class=\"extent\" x=\"\(num(lo.x))\" y=\"\(num(lo.y))\" width=\"\(num(hi.x - lo.x))\" height=\"\(num(hi.y - lo.y))\" fill=\"none\" stroke=\"#999\" stroke-dasharray=\"5 4\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"><title>extent of the trajectory: \(HTMLText.number(hi.x - lo.x)) m x \(HTMLText.number(hi.y - lo.y)) m</title></rect>\n"
        }

        // The path, coloured by time.
        if n > 1 {
            let indices = Decimation.evenIndices(count: n, maximum: maximumPathPoints)
            let t0 = trace.times[0], span = max(trace.times[n - 1] - t0, 1e-9)
            s += "<g class=\"path\" fill=\"none\" stroke-width=\"2.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
            let pieceLength = max(2, (indices.count + colourPieces - 1) / colourPieces)
            var start = 0
            while start < indices.count - 1 {
                let end = min(indices.count - 1, start + pieceLength)
                let mid = trace.times[indices[(start + end) / 2]]
                s += "<polyline class=\"path-piece\" stroke=\"\(ReportColours.time((mid - t0) / span))\" vector-effect=\"non-scaling-stroke\" points=\""
                for k in start...end {
                    let p = trace.positions[indices[k]]
                    if k > start { s += " " }
                    s += num(Double(p.x)) + "," + num(Double(p.z))
                }
                s += "\"/>\n"
                start = end
            }
            s += "</g>\n<g class=\"headings\" stroke=\"#444\" stroke-opacity=\"0.55\" stroke-width=\"1\">\n"
            for i in Decimation.evenIndices(count: n, maximum: maximumHeadingTicks) {
                let p = trace.positions[i], h = trace.headings[i]
                guard h != .zero else { continue }
                let length = unit * 2.2
                s += "<line x1=\"\(num(Double(p.x)))\" y1=\"\(num(Double(p.z)))\" x2=\"\(num(Double(p.x) + Double(h.x) * length))\" y2=\"\(num(Double(p.z) + Double(h.y) * length))\" vector-effect=\"non-scaling-stroke\"/>\n"
            }
            s += "</g>\n"
            let first = trace.positions[0], last = trace.positions[n - 1]
            s += "<circle class=\"start\" cx=\"\(num(Double(first.x)))\" cy=\"\(num(Double(first.z)))\" r=\"\(num(unit * 1.1))\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\"><title>start</title></circle>\n"
            s += "<rect class=\"end\" x=\"\(num(Double(last.x) - unit))\" y=\"\(num(Double(last.z) - unit))\" width=\"\(num(unit * 2))\" height=\"\(num(unit * 2))\" fill=\"#222\"><title>end</title></rect>\n"
        }

        // One marker per event.
        s += "<g class=\"events\">\n"
        for (k, item) in trace.events.enumerated() {
            let e = item.event
            var p = SIMD2(0.0, 0.0)
            if let f = item.frame ?? (n > 0 ? 0 : nil) {
                p = SIMD2(Double(trace.positions[f].x), Double(trace.positions[f].z))
            }
            let radius = e.severity == .info ? unit * 0.9 : unit * 1.4
            s += "<circle class=\"event-marker \(e.severity.rawValue)\" data-event=\"\(k)\" data-code=\"\(e.code)\" data-time=\"\(HTMLText.number(e.time, decimals: 3))\" cx=\"\(num(p.x))\" cy=\"\(num(p.y))\" r=\"\(num(radius))\" fill=\"\(ReportColours.severity(e.severity))\" stroke=\"#fff\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"><title>\(HTMLText.escape(EventsTableHTML.tooltip(e)))</title></circle>\n"
        }
        s += "</g>\n"
        s += "<circle id=\"plan-cursor\" r=\"\(num(unit * 1.6))\" cx=\"0\" cy=\"0\" fill=\"none\" stroke=\"#e0115f\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\" visibility=\"hidden\"/>\n"
        s += scaleBar(view: view, unit: unit)
        s += "</svg>\n"
        return s
    }

    /// Grid lines drawn at most along each axis, whatever the plan's extent (a log with one pose
    /// 100,000 km away makes a plan of that size).
    static let maximumGridLines = 50

    /// A light grid every metre (every 5 m on plans over 40 m; on larger plans the next 1-2-5 step that
    /// keeps at most ``maximumGridLines`` lines an axis).
    static func gridStep(extent: Double) -> Double {
        var step = extent > 40 ? 5.0 : 1.0
        while extent / step > Double(maximumGridLines), step.isFinite { step = nextRoundLength(after: step) }
        return step
    }

    /// The next length of the 1-2-5 series after `length` (a member of it): 2 after 1, 5 after 2, 10 after 5.
    static func nextRoundLength(after length: Double) -> Double {
        let power = Foundation.pow(10, (Foundation.log10(length)).rounded(.down))
        let leading = (length / power).rounded()
        return leading < 2 ? 2 * power : leading < 5 ? 5 * power : 10 * power
    }

    private static func grid(view: (x: Double, z: Double, w: Double, h: Double)) -> String {
        let step = gridStep(extent: max(view.w, view.h))
        guard step.isFinite, view.w.isFinite, view.h.isFinite else { return "" }
        var s = "<g class=\"grid\" stroke=\"#ecebe6\" stroke-width=\"1\">\n"
        var x = (view.x / step).rounded(.up) * step
        while x < view.x + view.w {
            s += "<line x1=\"\(HTMLText.number(x, decimals: 3))\" y1=\"\(HTMLText.number(view.z, decimals: 3))\" x2=\"\(HTMLText.number(x, decimals: 3))\" y2=\"\(HTMLText.number(view.z + view.h, decimals: 3))\" vector-effect=\"non-scaling-stroke\"/>\n"
            x += step
        }
        var z = (view.z / step).rounded(.up) * step
        while z < view.z + view.h {
            s += "<line x1=\"\(HTMLText.number(view.x, decimals: 3))\" y1=\"\(HTMLText.number(z, decimals: 3))\" x2=\"\(HTMLText.number(view.x + view.w, decimals: 3))\" y2=\"\(HTMLText.number(z, decimals: 3))\" vector-effect=\"non-scaling-stroke\"/>\n"
            z += step
        }
        return s + "</g>\n"
    }

    /// A scale bar of a round number of metres in the lower left corner.
    private static func scaleBar(view: (x: Double, z: Double, w: Double, h: Double), unit: Double) -> String {
        var length = 0.5
        while nextRoundLength(after: length) <= view.w / 5, length.isFinite { length = nextRoundLength(after: length) }
        let x = view.x + unit * 2, z = view.z + view.h - unit * 2.5
        func num(_ v: Double) -> String { HTMLText.number(v, decimals: 3) }
        return "<g class=\"scale\"><line x1=\"\(num(x))\" y1=\"\(num(z))\" x2=\"\(num(x + length))\" y2=\"\(num(z))\" stroke=\"#222\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>"
            + "<text x=\"\(num(x))\" y=\"\(num(z - unit * 0.8))\" font-size=\"\(num(unit * 2.2))\" fill=\"#222\">\(HTMLText.number(length)) m</text></g>\n"
    }
}
