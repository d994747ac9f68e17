import CaptureEngine

/// What a report draws of one session: a sample per camera frame (time, position, viewing direction,
/// phase, the detectors' measured values), the events with the frame each fired at, the recording and
/// relocation spans, and depth thumbnails. Columns of numbers rather than an array of structs, so an
/// hour at 60 Hz stays compact.
public struct ScanTrace: Sendable {
    /// Frame times, seconds on the session clock.
    public var times: [Double] = []
    /// Camera positions, metres (ARKit world: Y up).
    public var positions: [SIMD3<Float>] = []
    /// The viewing direction projected on the floor plane (x, z), unit length (zero when looking
    /// straight up or down).
    public var headings: [SIMD2<Float>] = []
    /// The session's phase after each frame: 0 not recording, 1 recording, 2 relocating.
    public var phases: [UInt8] = []
    /// Each signal's measured value per frame, drawn (``SignalLane/value(_:)``), indexed by
    /// ``DetectorSignal/rawValue``; NaN when unmeasured.
    public var signals: [[Float]] = Array(repeating: [], count: DetectorSignal.allCases.count)
    /// Storage minutes left per system sample (time, minutes): the storage lane's values, which come with
    /// system samples rather than frames.
    public var storageSamples: [(time: Double, minutes: Double)] = []
    /// Every event, with the index of the latest frame at or before it (nil before the first frame).
    public var events: [(event: Event, frame: Int?)] = []
    /// Recording span, seconds (end nil when the session never stopped).
    public var recordingStart: Double?
    public var recordingEnd: Double?
    /// Relocation spans, seconds.
    public var relocations: [RelocationRecord] = []
    /// Depth and confidence thumbnails, in time order.
    public var thumbnails: [DepthThumbnail] = []

    /// The SDK profile the session ran under (its events carry it; 2.10 when there are none).
    public var sdk: SDKProfile { events.first?.event.sdk ?? .standard }
    /// Inputs seen, frames with depth, final phase.
    public var inputCount = 0
    public var depthFrameCount = 0
    public var finalPhase: SessionPhase = .waitingForLandscape
    /// The time of the last input, seconds.
    public var endTime = 0.0

    public init() {}

    /// The number of frames.
    public var frameCount: Int { times.count }

    /// The frame index nearest to `time` (nil without frames).
    public func frameIndex(near time: Double) -> Int? {
        guard !times.isEmpty else { return nil }
        var lo = 0, hi = times.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] < time { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0, abs(times[lo - 1] - time) <= abs(times[lo] - time) { return lo - 1 }
        return lo
    }
}
