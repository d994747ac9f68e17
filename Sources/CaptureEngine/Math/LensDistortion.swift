import Foundation

/// A lens's distortion in OpenCV's Brown-Conrady model (the `camera.distortion` block of a scene,
/// docs/scene-format.md), the model of COLMAP's OPENCV camera, Nerfstudio's `k1..p2` and ROS's
/// `plumb_bob`. A point at normalised undistorted image coordinates (x, y) (OpenCV's camera: x right, y
/// down, divided by the depth), r² = x² + y², appears at
///
///     x' = x (1 + k1 r² + k2 r⁴ + k3 r⁶) + 2 p1 x y + p2 (r² + 2 x²)
///     y' = y (1 + k1 r² + k2 r⁴ + k3 r⁶) + p1 (r² + 2 y²) + 2 p2 x y
///
/// and at pixel (fx x' + cx, fy y' + cy) of the image (pixel centres at whole coordinates).
///
/// One type for the scene's camera (SyntheticSensor), the bundle writers (`raw/rgb_intrinsics.json`,
/// `arkitData.json`'s `video`) and the exports (COLMAP, Nerfstudio, MCAP).
public struct LensDistortion: Sendable, Equatable {
    /// Radial coefficients.
    public var k1: Double, k2: Double, k3: Double
    /// Tangential (decentring) coefficients.
    public var p1: Double, p2: Double

    /// A distortion with these coefficients (each default 0: a pinhole camera).
    public init(k1: Double = 0, k2: Double = 0, p1: Double = 0, p2: Double = 0, k3: Double = 0) {
        self.k1 = k1
        self.k2 = k2
        self.p1 = p1
        self.p2 = p2
        self.k3 = k3
    }

    /// The coefficients in OpenCV's order: k1, k2, p1, p2, k3.
    public var coefficients: [Double] { [k1, k2, p1, p2, k3] }

    /// Whether every coefficient is 0 (a pinhole camera).
    public var isNone: Bool { k1 == 0 && k2 == 0 && k3 == 0 && p1 == 0 && p2 == 0 }

    /// The distorted normalised coordinates of the undistorted `point`.
    public func distort(_ point: SIMD2<Double>) -> SIMD2<Double> {
        let x = point.x, y = point.y
        let r2 = x * x + y * y
        let radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
        return SIMD2(x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x),
                     y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y)
    }

    /// The undistorted normalised coordinates of the distorted `point`: OpenCV's fixed-point iteration
    /// (`undistortPoints`), run until it moves less than 1e-12 (at most 100 steps).
    public func undistort(_ point: SIMD2<Double>) -> SIMD2<Double> {
        var p = point
        for _ in 0..<100 {
            let x = p.x, y = p.y
            let r2 = x * x + y * y
            let radial = 1 + r2 * (k1 + r2 * (k2 + r2 * k3))
            let dx = 2 * p1 * x * y + p2 * (r2 + 2 * x * x), dy = p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
            let next = SIMD2((point.x - dx) / radial, (point.y - dy) / radial)
            let moved = next - p
            p = next
            if (moved * moved).sum() < 1e-24 { break }
        }
        return p
    }

    /// Why the distortion cannot image a field of normalised radius `radius` one to one (the radial
    /// factor's image radius r (1 + k1 r² + k2 r⁴ + k3 r⁶) must grow with r out to 1.5 times the image's
    /// corner, and the tangential terms stay small), or nil.
    public func problem(cornerRadius radius: Double) -> String? {
        let steps = 300
        var previous = 0.0
        for i in 1...steps {
            let r = 1.5 * radius * Double(i) / Double(steps)
            let r2 = r * r
            let image = r * (1 + r2 * (k1 + r2 * (k2 + r2 * k3)))
            if image <= previous {
                return "the radial distortion folds back at \(String(format: "%.2f", r)) (normalised radius): the image would show the same point twice"
            }
            previous = image
        }
        guard abs(p1) <= 0.05, abs(p2) <= 0.05 else { return "expected tangential coefficients p1, p2 within -0.05...0.05" }
        return nil
    }
}
