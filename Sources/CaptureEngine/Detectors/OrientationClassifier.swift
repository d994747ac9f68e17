import Foundation

/// How the phone is held, from gravity in the camera frame.
public enum DeviceOrientation: String, Sendable, Equatable {
    /// Home button (or its side) on the right: the only orientation recording works in. Gravity along camera -Y.
    case landscapeRight
    /// Reverse landscape. Gravity along camera +Y.
    case landscapeLeft
    /// Upright. Gravity along camera +X.
    case portrait
    /// Upside down. Gravity along camera -X.
    case portraitUpsideDown
}

/// Classifies the device orientation from gravity in the camera frame, with hysteresis: an orientation
/// is entered when gravity comes within ``Thresholds/Orientation/enterDegrees`` of its axis and kept until
/// gravity is more than ``Thresholds/Orientation/exitDegrees`` away. A phone lying flat keeps its last
/// orientation.
struct OrientationClassifier: Sendable {
    var thresholds: Thresholds.Orientation
    private(set) var current: DeviceOrientation?

    init(thresholds: Thresholds.Orientation) { self.thresholds = thresholds }

    private static let axes: [(DeviceOrientation, SIMD2<Double>)] = [
        (.landscapeRight, SIMD2(0, -1)), (.landscapeLeft, SIMD2(0, 1)),
        (.portrait, SIMD2(1, 0)), (.portraitUpsideDown, SIMD2(-1, 0)),
    ]

    /// Angle in degrees between in-plane gravity and an orientation's axis.
    private static func degrees(_ g: SIMD2<Double>, from axis: SIMD2<Double>) -> Double {
        Angle.degrees(fromRadians: acos(max(-1, min(1, (g * axis).sum()))))
    }

    /// Updates with a camera pose; returns the new orientation when it changed.
    mutating func update(pose: RigidTransform) -> DeviceOrientation? {
        let g3 = CameraPose.gravityInCamera(pose)
        let inPlane = SIMD2(g3.x, g3.y)
        let magnitude = (inPlane * inPlane).sum().squareRoot()
        guard magnitude >= thresholds.minimumInPlaneFraction else { return nil }
        let g = inPlane / magnitude
        if let current, let axis = Self.axes.first(where: { $0.0 == current })?.1,
           Self.degrees(g, from: axis) <= thresholds.exitDegrees {
            return nil
        }
        let enter = current == nil ? 45 : thresholds.enterDegrees
        for (orientation, axis) in Self.axes where Self.degrees(g, from: axis) < enter {
            guard orientation != current else { return nil }
            current = orientation
            return orientation
        }
        return nil
    }
}
