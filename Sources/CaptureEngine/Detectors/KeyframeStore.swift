import Foundation

/// The relocation snapshot: poses recorded with normal tracking, spaced by distance or angle. Relocation
/// succeeds when tracking is normal again near one of them. Holds at most
/// ``Thresholds/Relocation/maximumKeyframes``, replacing the oldest, in storage allocated once.
struct KeyframeStore: Sendable {
    var thresholds: Thresholds.Relocation
    private var poses: [RigidTransform] = []
    private var next = 0
    private var lastAdded: RigidTransform?
    /// Cosines of half the spacing and recovery angles: two rotations are within an angle a of each
    /// other when the absolute dot product of their quaternions is at least cos(a / 2).
    private let spacingHalfCosine: Double
    private let recoveryHalfCosine: Double

    init(thresholds: Thresholds.Relocation) {
        self.thresholds = thresholds
        spacingHalfCosine = cos(Angle.radians(fromDegrees: thresholds.keyframeSpacingDegrees) / 2)
        recoveryHalfCosine = cos(Angle.radians(fromDegrees: thresholds.keyframeAngleDegrees) / 2)
        // Allocated once for any sensible maximum; a huge one grows as keyframes come (no allocation up front).
        poses.reserveCapacity(min(max(1, thresholds.maximumKeyframes), Self.reservedAtMost))
    }

    /// The most keyframes storage is reserved for up front.
    static let reservedAtMost = 1 << 16

    var count: Int { poses.count }

    /// Offers a pose seen with normal tracking; keeps it if it is far enough from the last keyframe.
    @inline(__always)
    mutating func offer(_ pose: RigidTransform) {
        if let last = lastAdded,
           (pose.translation - last.translation).length < thresholds.keyframeSpacingMeters,
           abs((pose.rotation.vector * last.rotation.vector).sum()) > spacingHalfCosine {
            return
        }
        lastAdded = pose
        let capacity = max(1, thresholds.maximumKeyframes)
        if poses.count < capacity {
            poses.append(pose)
        } else {
            poses[next] = pose
            next = (next + 1) % capacity
        }
    }

    /// The nearest keyframe within the recovery distance and angle, as (distance m, angle deg).
    func match(_ pose: RigidTransform) -> (meters: Double, degrees: Double)? {
        var best: (Double, Double)?
        for k in poses {
            let d = (pose.translation - k.translation).length
            guard d <= thresholds.keyframeDistanceMeters else { continue }
            guard abs((pose.rotation.vector * k.rotation.vector).sum()) >= recoveryHalfCosine else { continue }
            let a = Angle.degrees(fromRadians: pose.rotation.angle(to: k.rotation))
            if best == nil || d < best!.0 { best = (d, a) }
        }
        return best.map { (meters: $0.0, degrees: $0.1) }
    }
}
