import CaptureEngine
import JSONSupport

/// ``LiDARStatistics`` as text (one column per capture, rows as in docs/lidar.md) and as JSON.
public enum LiDARStatisticsReport {
    /// The rows: label, then each capture's value as text ("-" when it has none).
    static func rows(_ s: LiDARStatistics) -> [(String, String)] {
        func pct(_ v: Double?) -> String { v.map { format($0 * 100, digits: $0 < 0.01 ? 2 : 1) } ?? "-" }
        func list(_ v: [Double?]?, _ f: (Double?) -> String) -> String { v.map { $0.map(f).joined(separator: " / ") } ?? "-" }
        func mm(_ v: Double?) -> String { v.map { format($0 * 1000, digits: 2) } ?? "-" }
        func plain(_ v: Double?, _ digits: Int) -> String { v.map { format($0, digits: digits) } ?? "-" }
        return [
            ("format", s.format.rawValue),
            ("frames (analysed)", "\(s.frameCount) (\(s.analysedFrames))"),
            ("pose convention", s.poseConvention ?? "-"),
            ("valid pixels %", pct(s.validShare)),
            ("frames with holes %", pct(s.framesWithHolesShare)),
            ("max depth m", plain(s.maximumDepthMeters, 2)),
            ("confidence low / medium / high %", list(s.confidenceShares?.map { Optional($0) }, pct)),
            ("high % at 0-1 / 1-2 / 2-3 / 3-4 / >4 m", list(s.highShareByDepth, pct)),
            ("low % below 2 m", pct(s.lowShareBelow2Meters)),
            ("low % on the 6 px border", pct(s.borderLowShare)),
            ("low % on edge / 1 px / 2 px / >10 px", list(s.lowShareByEdgeDistance, pct)),
            ("low<->high neighbour changes %", pct(s.directLowHighShare)),
            ("confidence changes between 4-neighbours %", pct(s.confidenceChangeShare)),
            ("depth-edge pixels %", pct(s.edgePixelShare)),
            ("flying pixels per frame", plain(s.flyingPixelsPerFrame, 0)),
            ("flying % of discontinuity zone", pct(s.flyingShareOfZone)),
            ("flying high-confidence %", pct(s.flyingHighShare)),
            ("transition width 0/1/2/3/4+ px %", list(s.transitionWidthShares?.map { Optional($0) }, pct)),
            ("transition width mean px", plain(s.transitionWidthMean, 2)),
            ("plane residual 0-1 / 1-2 / 2-3 / 3-4 m mm", list(s.planeResidualMeters, mm)),
            ("residual next-pixel correlation (2-3 m)", plain(s.residualNeighbourCorrelation, 2)),
            ("8x8 block / pixel difference ratio", plain(s.blockDifferenceRatio, 2)),
            ("view error 2-3 / 3-4 m mm", list(s.viewErrorMeters, mm)),
            ("view error with pose error 2-3 / 3-4 m mm", list(s.viewErrorRawMeters, mm)),
            ("flicker at 2-3 m conf 0 / 1 / 2 mm", list(s.flickerMetersByConfidence, mm)),
            ("depth p95 m", plain(s.depthP95Meters, 2)),
        ]
    }

    /// A text table: one row per statistic, one column per capture.
    public static func table(_ statistics: [LiDARStatistics]) -> String {
        let columns = statistics.map(rows)
        guard let labels = columns.first?.map(\.0) else { return "" }
        let header = ["statistic"] + statistics.map(\.path)
        var lines = [header] + labels.indices.map { r in [labels[r]] + columns.map { $0[r].1 } }
        let widths = header.indices.map { c in lines.map { $0[c].count }.max() ?? 0 }
        lines.insert(widths.map { String(repeating: "-", count: $0) }, at: 1)
        return lines.map { line in
            line.enumerated().map { c, cell in cell.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    /// One capture's statistics as a JSON object (shares 0...1, lengths in metres, null when absent).
    public static func json(_ s: LiDARStatistics) -> JSONValue {
        func number(_ v: Double?) -> JSONValue { v.map { .number($0) } ?? .null }
        func array(_ v: [Double?]?) -> JSONValue { v.map { .array($0.map(number)) } ?? .null }
        func array(_ v: [Double]?) -> JSONValue { v.map { .array($0.map { .number($0) }) } ?? .null }
        return .object([
            ("path", .string(s.path)), ("format", .string(s.format.rawValue)),
            ("frames", .int(Int64(s.frameCount))), ("analysedFrames", .int(Int64(s.analysedFrames))),
            ("width", .int(Int64(s.width))), ("height", .int(Int64(s.height))),
            ("poseConvention", s.poseConvention.map { .string($0) } ?? .null),
            ("validShare", number(s.validShare)), ("framesWithHolesShare", number(s.framesWithHolesShare)),
            ("maximumDepthMeters", number(s.maximumDepthMeters)), ("depthP95Meters", number(s.depthP95Meters)),
            ("confidenceShares", array(s.confidenceShares)), ("highShareByDepth", array(s.highShareByDepth)),
            ("lowShareBelow2Meters", number(s.lowShareBelow2Meters)), ("borderLowShare", number(s.borderLowShare)),
            ("lowShareByEdgeDistance", array(s.lowShareByEdgeDistance)), ("directLowHighShare", number(s.directLowHighShare)),
            ("confidenceChangeShare", number(s.confidenceChangeShare)),
            ("edgePixelShare", number(s.edgePixelShare)), ("flyingPixelsPerFrame", number(s.flyingPixelsPerFrame)),
            ("flyingShareOfZone", number(s.flyingShareOfZone)), ("flyingHighShare", number(s.flyingHighShare)),
            ("transitionWidthShares", array(s.transitionWidthShares)), ("transitionWidthMean", number(s.transitionWidthMean)),
            ("planeResidualMeters", array(s.planeResidualMeters)),
            ("residualNeighbourCorrelation", number(s.residualNeighbourCorrelation)),
            ("blockDifferenceRatio", number(s.blockDifferenceRatio)), ("viewErrorMeters", array(s.viewErrorMeters)),
            ("viewErrorRawMeters", array(s.viewErrorRawMeters)),
            ("flickerMetersByConfidence", array(s.flickerMetersByConfidence)),
        ])
    }

    /// `value` with `digits` decimals, rounded half away from zero.
    static func format(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded() / scale
        var text = String(Int(rounded))
        if digits > 0 {
            let fraction = Int(((rounded - Double(Int(rounded))) * scale).rounded())
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
        }
        return (value < 0 && rounded > 0 ? "-" : "") + text
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
