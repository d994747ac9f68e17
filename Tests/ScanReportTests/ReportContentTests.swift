import CaptureEngine
import Foundation
import ScanReport
import Testing

/// The report page's content, from a scripted scan run through the engine.
@Suite struct ReportContentTests {
    @Test func oneEventMarkerPerEventOnThePlanAndOneRowInTheTable() throws {
        let (run, page) = try ScriptedScan.page()
        let html = HTMLReportWriter.html(page)
        let codes = run.events.map(\.code)
        #expect(codes.contains(87) && codes.contains(21) && codes.contains(85), "the script should warn: \(codes)")
        #expect(page.trace.events.count == run.events.count)
        #expect(ScriptedScan.count("class=\"event-marker ", in: html) == run.events.count)
        #expect(ScriptedScan.count("class=\"event-tick ", in: html) == run.events.count)
        #expect(ScriptedScan.count("<tr class=\"", in: html) - ScriptedScan.count("<tr class=\"highlight", in: html)
                == run.events.count)
    }

    @Test func selfContainedNoNetworkAddress() throws {
        let html = HTMLReportWriter.html(try ScriptedScan.page().page)
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("<iframe"))
        // Every src is an inline PNG, and there are depth thumbnails.
        let sources = html.components(separatedBy: " src=\"").dropFirst()
        #expect(!sources.isEmpty)
        for source in sources { #expect(source.hasPrefix("data:image/png;base64,")) }
        #expect(!html.contains("<script src"))
    }

    /// Every line of the page's script closes the string literals it opens (a raw newline inside one
    /// is a syntax error in the browser).
    @Test func scriptStringsStayOnTheirLine() throws {
        let html = HTMLReportWriter.html(try ScriptedScan.page().page)
        let start = try #require(html.range(of: "<script>\n"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        for line in html[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let quotes = line.filter { $0 == "'" }.count
            #expect(quotes % 2 == 0, "unbalanced quotes: \(line)")
        }
    }

    @Test func sameInputSameBytes() throws {
        let a = HTMLReportWriter.html(try ScriptedScan.page().page)
        let b = HTMLReportWriter.html(try ScriptedScan.page().page)
        #expect(a == b)
    }

    @Test func everySectionIsThere() throws {
        let html = HTMLReportWriter.html(try ScriptedScan.page().page)
        for id in ["id=\"plan\"", "id=\"timeline\"", "id=\"events-section\"", "id=\"depth-section\"", "id=\"summary-section\"",
                   "id=\"samples\""] {
            #expect(html.contains(id), "missing \(id)")
        }
        // One lane per detector, each with its threshold line (pitch has four).
        #expect(ScriptedScan.count("class=\"lane\"", in: html) == SignalLane.lanes(for: .v2_10).count)
        #expect(ScriptedScan.count("class=\"threshold\"", in: html) == SignalLane.lanes(for: .v2_10).count + 3)
        #expect(html.contains("class=\"span recording\""))
    }

    /// The timeline's values are what the detectors compared: at the frame where 87 fired, the yaw-rate
    /// lane holds the trace's measured value; at 21, the pitch lane is below the threshold.
    @Test func lanesHoldTheDetectorsOwnValues() throws {
        let (run, page) = try ScriptedScan.page()
        let trace = page.trace
        let fast = try #require(trace.events.first { $0.event.meaning == .fastRotation })
        let frame = try #require(fast.frame)
        let measured = try #require(fast.event.trace?.measured)
        #expect(abs(Double(trace.signals[DetectorSignal.yawRate.rawValue][frame]) - measured) < 1e-3)
        let floor = try #require(trace.events.first { $0.event.meaning == .scanningFloor })
        #expect(Double(trace.signals[DetectorSignal.pitch.rawValue][try #require(floor.frame)]) < Thresholds().floor.pitchDegrees)
        _ = run
    }

    @Test func signalsAreOffByDefault() throws {
        var session = CaptureSession()
        for input in ScriptedScan.inputs(seconds: 3) { _ = try session.step(input) }
        #expect(!session.tapsSignals)
        #expect(session.signals == DetectorSignals())
        var tapped = CaptureSession()
        tapped.tapsSignals = true
        for input in ScriptedScan.inputs(seconds: 3) { _ = try tapped.step(input) }
        #expect(tapped.signals[.pitch].isFinite && tapped.signals[.yawRate].isFinite)
        // Tapping changes no event.
        #expect(session.record.events == tapped.record.events)
    }

    /// An hour at 60 Hz is drawn with a bounded number of points: the page stays under 5 MB.
    @Test func oneHourStaysSmall() throws {
        var trace = ScanTrace()
        let frames = 216_000
        trace.times.reserveCapacity(frames)
        for i in 0..<frames {
            let t = Double(i) / 60
            trace.times.append(t)
            trace.positions.append(SIMD3(Float(3 * cos(t / 10)), 1.4, Float(2 * sin(t / 10))))
            trace.headings.append(SIMD2(Float(cos(t)), Float(sin(t))))
            trace.phases.append(1)
            for signal in DetectorSignal.allCases { trace.signals[signal.rawValue].append(Float(50 + 40 * sin(t * Double(signal.rawValue + 1)))) }
            if i % 600 == 0 {
                trace.events.append((Event(time: t, meaning: .fastRotation,
                                           trace: EventTrace(quantity: "yaw rate", measured: 95, comparison: ">", threshold: 90, unit: "deg/s")), i))
            }
        }
        trace.endTime = Double(frames - 1) / 60
        trace.recordingStart = 0
        let page = ScanReportPage(title: "hour", subtitle: "", trace: trace, plan: nil, thresholds: Thresholds(), summary: ReportSummary())
        let html = HTMLReportWriter.html(page)
        #expect(html.utf8.count < 5_000_000, "\(html.utf8.count) bytes")
        #expect(ScriptedScan.count("class=\"event-marker ", in: html) == trace.events.count)
    }
}
