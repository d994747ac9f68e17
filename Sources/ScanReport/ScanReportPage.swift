import CaptureEngine

/// Everything one report page shows: a title, the session's trace, the plan of the scene (when known),
/// the thresholds the session ran with, the summary and, for a failing check, the expected events and
/// the check's problems.
public struct ScanReportPage: Sendable {
    public var title: String
    /// One line under the title (what the input was).
    public var subtitle: String
    public var trace: ScanTrace
    public var plan: PlanGeometry?
    public var thresholds: Thresholds
    public var summary: ReportSummary
    /// Expected events drawn in a lane of their own under the actual ones (check reports).
    public var expected: [ExpectedEvent]?
    /// The check's problems and diff lines (check reports).
    public var problems: [String] = []
    /// The SDK profile the session ran under (its events carry it; 2.10 when there are none).
    public var sdk: SDKProfile { trace.sdk }

    public init(title: String, subtitle: String, trace: ScanTrace, plan: PlanGeometry?, thresholds: Thresholds,
                summary: ReportSummary, expected: [ExpectedEvent]? = nil, problems: [String] = []) {
        self.title = title
        self.subtitle = subtitle
        self.trace = trace
        self.plan = plan
        self.thresholds = thresholds
        self.summary = summary
        self.expected = expected
        self.problems = problems
    }
}
