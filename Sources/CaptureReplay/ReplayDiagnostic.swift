/// Something odd in a log that the replay reports and works around: data, not a failure.
///
/// `capture-sim replay` prints diagnostics on standard error as `warning: FILE:LINE: message`.
public struct ReplayDiagnostic: Equatable, Sendable, CustomStringConvertible {
    /// What was found.
    public enum Kind: String, Sendable, CaseIterable {
        /// A pose with a NaN or infinite value: passed through (the engine answers 66).
        case nonFinitePose
        /// A time stamp that is NaN or infinite: the line is skipped.
        case nonFiniteTime
        /// A frame with the same time stamp as the previous frame: skipped.
        case duplicateTime
        /// A time stamp earlier than the previous one: skipped (the engine rejects time going backwards).
        case backwardsTime
        /// More than ``ReplayOptions/gapThresholdSeconds`` between two consecutive frames: kept.
        case gap
        /// A quaternion whose length is not 1 within ``ReplayOptions/unitQuaternionTolerance``: normalised.
        case nonUnitRotation
        /// The last line ends without a newline and is incomplete: replayed up to the line before.
        case truncatedLastLine
        /// `--from` cut the start of a bundle's recording: recording restarts at the window's first frame.
        case windowStartsMidRecording
        /// How a raw `poses.csv`'s frames were timed: `--fps` not used (the log has a time column), or
        /// the rate taken from the package's `manifest.json`.
        case frameRate
    }

    /// What was found.
    public var kind: Kind
    /// The file it was found in.
    public var file: String
    /// 1-based line number in a text log (nil for bundles, whose entries are named in `message`).
    public var line: Int?
    /// The input's time on the session clock, seconds, when known.
    public var time: Double?
    /// A readable account of it.
    public var message: String

    public init(kind: Kind, file: String, line: Int? = nil, time: Double? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.time = time
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
