import CaptureEngine

/// How the phone warms up while scanning: heat accumulates while recording at a rate that depends on
/// the load, and the thermal state is the highest level whose heat threshold has been reached.
///
/// Heat is measured in "load-seconds": one second of recording with scene reconstruction adds
/// `reconstructionLoad`, one second without it adds `recordingLoad`; outside recording heat stays
/// (a scan is too short for the phone to cool noticeably). A scripted `thermal` step sets the state
/// and moves the heat to that state's threshold, so the model continues from there.
public struct ThermalModel: Sendable, Equatable {
    /// Heat added per second of recording with scene reconstruction (LiDAR with meshVisualisation), default 1.
    public var reconstructionLoad: Double
    /// Heat added per second of recording without reconstruction, default 0.5.
    public var recordingLoad: Double
    /// Heat at which the state becomes fair, load-seconds (default 480: 8 min with reconstruction; a guess,
    /// no public text gives a phone's heating while scanning).
    public var fairAt: Double
    /// Heat at which the state becomes serious, load-seconds (default 900; a guess).
    public var seriousAt: Double
    /// Heat at which the state becomes critical, load-seconds (default 1200; a guess).
    public var criticalAt: Double

    public init(reconstructionLoad: Double = 1, recordingLoad: Double = 0.5, fairAt: Double = 480,
                seriousAt: Double = 900, criticalAt: Double = 1200) {
        self.reconstructionLoad = reconstructionLoad
        self.recordingLoad = recordingLoad
        self.fairAt = fairAt
        self.seriousAt = seriousAt
        self.criticalAt = criticalAt
    }

    /// The state a heat level gives, never below `floor`.
    func state(heat: Double, atLeast floor: ThermalState) -> ThermalState {
        let byHeat: ThermalState = heat >= criticalAt ? .critical : heat >= seriousAt ? .serious
            : heat >= fairAt ? .fair : .nominal
        return max(byHeat, floor)
    }

    /// The heat threshold of a state.
    func heat(for state: ThermalState) -> Double {
        switch state {
        case .nominal: 0
        case .fair: fairAt
        case .serious: seriousAt
        case .critical: criticalAt
        }
    }
}
