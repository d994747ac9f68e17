import CaptureEngine

/// `--severity S` of `sweep` and `report`: the least severity of the events kept (info, warning or error).
enum SeverityOption {
    /// The severity `--severity` names, or nil without the option.
    static func parse(_ parsed: CommandLineArguments) throws(UsageError) -> EventSeverity? {
        guard let text = parsed.value("severity") else { return nil }
        guard let severity = EventSeverity(rawValue: text) else {
            throw UsageError("--severity expects info, warning or error, got '\(text)'")
        }
        return severity
    }
}
