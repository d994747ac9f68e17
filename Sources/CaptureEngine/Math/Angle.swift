import Foundation

/// Conversions between degrees and radians, and angle wrapping.
public enum Angle {
    /// Radians in one degree.
    public static let radiansPerDegree = Double.pi / 180

    /// Converts degrees to radians.
    @inlinable public static func radians(fromDegrees degrees: Double) -> Double { degrees * radiansPerDegree }

    /// Converts radians to degrees.
    @inlinable public static func degrees(fromRadians radians: Double) -> Double { radians / radiansPerDegree }

    /// Wraps an angle in radians into (-pi, pi].
    @inlinable public static func wrapped(_ radians: Double) -> Double {
        var a = radians.truncatingRemainder(dividingBy: 2 * .pi)
        if a <= -.pi { a += 2 * .pi }
        if a > .pi { a -= 2 * .pi }
        return a
    }
}
