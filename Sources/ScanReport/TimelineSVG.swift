import CaptureEngine

/// The timeline: a time axis, the events (class `event-tick`) and, for check reports, the expected
/// events, then one lane per detector with its measured quantity (decimated to at most two points per
/// pixel column) and its thresholds as dashed lines; the recording span shaded green, relocations
/// orange. The hover cursor is drawn by the page's script from the `data-` attributes.
enum TimelineSVG {
    static let width = 1100.0
    static let labelWidth = 190.0
    static let rightMargin = 12.0
    static let axisHeight = 26.0
    static let eventLaneHeight = 34.0
    static let laneHeight = 54.0
    static let laneGap = 8.0
    /// Buckets of the lanes' min/max decimation (two points each at most).
    static let buckets = 700

    static var plotWidth: Double { width - labelWidth - rightMargin }

    /// The drawn time range: from the earlier of 0 and the first input to the last input or event.
    static func timeRange(_ trace: ScanTrace, expected: [ExpectedEvent]?) -> (Double, Double) {
        var t0 = min(0, trace.times.first ?? 0)
        var t1 = max(trace.endTime, trace.times.last ?? 0)
        for e in trace.events { t0 = min(t0, e.event.time); t1 = max(t1, e.event.time) }
        for e in expected ?? [] { for t in [e.time, e.earliest, e.latest].compactMap({ $0 }) { t1 = max(t1, t) } }
        if t1 - t0 < 1e-6 { t1 = t0 + 1 }
        return (t0, t1)
    }

