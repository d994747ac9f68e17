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
/// gravity comes that near another axis (so at least 90 minus that angle from its own). A phone lying
/// flat keeps its last orientation.
struct OrientationClassifier: Sendable {
    var thresholds: Thresholds.Orientation
    private(set) var current: DeviceOrientation?
    /// Gravity is within d degrees of an axis when their dot product is at least cos(d).
    private let enterCosine: Double
    private static let firstEnterCosine = cos(Double.pi / 4)

    init(thresholds: Thresholds.Orientation) {
        self.thresholds = thresholds
        enterCosine = cos(Angle.radians(fromDegrees: thresholds.enterDegrees))
    }

    /// Gravity's axis in the image plane for each orientation.
    @inline(__always)
    private static func axis(_ o: DeviceOrientation) -> SIMD2<Double> {
        switch o {
        case .landscapeRight: SIMD2(0, -1)
        case .landscapeLeft: SIMD2(0, 1)
        case .portrait: SIMD2(1, 0)
        case .portraitUpsideDown: SIMD2(-1, 0)
        }
    }

    /// Updates with gravity in the camera frame (``CameraPose/gravityInCamera(_:)``); returns the new
    /// orientation when it changed.
    @inline(__always)
    mutating func update(gravityInCamera g3: SIMD3<Double>) -> DeviceOrientation? {
        let inPlane = SIMD2(g3.x, g3.y)
        let magnitude = (inPlane * inPlane).sum().squareRoot()
        guard magnitude >= thresholds.minimumInPlaneFraction else { return nil }
        let g = inPlane / magnitude
        // Angles are compared through their cosines: within d degrees of an axis means dot >= cos(d).
        let enterCosine = current == nil ? Self.firstEnterCosine : self.enterCosine
        // Tried in this order; written out rather than looped over a table, so that each axis is a constant
        // (this runs at every frame).
        let entered: DeviceOrientation
        if current != .landscapeRight && (g * Self.axis(.landscapeRight)).sum() > enterCosine {
            entered = .landscapeRight
        } else if current != .landscapeLeft && (g * Self.axis(.landscapeLeft)).sum() > enterCosine {
            entered = .landscapeLeft
        } else if current != .portrait && (g * Self.axis(.portrait)).sum() > enterCosine {
            entered = .portrait
        } else if current != .portraitUpsideDown && (g * Self.axis(.portraitUpsideDown)).sum() > enterCosine {
            entered = .portraitUpsideDown
        } else {
            return nil
        }
        current = entered
        return entered
    }
}
