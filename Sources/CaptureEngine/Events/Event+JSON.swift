import JSONSupport
extension Event {
    /// The one JSON shape of an event, used by every command's `--json` output (one object per line)
    /// and by the bundle's event lists. Keys in this order: `time` (seconds on the session clock),
    /// `code`, `message`, `severity` ("info", "warning", "error"), then `trace` when the event has one
    /// (`quantity`, `measured`, `comparison`, `threshold`, `unit`, `windowSeconds`, `windowStart`).
    /// Under a profile that reports delegate calls (3.x), an event that ends the scan adds `delegate`
    /// after `severity`: "didCompleteScan" with the zip (7), or "didAbortScan" with `canContinue` (false:
    /// a new scan's files are removed; continuing an earlier scan is not modelled) for an error.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("time", .number(time)),
            ("code", .integer(code)),
            ("message", .string(message)),
            ("severity", .string(severity.rawValue)),
        ]
        if let call = delegateCall {
            pairs.append(("delegate", .string(call)))
            if call == "didAbortScan" { pairs.append(("canContinue", .bool(false))) }
        }
        if let trace {
            var t: [(String, JSONValue)] = [
                ("quantity", .string(trace.quantity)),
                ("measured", .number(trace.measured)),
                ("comparison", .string(trace.comparison)),
                ("threshold", .number(trace.threshold)),
                ("unit", .string(trace.unit)),
            ]
            if let w = trace.windowSeconds { t.append(("windowSeconds", .number(w))) }
            if let s = trace.windowStart { t.append(("windowStart", .number(s))) }
            pairs.append(("trace", .object(t)))
        }
        return .object(pairs)
    }

    /// The text form every command prints: time with three decimals, code, message; e.g.
    /// `   12.500   87  Too fast rotations. Showing fast movement warning` (the code right-aligned in three
    /// columns, so the 3.x profile's three-digit codes keep the messages in line).
    public var line: String {
        let t = NumberFormatting.fixed(time, decimals: 3)
        let c = String(code)
        return String(repeating: " ", count: max(0, 9 - t.count)) + t + "  "
            + String(repeating: " ", count: max(0, 3 - c.count)) + c + "  " + message
    }

    /// Why the event fired, as `run --trace` and `replay --trace` print it under ``line``: the trace's
    /// summary indented to the message column, e.g.
    /// `           yaw rate 92.442 deg/s over 0.5 s > 90 deg/s (window from 22.483 s)`; nil without a trace.
    public var traceLine: String? {
        trace.map { String(repeating: " ", count: 11) + $0.summary }
    }

    /// The `CubiCaptureDelegate` call this event leads to under a profile that reports them:
    /// "didCompleteScan" for the zip, "didAbortScan" for an error; nil otherwise and under 2.10.
    public var delegateCall: String? {
        guard sdk.behaviour.reportsDelegateCalls else { return nil }
        if meaning == .zipped { return "didCompleteScan" }
        return severity == .error ? "didAbortScan" : nil
    }
}
