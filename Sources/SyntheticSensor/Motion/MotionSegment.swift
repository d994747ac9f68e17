import Foundation

/// A piece of the scripted trajectory between two body states.
struct MotionSegment: Sendable {
    /// How the state moves from `from` to `to`.
    enum Profile: Sendable {
        /// Standing still.
        case hold
        /// Walking: speed ramps up smoothly over `ramp` seconds, cruises, and ramps down (smoothstep
        /// acceleration), so the peak speed is the scripted speed.
        case walk(ramp: Double)
        /// Turning, tilting or rotating the phone: a minimum-jerk ease (peak rate 1.875x the mean).
        case ease
    }

    var start: Double
    var end: Double
    var from: BodyState
    var to: BodyState
    var profile: Profile
    /// Path length walked before this segment, metres (drives the gait phase).
    var distanceBefore: Double
    /// The heading at the end of the last walk before this segment (or the start's), radians: the camera is
    /// on the scripted point while the body faces it, and a turn swings it about the body's axis behind.
    var pivotHeading: Double = 0

    /// Path length of this segment, metres.
    var length: Double {
        let d = to.position - from.position
        return (d.x * d.x + d.y * d.y).squareRoot()
    }

    /// Fraction 0...1 of the way at time t.
    func fraction(at t: Double) -> Double {
        let duration = end - start
        guard duration > 0 else { return 1 }
        let s = min(max(t - start, 0), duration)
        switch profile {
        case .hold: return 0
        case .ease:
            let x = s / duration
            return x * x * x * (10 + x * (-15 + 6 * x))
        case .walk(let ramp):
            func integral(_ x: Double) -> Double { x * x * x - x * x * x * x / 2 }
            let total = duration - ramp
            let p: Double
            if s < ramp { p = ramp * integral(s / ramp) }
            else if s <= duration - ramp { p = ramp / 2 + (s - ramp) }
            else { p = total - ramp * integral((duration - s) / ramp) }
            return p / total
        }
    }

    /// The body state at time t.
    func state(at t: Double) -> BodyState {
        if case .hold = profile { return from }
        let f = fraction(at: t)
        return BodyState(position: from.position + (to.position - from.position) * f,
                         heading: from.heading + (to.heading - from.heading) * f,
                         pitch: from.pitch + (to.pitch - from.pitch) * f,
                         roll: from.roll + (to.roll - from.roll) * f)
    }

    /// The camera's horizontal offset from the scripted point at time t (plan x, z), metres: the camera is
    /// held `leverArm` metres in front of the body's turning axis, so a turn swings it on an arc about that
    /// axis, and the next walk brings it back onto the script's points (it ends on the walk's target).
    func turnOffset(at t: Double, leverArm: Double) -> SIMD2<Double> {
        guard leverArm > 0 else { return .zero }
        func forward(_ heading: Double) -> SIMD2<Double> { SIMD2(-sin(heading), -cos(heading)) }
        let swing = (forward(state(at: t).heading) - forward(pivotHeading)) * leverArm
        if case .walk = profile { return swing * (1 - fraction(at: t)) }
        return swing
    }

    /// Path length walked since the start of the script at time t, metres.
    func distance(at t: Double) -> Double {
        if case .walk = profile { return distanceBefore + length * fraction(at: t) }
        return distanceBefore
    }
}
