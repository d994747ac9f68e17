/// What `capture-sim generate` makes: how many rooms, how often each injected event happens, the
/// depth rate. Plain data with documented defaults (docs/generate.md).
public struct GeneratorSettings: Sendable, Equatable {
    /// The data set's seed: item i is made from (seed, i) alone (default 1).
    public var seed: UInt64 = 1
    /// Fewest rooms of an apartment, 1...6 (default 1).
    public var minimumRooms = 1
    /// Most rooms of an apartment, minimumRooms...6 (default 6).
    public var maximumRooms = 6
    /// Probability that a room large enough is L-shaped (default 0.35).
    public var lShapeProbability = 0.35
    /// Probability that a scene has one fast turn (about 120 degrees in 1 s: code 87), 0...1 (default 0).
    public var fastTurnRate = 0.0
    /// Probability that a scene has one sideways walk (2 m to the right at 0.45 m/s: codes 30 and 27),
    /// 0...1 (default 0).
    public var sidewaysWalkRate = 0.0
    /// Probability that a scene has one tracking loss (5 s, then relocated: code 28), 0...1 (default 0).
    public var trackingLossRate = 0.0
    /// A depth map on every n-th frame of the generated scenes (their `depth.everyNthFrame`; default 1).
    public var depthEveryNthFrame = 1
    /// The scenes' names are `<namePrefix>-<seed>-<index, five digits>` (default `apartment`).
    public var namePrefix = "apartment"

    public init() {}

    /// The most rooms any apartment may have.
    public static let roomLimit = 6
}
