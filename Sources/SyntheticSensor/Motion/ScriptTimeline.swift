import CaptureEngine
import Foundation

/// A scene's script compiled into a timeline: motion segments, time-stamped user actions and system
/// changes, and the intervals in which tracking is limited or lost, the pose is frozen, the app is in
/// the background, or the phone is recording.
struct ScriptTimeline: Sendable {
    /// A time-stamped change that the stream reports.
    struct TimedChange: Sendable {
        enum Kind: Sendable {
            case user(UserAction)
            case thermal(ThermalState)
            case storage(Int64)
            case lowPower(Bool)
            case memoryWarning
            case processors(active: Int, total: Int?)
            case battery(Int)
        }
        var time: Double
        var kind: Kind
    }

    /// A time interval with a value.
    struct Interval<Value: Sendable>: Sendable {
        var start: Double
        var end: Double
        var value: Value
        func contains(_ t: Double) -> Bool { t >= start && t < end }
    }

    var segments: [MotionSegment] = []
    var changes: [TimedChange] = []
    var tracking: [Interval<TrackingState>] = []
    var frozen: [Interval<Void>] = []
    var background: [Interval<Void>] = []
    /// Intervals in which the phone drops this share of its camera frames.
    var frameDrops: [Interval<Double>] = []
    /// When the phone believes it records: from the first record press made in the SDK's recording
    /// orientation (landscape-right; any orientation for 3.x, which starts the scan and ends it after a
    /// short time unless the phone is turned to portrait) to the confirmed stop (the engine decides what
    /// it records; this only drives the storage and thermal model).
    var recording: Interval<Void>?
    /// Jumps of the reported position (scripted drift, new origin after tracking loss), in time order.
    var offsetJumps: [(time: Double, offset: SIMD3<Double>)] = []
    /// Where the stream ends, seconds.
    var endTime: Double = 0
    /// Floor height under the starting position, metres.
    var floorHeight: Double = 0

    /// Seconds between the speech button and the recognition results.
    static let speechResultsDelay = 2.5
    /// Seconds between the results and the person's choice.
    static let speechChoiceDelay = 1.5
    /// Seconds between the stop press and the confirmation.
    static let stopConfirmDelay = 1.0
    /// Seconds the stream continues after a confirmed stop.
    static let tailAfterStop = 2.0

