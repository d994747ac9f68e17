/// What a recording carries through recording, relocating and the background: the pending stop and
/// the clocks that mean something only while recording (the latest recorded frame, the tracking state
/// and since when it has been normal, since when the pose has been frozen). A new recording starts them
/// all afresh; nothing outside these phases can read them.
struct RecordingState: Equatable, Sendable {
    /// Record was pressed a second time and the stop awaits confirmation.
    var stopRequested = false
    /// When the latest recorded frame came, seconds (nil before the first and after the background, so
    /// the time away is not counted as recorded).
    var lastFrameTime: Double?
    /// The tracking state of the latest recorded frame (normal at the record press; not available
    /// while relocating until a frame says otherwise).
    var tracking: TrackingState = .normal
    /// Since when tracking has been normal, seconds (nil while it is not): a keyframe is offered once
    /// it has been for ``Thresholds/Relocation/firstKeyframeAfterSeconds``.
    var normalTrackingSince: Double?
    /// Since when the translation and the orientation have been unchanged with normal tracking (66
    /// under 2.x, 126-128 under 3.x), seconds.
    var translationFrozenSince: Double?
    var rotationFrozenSince: Double?
    /// Room labels by speech (40-46): what the speech view shows. Speech runs only while recording.
    var speech: SpeechState = .idle

    /// The speech view's state.
    enum SpeechState: Equatable, Sendable {
        case idle, listening
        case showingResults([String])
    }

    /// A frozen part of the camera pose: which code it gives and since when it has been unchanged.
    struct FrozenPose: Equatable {
        var meaning: EventMeaning
        var since: Double
        /// What the trace calls the unchanged quantity.
        var quantity: String
    }

    /// Times a camera pose left exactly unchanged while tracking is normal, given the previous frame's
    /// `previous` transform and recorded time; returns what is frozen once it has been for
    /// `frozenSeconds`. The translation and the orientation are timed apart: `splitsParts` false (2.x,
    /// SDK 2.8.1) counts only the whole transform (both parts, 66); true (3.x) tells them apart (126
    /// translation, 127 orientation, 128 both).
    @inline(__always)
    mutating func frozenPose(_ pose: RigidTransform, tracking: TrackingState, previous: RigidTransform?,
                             previousFrameTime: Double?, at t: Double, frozenSeconds: Double,
                             splitsParts: Bool) -> FrozenPose? {
        guard tracking == .normal, let previous else {
            translationFrozenSince = nil
            rotationFrozenSince = nil
            return nil
        }
        let start = previousFrameTime ?? t
        translationFrozenSince = previous.translation == pose.translation ? (translationFrozenSince ?? start) : nil
        rotationFrozenSince = previous.rotation == pose.rotation ? (rotationFrozenSince ?? start) : nil
        let limit = frozenSeconds - Tolerance.seconds
        let translationFrozen = translationFrozenSince.map { t - $0 >= limit } ?? false
        let rotationFrozen = rotationFrozenSince.map { t - $0 >= limit } ?? false
        // The whole transform has been unchanged since the later of the two parts' starts.
        let both = max(translationFrozenSince ?? t, rotationFrozenSince ?? t)
        guard splitsParts else {
            guard translationFrozen, rotationFrozen else { return nil }
            return FrozenPose(meaning: .invalidPose, since: both, quantity: "camera transform unchanged")
        }
        switch (translationFrozen, rotationFrozen) {
        case (true, true): return FrozenPose(meaning: .translationAndOrientationFrozen, since: both, quantity: "camera position unchanged")
        case (true, false): return FrozenPose(meaning: .translationFrozen, since: translationFrozenSince ?? t, quantity: "camera position unchanged")
        case (false, true): return FrozenPose(meaning: .orientationFrozen, since: rotationFrozenSince ?? t, quantity: "camera orientation unchanged")
        case (false, false): return nil
        }
    }

    /// Times normal tracking at a recorded frame; returns whether it has been normal long enough
    /// (`firstKeyframeAfterSeconds`) for the pose to be kept as a keyframe.
    @inline(__always)
    mutating func offersKeyframe(tracking: TrackingState, at t: Double, firstKeyframeAfterSeconds: Double) -> Bool {
        guard tracking == .normal else {
            normalTrackingSince = nil
            return false
        }
        let since = normalTrackingSince ?? t
        normalTrackingSince = since
        return t - since >= firstKeyframeAfterSeconds - Tolerance.seconds
    }
}