    static func render(_ page: ScanReportPage) -> String {
        let trace = page.trace
        let (t0, t1) = timeRange(trace, expected: page.expected)
        func x(_ t: Double) -> Double { labelWidth + (t - t0) / (t1 - t0) * plotWidth }
        func num(_ v: Double) -> String { HTMLText.number(v, decimals: 1) }
        let lanes = SignalLane.lanes(for: page.sdk)
        let eventsTop = axisHeight
        let expectedTop = eventsTop + eventLaneHeight
        let lanesTop = expectedTop + (page.expected != nil ? eventLaneHeight : 0) + 4
        let height = lanesTop + Double(lanes.count) * (laneHeight + laneGap) + 4

        var s = "<svg id=\"timeline\" class=\"timeline\" viewBox=\"0 0 \(num(width)) \(num(height))\" data-t0=\"\(HTMLText.number(t0, decimals: 4))\" data-t1=\"\(HTMLText.number(t1, decimals: 4))\" data-left=\"\(num(labelWidth))\" data-plot=\"\(num(plotWidth))\" role=\"img\" aria-label=\"timeline of detector values and events\">\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(num(width))\" height=\"\(num(height))\" fill=\"#fff\"/>\n"

        // Spans: recording, relocations.
        let spanTop = eventsTop, spanHeight = height - eventsTop - 2
        if let start = trace.recordingStart {
            let end = trace.recordingEnd ?? t1
            s += "<rect class=\"span recording\" x=\"\(num(x(start)))\" y=\"\(num(spanTop))\" width=\"\(num(max(0.5, x(end) - x(start))))\" height=\"\(num(spanHeight))\" fill=\"#e3f4e1\"><title>recording \(HTMLText.number(start, decimals: 3))-\(HTMLText.number(end, decimals: 3)) s</title></rect>\n"
        }
        for r in trace.relocations {
            let end = r.end ?? t1
            s += "<rect class=\"span relocation\" x=\"\(num(x(r.start)))\" y=\"\(num(spanTop))\" width=\"\(num(max(1, x(end) - x(r.start))))\" height=\"\(num(spanHeight))\" fill=\"#fbe1bf\" fill-opacity=\"0.85\"><title>relocating (\(r.cause.rawValue)) \(HTMLText.number(r.start, decimals: 3))-\(HTMLText.number(end, decimals: 3)) s, \(r.recovered ? "recovered" : "not recovered")</title></rect>\n"
        }

        // Time axis.
        s += "<g class=\"axis\" font-size=\"11\" fill=\"#555\">\n"
        let step = niceStep((t1 - t0) / 10)
        var tick = (t0 / step).rounded(.up) * step
        while tick <= t1 + 1e-9 {
            s += "<line x1=\"\(num(x(tick)))\" y1=\"\(num(axisHeight - 6))\" x2=\"\(num(x(tick)))\" y2=\"\(num(height - 2))\" stroke=\"#eee\"/>"
            s += "<text x=\"\(num(x(tick)))\" y=\"\(num(axisHeight - 9))\" text-anchor=\"middle\">\(HTMLText.number(tick, decimals: 2)) s</text>\n"
            tick += step
        }
        s += "</g>\n"

        // Events.
        s += laneLabel(title: "events", detail: "\(trace.events.count), by severity", top: eventsTop, height: eventLaneHeight)
        s += "<g class=\"event-ticks\">\n"
        for (k, item) in trace.events.enumerated() {
            let e = item.event
            let row = e.severity == .error ? 0.0 : e.severity == .warning ? 1 : 2
            let y = eventsTop + 4 + row * 9
            s += "<rect class=\"event-tick \(e.severity.rawValue)\" data-event=\"\(k)\" x=\"\(num(x(e.time) - 1.5))\" y=\"\(num(y))\" width=\"3\" height=\"\(num(eventLaneHeight - 8 - row * 9))\" fill=\"\(ReportColours.severity(e.severity))\"><title>\(HTMLText.escape(EventsTableHTML.tooltip(e)))</title></rect>\n"
        }
        s += "</g>\n"
        if let expected = page.expected {
            s += laneLabel(title: "expected", detail: "golden, or sequence (found/missing)", top: expectedTop, height: eventLaneHeight)
            s += "<g class=\"expected\" font-size=\"9\">\n"
            let matches = sequenceMatches(expected, actual: trace.events.map(\.event))
            var lastTime = t0
            for (k, e) in expected.enumerated() {
                let colour = ReportColours.severity(page.sdk.meaning(forCode: e.code).map(page.sdk.severity(of:)) ?? .info)
                if let a = e.earliest ?? e.latest.map({ _ in t0 }), e.time == nil {
                    let b = e.latest ?? t1
                    s += "<rect class=\"expected-window\" x=\"\(num(x(a)))\" y=\"\(num(expectedTop + 18))\" width=\"\(num(max(3, x(b) - x(a))))\" height=\"8\" fill=\"\(colour)\" fill-opacity=\"0.3\" stroke=\"\(colour)\"><title>expected \(e.code) between \(HTMLText.number(a, decimals: 3)) and \(HTMLText.number(b, decimals: 3)) s (\(e.source))</title></rect>\n"
                }
                let time = e.time ?? matches[k]
                if let time {
                    lastTime = time
                    s += "<rect class=\"expected-tick\" x=\"\(num(x(time) - 1.5))\" y=\"\(num(expectedTop + 12))\" width=\"3\" height=\"\(num(eventLaneHeight - 16))\" fill=\"\(colour)\"><title>expected \(e.code)\(e.time != nil ? " at" : ", found at") \(HTMLText.number(time, decimals: 3)) s (\(e.source))</title></rect>"
                    s += "<text x=\"\(num(x(time)))\" y=\"\(num(expectedTop + 10))\" text-anchor=\"middle\" fill=\"#444\">\(e.code)</text>\n"
                } else {
                    // Not found in order: marked after the last expected event placed, in red.
                    let at = x(lastTime) + 14
                    s += "<g class=\"expected-missing\"><rect x=\"\(num(at - 7))\" y=\"\(num(expectedTop + 12))\" width=\"14\" height=\"\(num(eventLaneHeight - 16))\" fill=\"none\" stroke=\"#d12d2d\" stroke-dasharray=\"2 2\"/>"
                    s += "<text x=\"\(num(at))\" y=\"\(num(expectedTop + 10))\" text-anchor=\"middle\" fill=\"#d12d2d\">\(e.code)?</text><title>expected \(e.code) (\(e.source)): missing</title></g>\n"
                    lastTime += (t1 - t0) * 20 / plotWidth
                }
            }
            s += "</g>\n"
        }

        // Detector lanes.
        for (k, lane) in lanes.enumerated() {
            let top = lanesTop + Double(k) * (laneHeight + laneGap)
            s += signalLane(lane, trace: trace, thresholds: lane.thresholds(page.thresholds), top: top, x: x)
        }
        s += "<line id=\"timeline-cursor\" x1=\"0\" y1=\"\(num(axisHeight - 4))\" x2=\"0\" y2=\"\(num(height - 2))\" stroke=\"#e0115f\" stroke-width=\"1\" visibility=\"hidden\"/>\n"
        s += "<rect id=\"timeline-hover\" x=\"\(num(labelWidth))\" y=\"0\" width=\"\(num(plotWidth))\" height=\"\(num(height))\" fill=\"transparent\"/>\n"
        s += "</svg>\n"
        return s
    }

    private static func laneLabel(title: String, detail: String, top: Double, height: Double) -> String {
        "<text class=\"lane-title\" x=\"8\" y=\"\(HTMLText.number(top + 15, decimals: 1))\" font-size=\"12\" font-weight=\"600\" fill=\"#222\">\(HTMLText.escape(title))</text>"
            + "<text x=\"8\" y=\"\(HTMLText.number(top + 29, decimals: 1))\" font-size=\"10\" fill=\"#777\">\(HTMLText.escape(detail))</text>\n"
    }

