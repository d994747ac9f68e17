import CaptureEngine
import JSONSupport

extension ReportSummary {
    /// The summary rows that describe a run of the session: session clock and recording span (seconds),
    /// inputs, frames, events by severity, relocations, the final phase and the thresholds that differ
    /// from the defaults.
    public static func sessionRows(_ trace: ScanTrace, configuration: SessionConfiguration) -> [(String, String)] {
        var rows: [(String, String)] = []
        let first = trace.times.first ?? 0
        rows.append(("session clock", NumberFormatting.fixed(trace.endTime - min(0, first), decimals: 3) + " s"))
        if let start = trace.recordingStart {
            let end = trace.recordingEnd ?? trace.endTime
            rows.append(("recording", "\(NumberFormatting.fixed(start, decimals: 3))-\(NumberFormatting.fixed(end, decimals: 3)) s (\(NumberFormatting.fixed(end - start, decimals: 3)) s)"))
        }
        rows.append(("inputs", "\(trace.inputCount)"))
        rows.append(("frames", "\(trace.frameCount) (\(trace.phases.filter { $0 != 0 }.count) recorded), \(trace.depthFrameCount) with depth"))
        var bySeverity: [EventSeverity: Int] = [:]
        for e in trace.events { bySeverity[e.event.severity, default: 0] += 1 }
        rows.append(("events", "\(trace.events.count): \(bySeverity[.info] ?? 0) info, \(bySeverity[.warning] ?? 0) warning, \(bySeverity[.error] ?? 0) error"))
        rows.append(("relocations", "\(trace.relocations.count)"))
        rows.append(("final phase", trace.finalPhase.rawValue))
        let defaults = Thresholds()
        let changed = Thresholds.keyPaths.filter { configuration.thresholds.value(at: $0) != defaults.value(at: $0) }
        rows.append(("thresholds", changed.isEmpty ? "defaults" : changed.map { "\($0)=\(configuration.thresholds.value(at: $0).map(NumberFormatting.compact) ?? "?")" }.joined(separator: ", ")))
        return rows
    }
}
