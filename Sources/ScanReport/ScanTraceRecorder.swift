import CaptureEngine

/// Builds a ``ScanTrace`` from a session's steps: give it to `SceneRun` or `ReplayRun` as their
/// observer (`recorder.observe`), then take the trace with ``finish()``.
///
/// Depth thumbnails are taken from the first frame with depth at or after each warning or error
/// (at most ``maximumEventThumbnails``) and every ``thumbnailIntervalSeconds`` (at most
/// ``maximumRegularThumbnails``).
public final class ScanTraceRecorder {
    public private(set) var trace = ScanTrace()
    /// Seconds between regular thumbnails.
    public let thumbnailIntervalSeconds: Double
    public let maximumEventThumbnails: Int
    public let maximumRegularThumbnails: Int
    private var nextRegularTime = 0.0
    private var regularCount = 0
    private var eventCount = 0
    /// Warnings and errors waiting for a depth frame for their thumbnail.
    private var pending: [Event] = []
    /// The relocation and recording spans of the session as last observed.
    private var relocations: [RelocationRecord] = []
    private var recordingStart: Double?
    private var recordingEnd: Double?

    /// - Parameter expectedDurationSeconds: the input's length, to spread the regular thumbnails over it.
    public init(expectedDurationSeconds: Double, maximumEventThumbnails: Int = 24, maximumRegularThumbnails: Int = 16) {
        self.maximumEventThumbnails = maximumEventThumbnails
        self.maximumRegularThumbnails = maximumRegularThumbnails
        thumbnailIntervalSeconds = max(2, expectedDurationSeconds / Double(max(1, maximumRegularThumbnails)))
    }

    /// Records one step: the input, the session after it and the events it caused.
    public func observe(_ input: SessionInput, _ session: CaptureSession, _ events: [Event]) {
        trace.inputCount += 1
        trace.endTime = input.time
        trace.finalPhase = session.phase
        recordingStart = session.record.recordingStart
        recordingEnd = session.record.recordingEnd
        if session.record.relocations.count != relocations.count || session.record.relocations.last != relocations.last {
            relocations = session.record.relocations
        }
        let lastFrame = trace.times.isEmpty ? nil : trace.times.count - 1
        var frame: CameraFrame?
        if case .frame(let f) = input.kind, f.transform.isFinite {
            frame = f
            let pose = f.transform
            let forward = pose.rotation.act(SIMD3(0, 0, -1))
            var heading = SIMD2(Float(forward.x), Float(forward.z))
            let length = (heading * heading).sum().squareRoot()
            heading = length > 1e-3 ? heading / length : .zero
            trace.times.append(input.time)
            trace.positions.append(SIMD3(Float(pose.translation.x), Float(pose.translation.y), Float(pose.translation.z)))
            trace.headings.append(heading)
            trace.phases.append(session.phase == .recording ? 1 : session.phase == .relocating ? 2 : 0)
            for signal in DetectorSignal.allCases {
                trace.signals[signal.rawValue].append(Float(signal.row.drawn(session.signals[signal])))
            }
            if f.depth != nil { trace.depthFrameCount += 1 }
        } else if case .system(let sample) = input.kind, sample.storageFreeBytes != nil,
                  session.phase == .recording || session.phase == .relocating {
            let minutes = session.signals[.storage]
            if minutes.isFinite { trace.storageSamples.append((input.time, minutes)) }
        }
        let frameIndex = frame != nil ? trace.times.count - 1 : lastFrame
        for event in events {
            trace.events.append((event, frameIndex))
            if event.severity != .info, event.meaning != .errorSound, eventCount + pending.count < maximumEventThumbnails {
                pending.append(event)
            }
        }
        guard let frame, let depth = frame.depth else { return }
        for event in pending {
            trace.thumbnails.append(DepthThumbnail(depth, time: input.time, reason: .event(event.code, event.time)))
            eventCount += 1
        }
        pending.removeAll()
        if input.time >= nextRegularTime, regularCount < maximumRegularThumbnails {
            trace.thumbnails.append(DepthThumbnail(depth, time: input.time, reason: .regular))
            regularCount += 1
            nextRegularTime = input.time + thumbnailIntervalSeconds
        }
    }

    /// The trace, completed with the session's recording and relocation spans as last observed.
    public func finish() -> ScanTrace {
        trace.recordingStart = recordingStart
        trace.recordingEnd = recordingEnd
        trace.relocations = relocations
        return trace
    }
}