    /// One detector lane: background, label, thresholds, the measured line.
    private static func signalLane(_ lane: SignalLane, trace: ScanTrace, thresholds: [SignalLane.Threshold], top: Double,
                                   x: (Double) -> Double) -> String {
        func num(_ v: Double) -> String { HTMLText.number(v, decimals: 1) }
        let times: [Double], values: [Float]
        if lane.signal == .storage {
            times = trace.storageSamples.map(\.time)
            values = trace.storageSamples.map { Float($0.minutes) }
        } else {
            times = trace.times
            values = trace.signals[lane.signal.rawValue]
        }
        var maximum = -Double.infinity, minimum = Double.infinity
        for v in values where v.isFinite {
            maximum = max(maximum, Double(v))
            minimum = min(minimum, Double(v))
        }
        let measured = maximum.isFinite
        var lo: Double, hi: Double
        if let fixed = lane.fixedRange {
            (lo, hi) = fixed
        } else {
            let limit = thresholds.map(\.value).max() ?? 1
            lo = min(0, measured ? minimum : 0)
            hi = max(limit * 1.25, measured ? min(maximum, limit * 4) : 0)
            if hi - lo < 1e-9 { hi = lo + 1 }
        }
        let plotTop = top + 3, plotHeight = laneHeight - 6
        func y(_ v: Double) -> Double { plotTop + (1 - (min(hi, max(lo, v)) - lo) / (hi - lo)) * plotHeight }

        var s = "<g class=\"lane\" data-lane=\"\(lane.signal.rawValue)\">\n"
        s += "<rect x=\"\(num(labelWidth))\" y=\"\(num(top))\" width=\"\(num(plotWidth))\" height=\"\(num(laneHeight))\" fill=\"none\" stroke=\"#ddd\"/>\n"
        s += laneLabel(title: "\(lane.title) (\(lane.unit))", detail: "vs \(lane.codes): " + thresholds.map { HTMLText.number($0.value) }.joined(separator: ", "),
                       top: top, height: laneHeight)
        s += "<text x=\"\(num(labelWidth - 4))\" y=\"\(num(plotTop + 8))\" font-size=\"9\" fill=\"#999\" text-anchor=\"end\">\(HTMLText.number(hi))</text>"
        s += "<text x=\"\(num(labelWidth - 4))\" y=\"\(num(plotTop + plotHeight))\" font-size=\"9\" fill=\"#999\" text-anchor=\"end\">\(HTMLText.number(lo))</text>\n"
        for th in thresholds {
            let ty = y(th.value)
            s += "<line class=\"threshold\" x1=\"\(num(labelWidth))\" y1=\"\(num(ty))\" x2=\"\(num(labelWidth + plotWidth))\" y2=\"\(num(ty))\" stroke=\"#d12d2d\" stroke-width=\"1\" stroke-dasharray=\"5 3\"><title>\(HTMLText.escape(th.label)) \(HTMLText.number(th.value)) \(lane.unit)</title></line>\n"
        }
        if measured {
            s += "<polyline class=\"signal\" fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.2\" stroke-linejoin=\"round\" points=\""
            var first = true
            for index in Decimation.minMax(times: times, values: values, buckets: buckets) {
                guard let i = index else {
                    s += "\"/>\n<polyline class=\"signal\" fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.2\" stroke-linejoin=\"round\" points=\""
                    first = true
                    continue
                }
                if !first { s += " " }
                first = false
                s += num(x(times[i])) + "," + num(y(Double(values[i])))
            }
            s += "\"/>\n"
        } else {
            s += "<text class=\"unmeasured\" x=\"\(num(labelWidth + 10))\" y=\"\(num(top + laneHeight / 2 + 4))\" font-size=\"11\" fill=\"#aaa\">not measured in this input</text>\n"
        }
        return s + "</g>\n"
    }

    /// For each sequence entry (no golden time), the time of the actual event it matches when the
    /// sequence is matched in order as `check` does (each entry the first later event with its code and
    /// within its window; after a missing entry the search has passed every event); nil when missing.
    static func sequenceMatches(_ expected: [ExpectedEvent], actual: [Event]) -> [Double?] {
        var next = 0
        return expected.map { e in
            guard e.time == nil else { return e.time }
            var i = next
            while i < actual.count {
                let a = actual[i]
                if a.code == e.code, a.time >= (e.earliest ?? -.infinity) - 1e-9, a.time <= (e.latest ?? .infinity) + 1e-9 {
                    next = i + 1
                    return a.time
                }
                i += 1
            }
            next = actual.count  // as the check does: once one is missing, the rest are searched for in vain
            return nil
        }
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        for m in [1.0, 2, 5, 10] where power * m >= raw { return power * m }
        return power * 10
    }
}
