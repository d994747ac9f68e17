/// What the orientation warnings remember from one orientation change to the next, in every phase:
/// whether the phone has been in landscape-right (2.10 warns of reverse landscape, 17, only after it
/// has), whether 17 shows, and (3.x) since when the phone has been held other than in portrait (17, then
/// 4 while recording). Each change of orientation returns what to do; the session performs it.
struct OrientationWarnings: Sendable, Equatable {
    /// What an orientation change does.
    enum Action: Equatable, Sendable {
        /// Emit the landscape code (0).
        case landscape
        /// Show the orientation warning (17).
        case show(EventMeaning)
        /// Hide it, with its clearing code (24).
        case hide
    }

    private var seenLandscape = false
    private var reverseLandscapeShown = false
    /// 3.x: since when the phone has been held in an orientation other than portrait, seconds.
    private(set) var wrongSince: Double?

    /// 2.10: landscape-right emits 0; reverse landscape after landscape-right shows 17; leaving it hides 17.
    mutating func landscapeChange(to now: DeviceOrientation) -> [Action] {
        var actions: [Action] = []
        if reverseLandscapeShown && now != .landscapeLeft {
            reverseLandscapeShown = false
            actions.append(.hide)
        }
        switch now {
        case .landscapeRight:
            seenLandscape = true
            actions.append(.landscape)
        case .landscapeLeft where seenLandscape:
            reverseLandscapeShown = true
            actions.append(.show(.reverseLandscape))
        default:
            break
        }
        return actions
    }

    /// 3.x: any orientation but portrait shows 17 until the phone is back in portrait.
    mutating func portraitChange(to now: DeviceOrientation, at t: Double) -> Action? {
        if now == .portrait {
            guard wrongSince != nil else { return nil }
            wrongSince = nil
            return .hide
        }
        guard wrongSince == nil else { return nil }
        wrongSince = t
        return .show(.wrongOrientation)
    }

    /// 3.x: record pressed while held wrong starts the scan, and the time in the wrong orientation counts
    /// from the press; returns whether it was held wrong.
    mutating func recordPressed(at t: Double) -> Bool {
        guard wrongSince != nil else { return false }
        wrongSince = t
        return true
    }
}
