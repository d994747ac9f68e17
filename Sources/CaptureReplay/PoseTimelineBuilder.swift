import CaptureEngine
import JSONSupport

/// Turns the poses of a text log into session inputs: checks time order, reports gaps and non-finite
/// poses, puts the clock's 0 at the first pose (unless ``keepsClock``), cuts the `from`/`to` window and
/// starts recording at the first frame.
struct PoseTimelineBuilder {
    let file: String
    let options: ReplayOptions
    /// Whether the log's times are already on the session clock (a raw `poses.csv` with its time
    /// column: seconds on the capture clock), so they are kept as they are.
    var keepsClock = false
    private(set) var diagnostics: [ReplayDiagnostic] = []
    /// The record press at the first kept frame's time, then the kept frames.
    private var inputs: [SessionInput] = []
    private var origin: Double?
    private var previous: Double?

    init(file: String, options: ReplayOptions, expectedCount: Int = 0) {
        self.file = file
        self.options = options
        inputs.reserveCapacity(expectedCount + 1)
    }

    /// Adds one pose at a time stamp in the log's own seconds. `finite` is false when a value of the pose
    /// on the line was NaN or infinite.
    mutating func add(time logTime: Double, pose: RigidTransform, finite: Bool, line: Int) {
        guard logTime.isFinite else {
            report(.nonFiniteTime, line: line, time: nil, "time stamp \(logTime) is not a finite number; line skipped")
            return
        }
        let origin = self.origin ?? (keepsClock ? 0 : logTime)
        self.origin = origin
        let time = logTime - origin
        if let previous {
            if logTime == previous {
                report(.duplicateTime, line: line, time: time,
                       "time \(NumberFormatting.fixed(time, decimals: 6)) s repeats the previous frame's; frame skipped")
                return
            }
            if logTime < previous {
                report(.backwardsTime, line: line, time: time,
                       "time \(NumberFormatting.fixed(time, decimals: 6)) s is before the previous frame's \(NumberFormatting.fixed(previous - origin, decimals: 6)) s; frame skipped")
                return
            }
            if logTime - previous > options.gapThresholdSeconds {
                report(.gap, line: line, time: time,
                       "gap of \(NumberFormatting.fixed(logTime - previous, decimals: 3)) s before this frame (more than \(NumberFormatting.compact(options.gapThresholdSeconds)) s)")
            }
        }
        previous = logTime
        if !finite {
            report(.nonFinitePose, line: line, time: time, "pose has a non-finite value; passed to the session as is")
        }
        guard options.contains(time) else { return }
        if inputs.isEmpty { inputs.append(SessionInput(time: time, .user(.recordPressed))) }
        inputs.append(SessionInput(time: time, .frame(CameraFrame(transform: pose))))
    }

    /// Adds a diagnostic found while parsing.
    mutating func report(_ kind: ReplayDiagnostic.Kind, line: Int?, time: Double?, _ message: String) {
        diagnostics.append(ReplayDiagnostic(kind: kind, file: file, line: line, time: time, message: message))
    }

    /// Reports a rotation quaternion whose `length` is off 1 by more than the tolerance (the pose uses
    /// it normalised); a non-finite length is the pose's own report (``add(time:pose:finite:line:)``).
    mutating func checkUnitLength(_ length: Double, line: Int) {
        if length.isFinite, abs(length - 1) > options.unitQuaternionTolerance {
            report(.nonUnitRotation, line: line, time: nil,
                   "quaternion length \(NumberFormatting.fixed(length, decimals: 6)) is not 1; normalised")
        }
    }

    /// Reports the incomplete last line (no newline) a parser left out, if there was one.
    mutating func reportTruncatedLastLine(_ truncated: (line: Int, reason: String)?) {
        guard let truncated else { return }
        report(.truncatedLastLine, line: truncated.line, time: nil,
               "last line is incomplete (no newline; \(truncated.reason)); replaying up to the line before")
    }

    /// The inputs: a record press at the first frame's time, then the frames.
    func sessionInputs() -> [SessionInput] { inputs }
}
