import CaptureEngine

/// One `inputs` entry of `arkitData.json`: a system sample or user action at a time.
public struct ArkitInput: Sendable {
    /// Position among all logged inputs, from 0.
    public var seq: Int
    /// Seconds on the session clock.
    public var time: Double
    /// `.system` or `.user`.
    public var kind: SessionInput.Kind

    public init(seq: Int, time: Double, kind: SessionInput.Kind) {
        self.seq = seq; self.time = time; self.kind = kind
    }
}