    init(scene: Scene) {
        let motion = scene.motion
        let firstRoom = scene.rooms[0]
        var centre = SIMD2<Double>(0, 0)
        for p in firstRoom.floor { centre += p }
        centre /= Double(firstRoom.floor.count)
        var state = BodyState(position: centre, heading: 0, pitch: Angle.radians(fromDegrees: -20),
                              roll: PhoneOrientation.portrait.rollRadians)
        var t = 0.0
        var distance = 0.0
        var steps = scene.script[...]
        if case .present(let position, let heading, let pitch, let orientation)? = steps.first?.action {
            state = BodyState(position: position ?? centre, heading: Angle.radians(fromDegrees: heading),
                              pitch: Angle.radians(fromDegrees: pitch), roll: orientation.rollRadians)
            steps = steps.dropFirst()
        }
        floorHeight = scene.rooms.first { $0.contains(state.position) }?.floorHeight ?? firstRoom.floorHeight
        if scene.device.trackingInitializingSeconds > 0 {
            tracking.append(Interval(start: 0, end: scene.device.trackingInitializingSeconds, value: .limited(.initializing)))
        }
        var recordingStart: Double? = nil
        // The orientation the SDK records in: landscape-right, or portrait for profiles that record only there.
        let portraitOnly = scene.sdk.behaviour.portraitOnly
        let recordingRoll = portraitOnly ? PhoneOrientation.portrait.rollRadians : PhoneOrientation.landscapeRight.rollRadians
        var stopConfirmedAt: Double? = nil

        func hold(_ seconds: Double) {
            guard seconds > 0 else { return }
            segments.append(MotionSegment(start: t, end: t + seconds, from: state, to: state, profile: .hold, distanceBefore: distance))
            t += seconds
        }
        func ease(to target: BodyState, seconds: Double) {
            segments.append(MotionSegment(start: t, end: t + seconds, from: state, to: target, profile: .ease, distanceBefore: distance))
            t += seconds
            state = target
        }
        func walk(to point: SIMD2<Double>, speed: Double) {
            var target = state
            target.position = point
            let d = point - state.position
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 1e-6 else { return }
            let ramp = min(motion.accelerationSeconds, length / speed)
            let seconds = length / speed + ramp
            segments.append(MotionSegment(start: t, end: t + seconds, from: state, to: target, profile: .walk(ramp: ramp), distanceBefore: distance))
            t += seconds
            distance += length
            state = target
        }

        for step in steps {
            if let at = step.at, at > t { hold(at - t) }
            switch step.action {
            case .present:
                break
            case .rotate(let to, let seconds):
                var target = state
                target.roll = to.rollRadians
                ease(to: target, seconds: seconds)
            case .record:
                changes.append(TimedChange(time: t, kind: .user(.recordPressed)))
                // 3.x starts a scan pressed in a wrong orientation too (and ends it after a short time).
                if recordingStart == nil, portraitOnly || abs(Angle.wrapped(state.roll - recordingRoll)) < 0.3 { recordingStart = t }
            case .walkTo(let point, let speed, let face):
                if face {
                    let d = point - state.position
                    if (d.x * d.x + d.y * d.y) > 1e-6 {
                        let desired = atan2(-d.x, -d.y)
                        let delta = Angle.wrapped(desired - state.heading)
                        if abs(delta) > Angle.radians(fromDegrees: 3) {
                            var target = state
                            target.heading = state.heading + delta
                            let rate = Angle.radians(fromDegrees: motion.facingTurnDegreesPerSecond)
                            ease(to: target, seconds: max(0.5, abs(delta) / rate))
                        }
                    }
                }
                walk(to: point, speed: speed)
            case .walkSideways(let side, let meters, let speed):
                let right = SIMD2(cos(state.heading), -sin(state.heading))
                walk(to: state.position + right * (side == .right ? meters : -meters), speed: speed)
            case .turn(let degrees, let seconds):
                var target = state
                target.heading += Angle.radians(fromDegrees: degrees)
                ease(to: target, seconds: seconds)
            case .look(let pitch, let seconds):
                var target = state
                target.pitch = Angle.radians(fromDegrees: pitch)
                ease(to: target, seconds: seconds)
            case .pause(let seconds):
                hold(seconds)
            case .drift(let offset, let seconds):
                offsetJumps.append((t, offset))
                if let seconds { offsetJumps.append((t + seconds, -offset)) }
            case .trackingLimited(let reason, let seconds):
                tracking.append(Interval(start: t, end: t + seconds, value: .limited(reason)))
                hold(seconds)
            case .trackingLost(let seconds, let relocates, let offset):
                tracking.append(Interval(start: t, end: t + seconds, value: .notAvailable))
                hold(seconds)
                if !relocates { offsetJumps.append((t, offset)) }
            case .freeze(let seconds):
                frozen.append(Interval(start: t, end: t + seconds, value: ()))
                hold(seconds)
            case .background(let seconds):
                changes.append(TimedChange(time: t, kind: .user(.background)))
                background.append(Interval(start: t, end: t + seconds, value: ()))
                hold(seconds)
                changes.append(TimedChange(time: t, kind: .user(.foreground)))
                // Back in the foreground, ARKit relocalizes before tracking is normal again.
                if scene.device.relocalizingSeconds > 0 {
                    tracking.append(Interval(start: t, end: t + scene.device.relocalizingSeconds, value: .limited(.relocalizing)))
                }
            case .thermal(let s): changes.append(TimedChange(time: t, kind: .thermal(s)))
            case .storage(let bytes): changes.append(TimedChange(time: t, kind: .storage(bytes)))
            case .lowPower(let on): changes.append(TimedChange(time: t, kind: .lowPower(on)))
            case .memoryWarning: changes.append(TimedChange(time: t, kind: .memoryWarning))
            case .battery(let percent): changes.append(TimedChange(time: t, kind: .battery(percent)))
            case .dropFrames(let share, let seconds):
                frameDrops.append(Interval(start: t, end: t + seconds, value: share))
                hold(seconds)
            case .processors(let active, let total): changes.append(TimedChange(time: t, kind: .processors(active: active, total: total)))
            case .roomLabel(let permission, let results, let outcome):
                changes.append(TimedChange(time: t, kind: .user(.speechStarted(permissionGranted: permission))))
                let resultsAt = t + ScriptTimeline.speechResultsDelay
                switch outcome {
                case .aborted:
                    changes.append(TimedChange(time: resultsAt, kind: .user(.speechAborted)))
                case .noResults, .allTooLong:
                    changes.append(TimedChange(time: resultsAt, kind: .user(.speechResults(results))))
                case .chosen(let index):
                    changes.append(TimedChange(time: resultsAt, kind: .user(.speechResults(results))))
                    changes.append(TimedChange(time: resultsAt + ScriptTimeline.speechChoiceDelay, kind: .user(.speechChosen(index: index))))
                case .cancelled:
                    changes.append(TimedChange(time: resultsAt, kind: .user(.speechResults(results))))
                    changes.append(TimedChange(time: resultsAt + ScriptTimeline.speechChoiceDelay, kind: .user(.speechCancelled)))
                }
                hold(ScriptTimeline.speechResultsDelay + ScriptTimeline.speechChoiceDelay + 0.5)
            case .stop(let confirm):
                changes.append(TimedChange(time: t, kind: .user(.recordPressed)))
                hold(ScriptTimeline.stopConfirmDelay)
                changes.append(TimedChange(time: t, kind: .user(confirm ? .stopConfirmed : .stopCancelled)))
                if confirm, recordingStart != nil { stopConfirmedAt = t }
            case .close:
                changes.append(TimedChange(time: t, kind: .user(.closeView)))
                stopConfirmedAt = t
            }
            if stopConfirmedAt != nil { break }
        }
        hold(stopConfirmedAt != nil ? ScriptTimeline.tailAfterStop : 0.0)
        endTime = t
        var pivot = segments.first?.from.heading ?? 0
        for i in segments.indices {
            segments[i].pivotHeading = pivot
            if case .walk = segments[i].profile { pivot = segments[i].to.heading }
        }
        if let start = recordingStart { recording = Interval(start: start, end: stopConfirmedAt ?? t, value: ()) }
        offsetJumps = offsetJumps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        changes = changes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// Whether the camera frame `index` at time `t` is dropped: in a drop interval with share s, frame i
    /// is dropped when floor((i + 1) s) > floor(i s), spreading the drops evenly.
    func dropsFrame(index: Int, at t: Double) -> Bool {
        guard let drop = frameDrops.last(where: { $0.contains(t) }) else { return false }
        let i = Double(index)
        return ((i + 1) * drop.value).rounded(.down) > (i * drop.value).rounded(.down)
    }

    /// The segment index for time t, searching forward from `hint`.
    func segmentIndex(at t: Double, hint: Int) -> Int {
        guard !segments.isEmpty else { return -1 }
        var i = min(max(hint, 0), segments.count - 1)
        while i > 0, segments[i].start > t { i -= 1 }
        while i + 1 < segments.count, segments[i].end <= t { i += 1 }
        return i
    }
}
