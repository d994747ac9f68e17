/// A warning shown to the person scanning, as `feedback.json` lists it.
public struct FeedbackItem: Equatable, Sendable {
    /// The warning shown (its code comes from the session's ``SDKProfile``).
    public var meaning: EventMeaning
    /// When it was shown, seconds on the session clock.
    public var start: Double
    /// When it stopped being shown (nil while still shown; closed at the end of the session).
    public var end: Double?
    /// Camera-to-world pose when it was shown.
    public var pose: RigidTransform

    public init(meaning: EventMeaning, start: Double, end: Double? = nil, pose: RigidTransform) {
        self.meaning = meaning; self.start = start; self.end = end; self.pose = pose
    }
}

/// A room label said during the scan.
public struct RoomLabel: Equatable, Sendable {
    public var label: String
    /// Seconds on the session clock.
    public var time: Double
    /// Camera-to-world pose when the label was chosen.
    public var pose: RigidTransform

    public init(label: String, time: Double, pose: RigidTransform) {
        self.label = label; self.time = time; self.pose = pose
    }
}

/// One line of `scan.log`.
public struct ScanLogLine: Equatable, Sendable {
    /// Seconds on the session clock.
    public var time: Double
    public var text: String

    public init(time: Double, text: String) {
        self.time = time; self.text = text
    }
}

/// One SDK-initiated relocation.
public struct RelocationRecord: Equatable, Sendable {
    /// Why it started.
    public enum Cause: String, Sendable { case trackingLost, background, drift }
    public var cause: Cause
    /// Seconds on the session clock.
    public var start: Double
    /// When it ended (recovered or timed out).
    public var end: Double?
    public var recovered: Bool

    public init(cause: Cause, start: Double, end: Double?, recovered: Bool) {
        self.cause = cause; self.start = start; self.end = end; self.recovered = recovered
    }
}

/// What the session keeps for the bundle besides the frames (which the host streams to disk as the
/// session marks them recorded).
public struct SessionRecord: Equatable, Sendable {
    /// Every event emitted, in order.
    public var events: [Event] = []
    /// Warnings shown, with start and end.
    public var feedback: [FeedbackItem] = []
    /// The scan log.
    public var scanLog: [ScanLogLine] = []
    /// Room labels.
    public var roomLabels: [RoomLabel] = []
    /// SDK-initiated relocations.
    public var relocations: [RelocationRecord] = []
    /// *SDK doc (2.8.1)*: whether an SDK-initiated relocation happened ("coming back from background, or
    /// drift detected"); the relocation after ARKit's own tracking loss does not count.
    public var trackingFlag: Bool { relocations.contains { $0.cause == .background || $0.cause == .drift } }
    /// When thermal state critical shut scene reconstruction down (no mesh in the bundle).
    public var reconstructionShutDownAt: Double?
    /// When recording started and ended (seconds on the session clock).
    public var recordingStart: Double?
    public var recordingEnd: Double?
    /// Frames marked recorded.
    public var recordedFrameCount = 0
    /// Bytes the recorded frames add to the bundle (``ScanBytes``: JSON, depth and the video over the
    /// recorded seconds): what zipping reads.
    public var recordedBytes: Int64 = 0
    /// Seconds spent recording (excluding background time), and of those with normal tracking.
    public var recordedSeconds = 0.0
    public var normalTrackingSeconds = 0.0
    /// Thermal state changes (time, state), the first one at the first system sample.
    public var thermalHistory: [(time: Double, state: ThermalState)] = []
    /// Latest system readings.
    public var activeProcessors: Int?
    public var processorCount: Int?

    public init() {}

    /// Every stored field equal (written out because `thermalHistory`'s tuples are not `Equatable`).
    public static func == (a: SessionRecord, b: SessionRecord) -> Bool {
        a.events == b.events && a.feedback == b.feedback && a.scanLog == b.scanLog && a.roomLabels == b.roomLabels
            && a.relocations == b.relocations && a.reconstructionShutDownAt == b.reconstructionShutDownAt
            && a.recordingStart == b.recordingStart && a.recordingEnd == b.recordingEnd
            && a.recordedFrameCount == b.recordedFrameCount && a.recordedBytes == b.recordedBytes
            && a.recordedSeconds == b.recordedSeconds && a.normalTrackingSeconds == b.normalTrackingSeconds
            && a.thermalHistory.map(\.time) == b.thermalHistory.map(\.time)
            && a.thermalHistory.map(\.state) == b.thermalHistory.map(\.state)
            && a.activeProcessors == b.activeProcessors && a.processorCount == b.processorCount
    }
}
