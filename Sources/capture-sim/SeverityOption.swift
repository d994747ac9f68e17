import CaptureEngine

/// `--severity S` of `sweep` and `report`: the least severity of the events kept (info, warning or error).
enum SeverityOption {
    /// The option with the command's help text.
    static func option(_ help: String) -> Option<EventSeverity> { .choice("severity", "S", help) }
}
