/// Which poses an export writes: the tracker's estimate (what a phone records) or the true poses a
/// synthetic capture writes beside it (`raw/poses_true.csv`, `truth/poses_true.csv`).
public enum ExportPoses: String, Sendable, CaseIterable {
    case estimate
    case `true`
}

/// What to export of a capture, beyond the format.
public struct ExportOptions: Sendable {
    /// Keep every n-th of the frames the format takes (1: all).
    public var every: Int
    /// Only frames at or after this time (s, capture clock).
    public var from: Double?
    /// Only frames before this time (s, capture clock).
    public var to: Double?
    /// The frame rate of a raw package whose `raw/poses.csv` has no `time` column (frame k at k / rate).
    public var frameRateHz: Double?

    public init(every: Int = 1, from: Double? = nil, to: Double? = nil, frameRateHz: Double? = nil) {
        self.every = every
        self.from = from
        self.to = to
        self.frameRateHz = frameRateHz
    }

    /// `frames` within the time window, then every ``every``-th of them.
    func select(_ frames: [ExportFrame]) -> [ExportFrame] {
        let window = frames.filter { frame in
            (from.map { frame.time >= $0 } ?? true) && (to.map { frame.time < $0 } ?? true)
        }
        return stride(from: 0, to: window.count, by: max(1, every)).map { window[$0] }
    }
}
