import CaptureEngine

/// The report's colours: severities, and time along the path (dark blue to yellow).
enum ReportColours {
    static func severity(_ s: EventSeverity) -> String {
        switch s {
        case .info: "#3b82c4"
        case .warning: "#e69500"
        case .error: "#d12d2d"
        }
    }

    /// A colour for a fraction 0...1 of the session's time (a viridis-like ramp).
    static func time(_ fraction: Double) -> String {
        let stops: [(Double, Double, Double)] = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]
        let f = min(1, max(0, fraction)) * Double(stops.count - 1)
        let i = min(stops.count - 2, Int(f))
        let u = f - Double(i)
        let a = stops[i], b = stops[i + 1]
        func channel(_ x: Double, _ y: Double) -> String {
            let v = Int((x + (y - x) * u).rounded())
            let hex = String(v, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + channel(a.0, b.0) + channel(a.1, b.1) + channel(a.2, b.2)
    }
}
